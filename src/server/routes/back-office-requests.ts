// Spec §7 "Back office": the request desk for administrators, clerks and collaborators, each reading
// the requests of the offices they work for; the pratica's lifecycle events and the colleagues a
// pratica may be assigned to (docs/architecture.md "The pratica's lifecycle").
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { LIMITS } from '../plugins/rate-limits.ts';
import {
  BoRequestListDefaults,
  BoRequestListQuerySchema,
  BoRequestListResponseSchema,
  BoRequestResponseSchema,
  StorageLimitRequestSchema,
  StorageLimitResponseSchema,
} from '#shared/api/back-office.ts';
import { resolveListQuery } from '#shared/api/list-query.ts';
import { ApiPaths, routePattern } from '#shared/api/paths.ts';
import { ColleagueSchema, StaffEventRequestSchema } from '#shared/api/pratica.ts';
import { RequestIdParamsSchema, RequestResponseSchema } from '#shared/api/requests.ts';
import { OK_STATUS, pageCount, StatusSchema } from '#shared/envelope.ts';
import { ADMIN, STAFF, principalOf } from '../auth/access.ts';
import type { BackOfficeRequests } from '../services/back-office/requests.ts';
import { staffEventMeanings } from './pratica-errors.ts';

const tags = ['Back office'];
const errors = { 400: StatusSchema, 401: StatusSchema, 403: StatusSchema, 404: StatusSchema, 409: StatusSchema };
const config = { access: STAFF };
// Spec §6: collaborators list and view requests only; the storage limit is the administrators'.
const writes = { access: ADMIN, rateLimit: LIMITS.write };
/** Who fires which event is the lifecycle machine's to say (403 with its reason): every staff account may ask. */
const events = { access: STAFF, rateLimit: LIMITS.write, errorMeanings: staffEventMeanings };

/** The colleagues a pratica may be assigned to (GET boRequestColleagues). */
const ColleagueListResponseSchema = Type.Object({ ...StatusSchema.properties, list: Type.Array(ColleagueSchema) });

export const backOfficeRequestRoutes: FastifyPluginAsyncTypebox<{ desk: BackOfficeRequests }> = async (app, { desk }) => {
  const caller = (request: Parameters<typeof principalOf>[0]) => principalOf(request).user!;

  app.get(
    ApiPaths.boRequestList,
    { schema: { tags, querystring: BoRequestListQuerySchema, response: { 200: BoRequestListResponseSchema, ...errors } }, config },
    async (request) => {
      const query = resolveListQuery(request.query, BoRequestListDefaults);
      const page = await desk.list(caller(request), query, request.query.state ?? null);
      return { ...OK_STATUS, totalResults: page.totalResults, totalPages: pageCount(page.totalResults, query.size), requestList: page.items };
    },
  );

  // A staff read of a request leaves an audit line (docs/architecture.md "Audit log").
  app.get(
    routePattern('boRequest'),
    {
      schema: { tags, params: RequestIdParamsSchema, response: { 200: BoRequestResponseSchema, ...errors } },
      config: { ...config, audit: { action: 'request-read', target: 'request' } },
    },
    async (request) => ({
      ...OK_STATUS,
      ...(await desk.details(caller(request), request.params.id)),
    }),
  );

  app.post(
    routePattern('boRequestEvent'),
    {
      schema: {
        tags,
        summary: 'Fire a lifecycle event on a pratica (take in charge, assign, ask for corrections or integrations, conclude…)',
        params: RequestIdParamsSchema,
        body: StaffEventRequestSchema,
        response: { 200: RequestResponseSchema, ...errors },
      },
      config: events,
    },
    async (request) => ({ ...OK_STATUS, request: await desk.fire(caller(request), request.params.id, request.body) }),
  );

  app.get(
    routePattern('boRequestColleagues'),
    {
      schema: {
        tags,
        summary: "The active clerks of the pratica's office, whom it may be assigned to",
        params: RequestIdParamsSchema,
        response: { 200: ColleagueListResponseSchema, 400: StatusSchema, 401: StatusSchema, 403: StatusSchema, 404: StatusSchema },
      },
      config,
    },
    async (request) => ({ ...OK_STATUS, list: await desk.colleagues(caller(request), request.params.id) }),
  );

  app.put(
    routePattern('boDraftStorageLimit'),
    {
      schema: { tags, params: RequestIdParamsSchema, body: StorageLimitRequestSchema, response: { 200: StorageLimitResponseSchema, ...errors } },
      config: writes,
    },
    async (request) => ({ ...OK_STATUS, storageLimit: await desk.setStorageLimit(caller(request), request.params.id, request.body.storageLimit) }),
  );
};
