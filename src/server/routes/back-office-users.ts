// Spec §7 "Back office" user calls: staff management, administrators only.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LIMITS } from '../plugins/rate-limits.ts';
import Type from 'typebox';
import {
  BO_USER_SORT_ALIASES,
  BoUserListDefaults,
  BoUserListQuerySchema,
  BoUserListResponseSchema,
  BoUserResponseSchema,
  StaffWriteSchema,
  type BoUserSortField,
} from '#shared/api/back-office.ts';
import { resolveListQuery } from '#shared/api/list-query.ts';
import { ApiPaths, routePattern } from '#shared/api/paths.ts';
import { OK_STATUS, pageCount, StatusSchema } from '#shared/envelope.ts';
import { ADMIN, principalOf } from '../auth/access.ts';
import { requestLanguage } from '../language.ts';
import type { StaffDirectory } from '../services/back-office/staff.ts';

const tags = ['Back office: staff'];
const errors = { 400: StatusSchema, 401: StatusSchema, 403: StatusSchema, 404: StatusSchema };
const config = { access: ADMIN };
const writes = { access: ADMIN, rateLimit: LIMITS.write };
const UserIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }, { additionalProperties: false });

export const backOfficeUserRoutes: FastifyPluginAsyncTypebox<{ staff: StaffDirectory }> = async (app, { staff }) => {
  app.get(
    ApiPaths.boUserList,
    { schema: { tags, querystring: BoUserListQuerySchema, response: { 200: BoUserListResponseSchema, ...errors } }, config },
    async (request) => {
      const resolved = resolveListQuery<BoUserSortField | keyof typeof BO_USER_SORT_ALIASES>(request.query, BoUserListDefaults);
      // `name`, the first-name column's old sort name, is still understood (documented alias).
      const field = resolved.sort.field === 'name' ? BO_USER_SORT_ALIASES.name : resolved.sort.field;
      const query = { ...resolved, sort: { ...resolved.sort, field } };
      const page = await staff.list(query, requestLanguage(request));
      return { ...OK_STATUS, totalResults: page.totalResults, totalPages: pageCount(page.totalResults, query.size), userList: page.items };
    },
  );

  app.get(routePattern('boUser'), { schema: { tags, params: UserIdParams, response: { 200: BoUserResponseSchema, ...errors } }, config }, async (request) => ({
    ...OK_STATUS,
    ...(await staff.get(request.params.id, requestLanguage(request))),
  }));

  app.post(
    ApiPaths.boUserCreate,
    { schema: { tags, body: StaffWriteSchema, response: { 200: BoUserResponseSchema, ...errors } }, config: writes },
    async (request) => {
      const userId = await staff.create(principalOf(request).user!, request.body, { clientAddress: request.ip });
      return { ...OK_STATUS, ...(await staff.get(userId, requestLanguage(request))) };
    },
  );

  app.put(
    ApiPaths.boUserModify,
    { schema: { tags, body: StaffWriteSchema, response: { 200: BoUserResponseSchema, ...errors } }, config: writes },
    async (request) => {
      const userId = await staff.modify(principalOf(request).user!, request.body, { clientAddress: request.ip });
      return { ...OK_STATUS, ...(await staff.get(userId, requestLanguage(request))) };
    },
  );
};
