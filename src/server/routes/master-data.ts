// Spec §7 "Master data" and the application configuration. Reference data holds nothing
// personal, so these calls are open to anonymous visitors (the service page needs them).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RequirementListResponseSchema, RequirementParamsSchema } from '#shared/api/attachments.ts';
import { resolveListQuery } from '#shared/api/list-query.ts';
import {
  AnagraficaListResponseSchema,
  ConfigResponseSchema,
  InitiativeListDefaults,
  InitiativeListQuerySchema,
  InitiativeListResponseSchema,
  MunicipalityListQuerySchema,
  MunicipalityListResponseSchema,
  ProvinceListQuerySchema,
  ProvinceListResponseSchema,
  RegionListQuerySchema,
  RegionListResponseSchema,
  SuapListDefaults,
  SuapListQuerySchema,
  SuapListResponseSchema,
  type PublicSettings,
} from '#shared/api/master-data.ts';
import { ApiPaths, routePattern } from '#shared/api/paths.ts';
import { OK_STATUS, pageCount } from '#shared/envelope.ts';
import { requestLanguage } from '../language.ts';
import { PUBLIC } from '../auth/access.ts';
import { ApiError } from '../plugins/errors.ts';
import type { ReferenceCache } from '../plugins/reference-cache.ts';
import type { MasterDataService } from '../services/master-data.ts';

export interface MasterDataRoutesOptions {
  masterData: MasterDataService;
  settings: PublicSettings;
  cache: ReferenceCache;
}

const tags = ['Master data'];
/** Public, and served from the reference cache with an ETag (a matching If-None-Match answers 304). */
const cached = { access: PUBLIC, etag: true };

export const masterDataRoutes: FastifyPluginAsyncTypebox<MasterDataRoutesOptions> = async (app, { masterData, settings, cache }) => {
  app.get(ApiPaths.config, { schema: { tags, response: { 200: ConfigResponseSchema } }, config: cached }, (request, reply) =>
    cache.send(request, reply, async () => ({ ...OK_STATUS, ...(await masterData.masterData()), settings })),
  );

  app.get(ApiPaths.anagraficaList, { schema: { tags, response: { 200: AnagraficaListResponseSchema } }, config: cached }, (request, reply) =>
    cache.send(request, reply, async () => ({ ...OK_STATUS, ...(await masterData.masterData()), regionList: await masterData.regions() })),
  );

  app.get(
    ApiPaths.iniziativeList,
    { schema: { tags, querystring: InitiativeListQuerySchema, response: { 200: InitiativeListResponseSchema } }, config: cached },
    (request, reply) => {
      const query = resolveListQuery(request.query, InitiativeListDefaults);
      return cache.send(request, reply, async () => {
        const page = await masterData.initiatives(query, { typeId: request.query.typeId }, requestLanguage(request));
        return { ...OK_STATUS, totalResults: page.totalResults, totalPages: pageCount(page.totalResults, query.size), iniziativeList: page.items };
      });
    },
  );

  app.get(
    ApiPaths.suapList,
    { schema: { tags, querystring: SuapListQuerySchema, response: { 200: SuapListResponseSchema } }, config: cached },
    (request, reply) => {
      const query = resolveListQuery(request.query, SuapListDefaults);
      return cache.send(request, reply, async () => {
        const page = await masterData.suaps(query, { type: request.query.type, municipalityId: request.query.municipalityId });
        return { ...OK_STATUS, totalResults: page.totalResults, totalPages: pageCount(page.totalResults, query.size), suapList: page.items };
      });
    },
  );

  app.get(
    ApiPaths.regionList,
    { schema: { tags, querystring: RegionListQuerySchema, response: { 200: RegionListResponseSchema } }, config: cached },
    (request, reply) => cache.send(request, reply, async () => ({ ...OK_STATUS, regionList: await masterData.regions(request.query.provinceId) })),
  );

  app.get(
    ApiPaths.provinceList,
    { schema: { tags, querystring: ProvinceListQuerySchema, response: { 200: ProvinceListResponseSchema } }, config: cached },
    (request, reply) => cache.send(request, reply, async () => ({ ...OK_STATUS, provinceList: await masterData.provinces(request.query.regionId) })),
  );

  app.get(
    ApiPaths.municipalityList,
    { schema: { tags, querystring: MunicipalityListQuerySchema, response: { 200: MunicipalityListResponseSchema } }, config: cached },
    (request, reply) =>
      cache.send(request, reply, async () => ({
        ...OK_STATUS,
        municipalityList: await masterData.municipalities(request.query.provinceId, request.query.filter),
      })),
  );

  // What an initiative needs (docs/architecture.md "What each initiative needs"): public like the
  // initiative list. Not from the reference cache, whose key is the path without its parameters.
  app.get(
    routePattern('requirementList'),
    { schema: { tags, params: RequirementParamsSchema, response: { 200: RequirementListResponseSchema } }, config: { access: PUBLIC } },
    async (request) => {
      const requirementList = await masterData.requirements(request.params.iniziativeId);
      if (!requirementList) throw new ApiError({ status: 404, description: `No initiative ${request.params.iniziativeId}.` });
      return { ...OK_STATUS, requirementList };
    },
  );
};
