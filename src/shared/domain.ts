// Domain entities of spec §3 as JSON Schemas (TypeBox). The server validates and serialises with
// them, the SPA and the msw mocks use the static types derived from them: one definition each.
import Type, { type Static } from 'typebox';
import { Patterns } from './patterns.ts';

const Text = (maxLength = 255) => Type.String({ maxLength });

export const ProfileSchema = Type.Object({
  profileId: Type.Integer(),
  description: Type.Optional(Type.String()),
});

export const UserSchema = Type.Object({
  userId: Type.Integer(),
  userEidasId: Type.Optional(Type.Union([Type.String({ pattern: Patterns.eidasId.source }), Type.Null()])),
  firstName: Text(),
  lastName: Text(),
  /** DD/MM/YYYY */
  /** A day, YYYY-MM-DD, like every day in the API (spec §3 shows DD/MM/YYYY, a display format). */
  dateOfBirth: Type.Optional(Type.Union([Type.String({ format: 'date', description: 'A day: YYYY-MM-DD.' }), Type.Null()])),
  placeOfBirth: Type.Optional(Type.Union([Text(), Type.Null()])),
  cityOfBirth: Type.Optional(Type.Union([Text(), Type.Null()])),
  fiscalCode: Type.Optional(Type.Union([Type.String({ pattern: Patterns.fiscalCode.source }), Type.Null()])),
  gender: Type.Optional(Type.Union([Type.String({ maxLength: 1 }), Type.Null()])),
  email: Type.Optional(Type.Union([Text(), Type.Null()])),
  profile: ProfileSchema,
  /** 1 means active. */
  active: Type.Integer({ minimum: 0, maximum: 1 }),
  /** Staff only: the offices (suap ids) the account works for (docs/architecture.md "Roles and offices"). */
  officeIds: Type.Optional(Type.Array(Type.Integer())),
});

export const TypeOfServiceSchema = Type.Object({
  typeOfServiceId: Type.Integer(),
  nameIt: Type.String(),
  nameEn: Type.String(),
  descriptionIt: Type.String(),
  descriptionEn: Type.String(),
});

export const StateOfRequestSchema = Type.Object({
  stateOfRequestId: Type.Integer({
    minimum: 1,
    maximum: 15,
    description:
      '1 draft, 2 deleted, 3 sent (spec §4); the pratica adds 6 correction requested, 7 corrected, 8 refused as inadmissible, ' +
      '9 integration requested, 10 integrated, 11 closed for an integration overdue, 12 activity suspended, 13 conformation ordered, ' +
      '14 concluded by elapsed time, 15 withdrawn; 4 and 5 are accepted and rejected. ssuState names each in the national Catalogo SSU.',
  }),
  descriptionIt: Type.String(),
  descriptionEn: Type.String(),
});

export const TypeInitiativeSchema = Type.Object({
  typeIniziativeId: Type.Integer(),
  descriptionIt: Type.String(),
  descriptionEn: Type.String(),
});

export const InitiativeSchema = Type.Object({
  iniziativeId: Type.Integer(),
  code: Type.String(),
  descriptionIt: Type.String(),
  descriptionEn: Type.String(),
  activityIt: Type.String(),
  activityEn: Type.String(),
  areaIt: Type.String(),
  areaEn: Type.String(),
  typeIniziativeId: Type.Integer(),
});

export const RegionSchema = Type.Object({
  regionId: Type.Integer(),
  nameIt: Type.String(),
  nameEn: Type.String(),
});

export const ProvinceSchema = Type.Object({
  provinceId: Type.Integer(),
  /** Two-letter vehicle code (sigla), e.g. RM. */
  code: Type.String(),
  nameIt: Type.String(),
  nameEn: Type.String(),
  region: RegionSchema,
});

export const MunicipalitySchema = Type.Object({
  municipalityId: Type.Integer(),
  /** Six-digit ISTAT code with leading zeros. */
  istatCode: Type.String(),
  nameIt: Type.String(),
  nameEn: Type.String(),
  province: Type.Object({
    provinceId: Type.Integer(),
    code: Type.String(),
    nameIt: Type.String(),
    nameEn: Type.String(),
  }),
});

export const SuapSchema = Type.Object({
  suapId: Type.Integer(),
  name: Type.String(),
  /** Null until the administration configures the office's PEC address: such an office receives no request. */
  pec: Type.Union([Type.String(), Type.Null()]),
  type: Type.Union([Type.Literal('INT'), Type.Literal('EXT')]),
  url: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});

export const NotificationContactSchema = Type.Object(
  {
    /** 1 e-mail, 2 certified e-mail (PEC). */
    type: Type.Union([Type.Literal(1), Type.Literal(2)]),
    value: Type.String({ maxLength: 255, pattern: Patterns.email.source }),
  },
  { additionalProperties: false },
);

export type Profile = Static<typeof ProfileSchema>;
export type User = Static<typeof UserSchema>;
export type TypeOfService = Static<typeof TypeOfServiceSchema>;
export type StateOfRequest = Static<typeof StateOfRequestSchema>;
export type TypeInitiative = Static<typeof TypeInitiativeSchema>;
export type Initiative = Static<typeof InitiativeSchema>;
export type Region = Static<typeof RegionSchema>;
export type Province = Static<typeof ProvinceSchema>;
export type Municipality = Static<typeof MunicipalitySchema>;
export type Suap = Static<typeof SuapSchema>;
export type NotificationContact = Static<typeof NotificationContactSchema>;
