// Spec §7 "Back office": the request desk for administrators and collaborators.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LIMITS } from '../plugins/rate-limits.ts';
import {
  BoRequestListDefaults,
  BoRequestListQuerySchema,
  BoRequestListResponseSchema,
  BoRequestResponseSchema,
  DecisionRequestSchema,
  StorageLimitRequestSchema,
  StorageLimitResponseSchema,
} from '#shared/api/back-office.ts';
import { resolveListQuery } from '#shared/api/list-query.ts';
import { ApiPaths, routePattern } from '#shared/api/paths.ts';
import { RequestIdParamsSchema, RequestResponseSchema } from '#shared/api/requests.ts';
import { OK_STATUS, pageCount, StatusSchema } from '#shared/envelope.ts';
import { ADMIN, STAFF, principalOf } from '../auth/access.ts';
import type { BackOfficeRequests } from '../services/back-office/requests.ts';

const tags = ['Back office'];
const errors = { 400: StatusSchema, 401: StatusSchema, 403: StatusSchema, 404: StatusSchema, 409: StatusSchema };
const config = { access: STAFF };
// Spec §6: collaborators list and view requests only; deciding and the storage limit are the administrators'.
const writes = { access: ADMIN, rateLimit: LIMITS.write };

export const backOfficeRequestRoutes: FastifyPluginAsyncTypebox<{ desk: BackOfficeRequests }> = async (app, { desk }) => {
  app.get(
    ApiPaths.boRequestList,
    { schema: { tags, querystring: BoRequestListQuerySchema, response: { 200: BoRequestListResponseSchema, ...errors } }, config },
    async (request) => {
      const query = resolveListQuery(request.query, BoRequestListDefaults);
      const page = await desk.list(query, request.query.state ?? null);
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
      ...(await desk.details(request.params.id)),
    }),
  );

  app.put(
    routePattern('boRequestDecision'),
    { schema: { tags, params: RequestIdParamsSchema, body: DecisionRequestSchema, response: { 200: RequestResponseSchema, ...errors } }, config: writes },
    async (request) => ({ ...OK_STATUS, request: await desk.decide(principalOf(request).user!, request.params.id, request.body) }),
  );

  app.put(
    routePattern('boDraftStorageLimit'),
    {
      schema: { tags, params: RequestIdParamsSchema, body: StorageLimitRequestSchema, response: { 200: StorageLimitResponseSchema, ...errors } },
      config: writes,
    },
    async (request) => ({ ...OK_STATUS, storageLimit: await desk.setStorageLimit(principalOf(request).user!, request.params.id, request.body.storageLimit) }),
  );
};
