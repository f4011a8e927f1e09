// The audit log's list call (docs/architecture.md "Audit log"): administrators only, paged and
// sorted like the spec's other back-office lists, filtered by person, action and office days.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditListDefaults, AuditListQuerySchema, AuditListResponseSchema, type AuditSortField } from '#shared/api/audit.ts';
import { resolveListQuery } from '#shared/api/list-query.ts';
import { ApiPaths } from '#shared/api/paths.ts';
import { OK_STATUS, pageCount, StatusSchema } from '#shared/envelope.ts';
import { ADMIN } from '../auth/access.ts';
import { ApiError } from '../plugins/errors.ts';
import type { AuditLogReader } from '../services/audit/reader.ts';

const tags = ['Back office: audit log'];
const errors = { 400: StatusSchema, 401: StatusSchema, 403: StatusSchema };

export const auditRoutes: FastifyPluginAsyncTypebox<{ reader: AuditLogReader }> = async (app, { reader }) => {
  app.get(
    ApiPaths.boAuditLog,
    { schema: { tags, querystring: AuditListQuerySchema, response: { 200: AuditListResponseSchema, ...errors } }, config: { access: ADMIN } },
    async (request) => {
      const { action, from, to } = request.query;
      if (from && to && from > to) throw new ApiError({ status: 400, field: 'from', description: 'must not be after to.' });
      const query = resolveListQuery<AuditSortField>(request.query, AuditListDefaults);
      const page = await reader.list(query, { action: action ?? null, from: from ?? null, to: to ?? null });
      return { ...OK_STATUS, totalResults: page.totalResults, totalPages: pageCount(page.totalResults, query.size), auditList: page.items };
    },
  );
};
