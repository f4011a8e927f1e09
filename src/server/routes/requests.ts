// Spec §7 "Requests (front office)": a citizen's own requests and drafts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LIMITS } from '../plugins/rate-limits.ts';
import { ErrorKey } from '#shared/api/errors.ts';
import { resolveListQuery } from '#shared/api/list-query.ts';
import { ApiPaths, routePattern } from '#shared/api/paths.ts';
import { ApplicantEventRequestSchema } from '#shared/api/pratica.ts';
import {
  NO_REQUESTS_STATUS,
  RequestIdParamsSchema,
  RequestListDefaults,
  RequestListQuerySchema,
  RequestListResponseSchema,
  RequestResponseSchema,
  RequestUpdateSchema,
  RequestWriteSchema,
  type RequestWrite,
} from '#shared/api/requests.ts';
import { OK_STATUS, pageCount, StatusSchema } from '#shared/envelope.ts';
import { CITIZEN, principalOf } from '../auth/access.ts';
import type { CallerRow } from '../db/schema.ts';
import { requestLanguage } from '../language.ts';
import { ApiError } from '../plugins/errors.ts';
import type { CitizenRequestList } from '../services/requests/citizen-list.ts';
import type { CitizenRequests } from '../services/requests/citizen.ts';
import { applicantEventMeanings } from './pratica-errors.ts';

const tags = ['Requests (front office)'];
const errors = { 400: StatusSchema, 401: StatusSchema, 403: StatusSchema, 404: StatusSchema, 409: StatusSchema };
const config = { access: CITIZEN };
const writes = { access: CITIZEN, rateLimit: LIMITS.write };

/**
 * No silent ignores (docs/architecture.md "The API contract"): a new request naming another applicant is refused, not dropped
 * (the applicant is always the caller).
 */
function refuseForeignApplicant(caller: CallerRow, body: RequestWrite): void {
  const user = (body as { user?: { userId?: unknown } }).user;
  if (user?.userId !== undefined && user.userId !== caller.user_id) {
    throw new ApiError({
      status: 400,
      field: 'user',
      errorKey: ErrorKey.readOnlyField,
      description: 'the applicant is the signed-in person and cannot be changed.',
    });
  }
}

export const requestRoutes: FastifyPluginAsyncTypebox<{ requests: CitizenRequests; list: CitizenRequestList }> = async (app, { requests, list }) => {
  const caller = (request: Parameters<typeof principalOf>[0]): CallerRow => principalOf(request).user!;

  app.get(
    ApiPaths.requestList,
    { schema: { tags, querystring: RequestListQuerySchema, response: { 200: RequestListResponseSchema, ...errors } }, config },
    async (request) => {
      const { userId, typeOfServiceId, size } = request.query;
      const resolved = resolveListQuery(request.query, { size: size ?? 1, sort: RequestListDefaults.sort });
      const page = await list.list(caller(request), { userId, typeOfServiceId, list: { ...resolved, size: size ?? null } });
      const status = page.totalResults === 0 ? NO_REQUESTS_STATUS : OK_STATUS;
      return {
        ...status,
        totalResults: page.totalResults,
        totalPages: size ? pageCount(page.totalResults, size) : Math.min(page.totalResults, 1),
        requestList: page.items,
      };
    },
  );

  app.get(
    routePattern('request'),
    { schema: { tags, params: RequestIdParamsSchema, response: { 200: RequestResponseSchema, ...errors } }, config },
    async (request) => ({
      ...OK_STATUS,
      request: await requests.get(caller(request), request.params.id),
    }),
  );

  app.post(
    ApiPaths.requestCreate,
    { schema: { tags, body: RequestWriteSchema, response: { 200: RequestResponseSchema, ...errors } }, config: writes },
    async (request) => {
      refuseForeignApplicant(caller(request), request.body);
      return { ...OK_STATUS, request: await requests.create(caller(request), request.body, requestLanguage(request)) };
    },
  );

  app.put(
    routePattern('request'),
    { schema: { tags, params: RequestIdParamsSchema, body: RequestUpdateSchema, response: { 200: RequestResponseSchema, ...errors } }, config: writes },
    // A request's own fields echoed back (user, dates) are the server's and not read; the ones a
    // citizen may name but not change (typeOfService) are refused by the service.
    async (request) => ({ ...OK_STATUS, request: await requests.update(caller(request), request.params.id, request.body) }),
  );

  // The applicant's events on their sent pratica (withdrawal): sending and deleting a draft keep spec §7's calls.
  app.post(
    routePattern('requestEvent'),
    {
      schema: {
        tags,
        summary: 'Withdraw a sent pratica that is not concluded',
        params: RequestIdParamsSchema,
        body: ApplicantEventRequestSchema,
        response: { 200: RequestResponseSchema, ...errors },
      },
      config: { ...writes, errorMeanings: applicantEventMeanings },
    },
    async (request) => ({ ...OK_STATUS, request: await requests.fire(caller(request), request.params.id, request.body) }),
  );

  app.delete(
    routePattern('request'),
    { schema: { tags, params: RequestIdParamsSchema, response: { 200: StatusSchema, ...errors } }, config: writes },
    async (request) => {
      await requests.remove(caller(request), request.params.id);
      return { ...OK_STATUS, description: 'deleted' };
    },
  );
};
