// Contract of spec §7 "Authentication and session": token exchange, revoke, user info, the
// identity checks of the EU evidence requester, and the public-service mapping.
import Type, { type Static } from 'typebox';
import { UserSchema } from '../domain.ts';
import { StatusSchema } from '../envelope.ts';
import { Patterns } from '../patterns.ts';

/** Header carrying the profile the caller logs in as (spec §7 getUserInfo: "a header carrying the profile"). */
export const PROFILE_HEADER = 'x-suap-profile';

/** RFC 6749 Appendix A: codes and refresh tokens are visible ASCII (VSCHAR). */
const VSCHAR = '^[\\x20-\\x7E]+$';

export const CodeTokenRequestSchema = Type.Object(
  {
    grant_type: Type.Literal('authorization_code'),
    redirect_uri: Type.String({ minLength: 1, maxLength: 2048 }),
    code: Type.String({ minLength: 1, maxLength: 4096, pattern: VSCHAR }),
    /** PKCE verifier of the authorization request (RFC 7636). */
    code_verifier: Type.Optional(Type.String({ minLength: 43, maxLength: 128, pattern: '^[A-Za-z0-9._~-]+$' })),
  },
  { additionalProperties: false },
);

/**
 * Renewal before the access token expires (docs/architecture.md "The API contract"): the refresh token the exchange returned
 * goes back to the same client's endpoint, which adds the client secret the browser never sees.
 */
export const RefreshTokenRequestSchema = Type.Object(
  {
    grant_type: Type.Literal('refresh_token'),
    refresh_token: Type.String({ minLength: 1, maxLength: 4096, pattern: VSCHAR }),
  },
  { additionalProperties: false },
);

export const TokenRequestSchema = Type.Union([CodeTokenRequestSchema, RefreshTokenRequestSchema]);
export type TokenRequest = Static<typeof TokenRequestSchema>;

export const TokenResponseSchema = Type.Object({
  access_token: Type.String(),
  expires_in: Type.Integer(),
  id_token: Type.String(),
  refresh_token: Type.Optional(Type.String()),
  token_type: Type.String(),
  /**
   * The fiscal code the identity matcher bound to this identity at an earlier login (front office,
   * no code asserted by the provider): the SPA looks the person up with it instead of asking again
   * (docs/architecture.md "Identity"). Absent when the provider asserts the code or none is bound.
   */
  bound_fiscal_code: Type.Optional(
    Type.String({
      pattern: Patterns.fiscalCodeOmocodic.source,
      description: 'Front office only: the fiscal code the identity matcher bound to this identity at an earlier login, so it is not asked again.',
    }),
  ),
});
export type TokenResponse = Static<typeof TokenResponseSchema>;

export const RevokeRequestSchema = Type.Object({ accessToken: Type.String({ minLength: 1, maxLength: 8192 }) }, { additionalProperties: false });
export type RevokeRequest = Static<typeof RevokeRequestSchema>;

export const UserInfoQuerySchema = Type.Object({ fiscalCode: Type.String({ pattern: Patterns.fiscalCodeOmocodic.source }) }, { additionalProperties: false });

export const UserInfoResponseSchema = Type.Object({ ...StatusSchema.properties, user: UserSchema });
export type UserInfoResponse = Static<typeof UserInfoResponseSchema>;

/** Claims the identity token supplies (spec §3 "Auth tokens"), with the fiscal number prefix removed. */
export interface IdentityClaims {
  name: string;
  familyName: string;
  birthdate: string | null;
  fiscalNumber: string | null;
  email: string | null;
  gender: string | null;
  /** eIDAS person identifier, e.g. DE/IT/12345678. */
  identities: string | null;
}

export const FISCAL_NUMBER_CLAIM = 'https://attributes.eid.gov.it/fiscal_number';
export const FISCAL_NUMBER_PREFIX = 'TINIT-';
export const EIDAS_IDENTIFIER_CLAIM = 'https://attributes.eid.gov.it/eidas_identifier';

/**
 * The identity matcher's input (spec §3 "Fiscal-code check input"). Name, family name and birth date
 * are the provider's: the server takes them from the signed-in identity, so they are optional here
 * and, when sent, must agree with it (400 otherwise). `statoNascita` is an ISO 3166 alpha-2 country
 * code ("IT", "DE"), or a country's Italian name as the spec's field was first written.
 */
export const CheckPersonRequestSchema = Type.Object(
  {
    nome: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: Patterns.personName.source })),
    cognome: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: Patterns.personName.source })),
    /** YYYY-MM-DD */
    dataNascita: Type.Optional(Type.String({ format: 'date' })),
    statoNascita: Type.String({ minLength: 1, maxLength: 100, pattern: Patterns.simpleText.source }),
    comuneNascita: Type.Optional(Type.String({ maxLength: 100, pattern: Patterns.simpleText.source })),
    codiceFiscale: Type.String({ pattern: Patterns.fiscalCodeOmocodic.source }),
    sesso: Type.Union([Type.Literal('M'), Type.Literal('F')]),
  },
  { additionalProperties: false },
);
export type CheckPersonRequest = Static<typeof CheckPersonRequestSchema>;
export const CheckPersonResponseSchema = Type.Object({ ...StatusSchema.properties, valido: Type.Boolean() });
export type CheckPersonResponse = Static<typeof CheckPersonResponseSchema>;

export const CheckLegalRepQuerySchema = Type.Object(
  {
    cfPersona: Type.String({ pattern: Patterns.fiscalCodeOmocodic.source }),
    cfImpresa: Type.String({ pattern: '^([0-9]{11}|[A-Za-z]{6}[0-9]{2}[A-Za-z][0-9]{2}[A-Za-z][0-9]{3}[A-Za-z])$' }),
    euPublicServiceId: Type.Optional(Type.String({ maxLength: 100, pattern: Patterns.alphanumeric.source })),
    ipaCode: Type.Optional(Type.String({ maxLength: 100, pattern: '^[A-Za-z0-9_]*$' })),
  },
  { additionalProperties: false },
);
export const CheckLegalRepResponseSchema = Type.Object({
  ...StatusSchema.properties,
  esito: Type.Union([Type.Literal('OK'), Type.Literal('KO')]),
  /** True when no register is configured: the OK is the applicant's self-declaration (DPR 445/2000), not a verification. */
  declared: Type.Optional(
    Type.Boolean({ description: 'True when no register is configured: the OK records a self-declaration (DPR 445/2000), not a verification.' }),
  ),
});
export type CheckLegalRepResponse = Static<typeof CheckLegalRepResponseSchema>;

export const PublicServiceMappingQuerySchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
    ipaCode: Type.String({ minLength: 1, maxLength: 100, pattern: Patterns.ipaCode.source }),
  },
  { additionalProperties: false },
);
export const PublicServiceMappingResponseSchema = Type.Object({
  ...StatusSchema.properties,
  publicService: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
});
