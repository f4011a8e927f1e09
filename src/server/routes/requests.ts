// Spec §7 "Requests (front office)": a citizen's own requests and drafts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LIMITS } from '../plugins/rate-limits.ts';
import { ApiPaths, routePattern } from '../../shared/api/paths.ts';
import {
  RequestIdParamsSchema,
  RequestListQuerySchema,
  RequestListResponseSchema,
  RequestResponseSchema,
  RequestWriteSchema,
} from '../../shared/api/requests.ts';
import { OK_STATUS, StatusSchema } from '../../shared/envelope.ts';
import { CITIZEN, principalOf } from '../auth/access.ts';
import type { UserRow } from '../db/schema.ts';
import type { CitizenRequests } from '../services/requests/citizen.ts';

const tags = ['Requests (front office)'];
const errors = { 400: StatusSchema, 401: StatusSchema, 403: StatusSchema, 404: StatusSchema, 409: StatusSchema };
const config = { access: CITIZEN };
const writes = { access: CITIZEN, rateLimit: LIMITS.write };

export const requestRoutes: FastifyPluginAsyncTypebox<{ requests: CitizenRequests }> = async (app, { requests }) => {
  const caller = (request: Parameters<typeof principalOf>[0]): UserRow => principalOf(request).user!;

  app.get(ApiPaths.requestList, { schema: { tags, querystring: RequestListQuerySchema, response: { 200: RequestListResponseSchema, ...errors } }, config }, async (request) => ({
    ...OK_STATUS,
    requestList: await requests.list(caller(request), request.query.userId, request.query.typeOfServiceId),
  }));

  app.get(routePattern('request'), { schema: { tags, params: RequestIdParamsSchema, response: { 200: RequestResponseSchema, ...errors } }, config }, async (request) => ({
    ...OK_STATUS,
    request: await requests.get(caller(request), request.params.id),
  }));

  app.post(ApiPaths.requestCreate, { schema: { tags, body: RequestWriteSchema, response: { 200: RequestResponseSchema, ...errors } }, config: writes }, async (request) => ({
    ...OK_STATUS,
    request: await requests.create(caller(request), request.body),
  }));

  app.put(
    routePattern('request'),
    { schema: { tags, params: RequestIdParamsSchema, body: RequestWriteSchema, response: { 200: RequestResponseSchema, ...errors } }, config: writes },
    async (request) => ({ ...OK_STATUS, request: await requests.update(caller(request), request.params.id, request.body) }),
  );

  app.delete(routePattern('request'), { schema: { tags, params: RequestIdParamsSchema, response: { 200: StatusSchema, ...errors } }, config: writes }, async (request) => {
    await requests.remove(caller(request), request.params.id);
    return { ...OK_STATUS, description: 'deleted' };
  });
};
