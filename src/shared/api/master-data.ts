// Contract of the master-data calls (spec §7 "Master data") and of the application configuration.
import Type, { type Static } from 'typebox';
import { LANGUAGES, PageSize, SearchBar } from '../constants.ts';
import {
  InitiativeSchema,
  MunicipalitySchema,
  ProvinceSchema,
  RegionSchema,
  StateOfRequestSchema,
  SuapSchema,
  TypeInitiativeSchema,
  TypeOfServiceSchema,
} from '../domain.ts';
import { PagedStatusSchema, StatusSchema } from '../envelope.ts';
import { Patterns } from '../patterns.ts';
import { listQuerySchema, type Sort } from './list-query.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

// Initiatives -------------------------------------------------------------------------------------
export const INIZIATIVE_SORT_FIELDS = ['activity', 'code', 'description', 'area'] as const;
export type InitiativeSortField = (typeof INIZIATIVE_SORT_FIELDS)[number];
export const InitiativeListQuerySchema = listQuerySchema(INIZIATIVE_SORT_FIELDS, SearchBar.initiativeMinLength, {
  typeId: Type.Optional(Id),
});
export const InitiativeListDefaults = {
  size: PageSize.initiatives,
  /** Spec §9: by activity in the current language, ascending. */
  sort: { field: 'activity', type: 'asc' } as Sort<InitiativeSortField>,
};
export const InitiativeListResponseSchema = Type.Object({
  ...PagedStatusSchema.properties,
  iniziativeList: Type.Array(InitiativeSchema),
});
export type InitiativeListResponse = Static<typeof InitiativeListResponseSchema>;

// One-stop shops ----------------------------------------------------------------------------------
export const SUAP_SORT_FIELDS = ['name'] as const;
export type SuapSortField = (typeof SUAP_SORT_FIELDS)[number];
export const SuapListQuerySchema = listQuerySchema(SUAP_SORT_FIELDS, SearchBar.officeMinLength, {
  type: Type.Optional(Type.Union([Type.Literal('INT'), Type.Literal('EXT')])),
  municipalityId: Type.Optional(Id),
});
export const SuapListDefaults = { size: PageSize.suaps, sort: { field: 'name', type: 'asc' } as Sort<SuapSortField> };
/** How many of the municipalities an office matched by a search its card names (the rest are counted). */
export const MATCHED_MUNICIPALITIES_SHOWN = 5;
/**
 * An office of a text search names the municipalities it serves that matched the text, best first
 * (the name itself, then names starting with the text, then containing it), so a card says why it is
 * listed ("Sant'Angelo" finds several places): docs/architecture.md "The citizen's journey with real data".
 */
export const SuapListItemSchema = Type.Object({
  ...SuapSchema.properties,
  matchedMunicipalities: Type.Optional(
    Type.Array(Type.Object({ municipalityId: Type.Integer(), nameIt: Type.String(), nameEn: Type.String() }), { maxItems: MATCHED_MUNICIPALITIES_SHOWN }),
  ),
  /** How many municipalities matched in all (more than the names shown when the text is short). */
  matchedMunicipalityCount: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type SuapListItem = Static<typeof SuapListItemSchema>;
export const SuapListResponseSchema = Type.Object({
  ...PagedStatusSchema.properties,
  suapList: Type.Array(SuapListItemSchema),
});
export type SuapListResponse = Static<typeof SuapListResponseSchema>;

// Address lists -----------------------------------------------------------------------------------
export const RegionListQuerySchema = Type.Object({ provinceId: Type.Optional(Id) }, { additionalProperties: false });
export const ProvinceListQuerySchema = Type.Object({ regionId: Type.Optional(Id) }, { additionalProperties: false });
/** The shortest name search: two letters (there are municipalities called Ne and Lu). */
export const MUNICIPALITY_FILTER_MIN = 2;
export const MunicipalityListQuerySchema = Type.Object(
  {
    provinceId: Type.Optional(Id),
    /**
     * Part of a municipality's name (accents, case and apostrophes folded): the first
     * MUNICIPALITY_MATCHES municipalities, those starting with it first. For the residence combobox.
     */
    filter: Type.Optional(Type.String({ minLength: MUNICIPALITY_FILTER_MIN, maxLength: 100, pattern: Patterns.placeName.source })),
  },
  { additionalProperties: false },
);
/** How many municipalities a name search returns: a combobox's list, not a page. */
export const MUNICIPALITY_MATCHES = 20;

export const RegionListResponseSchema = Type.Object({ ...StatusSchema.properties, regionList: Type.Array(RegionSchema) });
export const ProvinceListResponseSchema = Type.Object({ ...StatusSchema.properties, provinceList: Type.Array(ProvinceSchema) });
export const MunicipalityListResponseSchema = Type.Object({
  ...StatusSchema.properties,
  municipalityList: Type.Array(MunicipalitySchema),
});
export type RegionListResponse = Static<typeof RegionListResponseSchema>;
export type ProvinceListResponse = Static<typeof ProvinceListResponseSchema>;
export type MunicipalityListResponse = Static<typeof MunicipalityListResponseSchema>;

// Master data and configuration -------------------------------------------------------------------
const MasterDataLists = {
  typeOfServiceAnagList: Type.Array(TypeOfServiceSchema),
  stateOfRequestAnagList: Type.Array(StateOfRequestSchema),
  typeIniziativeList: Type.Array(TypeInitiativeSchema),
};
export const AnagraficaListResponseSchema = Type.Object({
  ...StatusSchema.properties,
  ...MasterDataLists,
  regionList: Type.Array(RegionSchema),
});

/** Public settings the SPA needs before anything else (spec §1: administration id, languages, ...). */
export const PublicSettingsSchema = Type.Object({
  ipaCode: Type.String(),
  administrationName: Type.String(),
  baseUrl: Type.String(),
  languages: Type.Array(Type.Enum(LANGUAGES)),
  production: Type.Boolean(),
  feedbackUrl: Type.String(),
  accessibilityUrl: Type.String(),
  helpOnlineUrl: Type.String(),
  /** Minutes without activity after which the back office signs the clerk out (BO_IDLE_MINUTES). */
  backOfficeIdleMinutes: Type.Integer({ minimum: 1 }),
  /** The identity provider the SPA sends people to (authorization code flow with PKCE). */
  oidc: Type.Object({
    authority: Type.String(),
    foClientId: Type.String(),
    boClientId: Type.String(),
    scope: Type.String(),
  }),
});
export type PublicSettings = Static<typeof PublicSettingsSchema>;

export const ConfigResponseSchema = Type.Object({
  ...StatusSchema.properties,
  ...MasterDataLists,
  settings: PublicSettingsSchema,
});
export type ConfigResponse = Static<typeof ConfigResponseSchema>;
