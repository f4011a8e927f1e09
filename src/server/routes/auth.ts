// Spec §7 "Authentication and session": token exchange (the backend holds the client secrets),
// revoke, user info, and the evidence requester's identity checks and public-service mapping.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import {
  CheckLegalRepQuerySchema,
  CheckLegalRepResponseSchema,
  CheckPersonRequestSchema,
  CheckPersonResponseSchema,
  PROFILE_HEADER,
  PublicServiceMappingQuerySchema,
  PublicServiceMappingResponseSchema,
  RevokeRequestSchema,
  TokenRequestSchema,
  TokenResponseSchema,
  type TokenRequest,
  UserInfoQuerySchema,
  UserInfoResponseSchema,
} from '#shared/api/auth.ts';
import { ApiPaths } from '#shared/api/paths.ts';
import { GENERIC_ERROR, Role } from '#shared/constants.ts';
import { OK_STATUS, StatusSchema } from '#shared/envelope.ts';
import { CITIZEN, PUBLIC, principalOf, type Access } from '../auth/access.ts';
import { IssuerError, type Area, type IssuerClient } from '../auth/issuer-client.ts';
import type { RevocationStore } from '../auth/revocations.ts';
import { fiscalCodeFromClaims, type SubjectStore } from '../auth/subjects.ts';
import type { Database } from '../db/schema.ts';
import { requestLanguage } from '../language.ts';
import { askLegalRepRegister, type LegalRepRegister } from '../services/legal-representatives.ts';
import { ApiError } from '../plugins/errors.ts';
import { LIMITS } from '../plugins/rate-limits.ts';
import { IdentityMatcher } from '../services/identity-match.ts';
import { noteAuditActor, signInActor } from '../services/audit/actor.ts';
import type { RouteAudit } from '../services/audit/hook.ts';
import { findOrRegisterCitizen, toApiUser } from '../services/users.ts';
import { officesOf } from '../services/back-office/staff-offices.ts';

export interface AuthRoutesOptions {
  issuer: IssuerClient;
  subjects: SubjectStore;
  revocations: RevocationStore;
  db: Kysely<Database>;
  /** Spec §7 check-legal-rep's register (services/legal-representatives.ts). */
  legalReps: LegalRepRegister;
}

const tags = ['Authentication and session'];
const FO_TOKEN: Access = { kind: 'token', areas: ['FO'] };
const BO_TOKEN: Access = { kind: 'token', areas: ['BO'] };
const ANY_TOKEN: Access = { kind: 'token', areas: ['FO', 'BO'] };
// Every token exchange, granted or not, leaves an audit line (docs/architecture.md "Audit log").
const SIGN_IN: RouteAudit = { action: 'sign-in', failures: true };
// Every status these calls answer with is declared: the OpenAPI document lists what is declared here.
const errors = { 400: StatusSchema, 401: StatusSchema, 403: StatusSchema, 404: StatusSchema, 409: StatusSchema, 502: StatusSchema };

export const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (app, { issuer, subjects, revocations, db, legalReps }) => {
  const exchange = (area: Area) => async (request: { body: TokenRequest }) => {
    try {
      const { body } = request;
      // A refresh is the same client's renewal: the same checks apply to the identity it returns.
      const tokens = body.grant_type === 'refresh_token' ? await issuer.refresh(area, body.refresh_token) : await issuer.exchangeCode(area, body);
      const idToken = String(tokens.id_token ?? '');
      const claims = (await issuer.verifyIdToken(area, idToken)) as Record<string, unknown>;
      noteAuditActor(request, await signInActor(db, area, String(claims.sub ?? ''), fiscalCodeFromClaims(claims)));
      // Staff sign in only with a fiscal code their provider asserts (spec §4): a code the identity
      // matcher bound to an eIDAS identity never opens a back-office account.
      if (area === 'BO' && !fiscalCodeFromClaims(claims)) {
        throw new ApiError({ status: 403, description: 'Back-office sign-in needs an identity whose provider asserts the fiscal code.' });
      }
      const subject = await subjects.remember(claims);
      return {
        access_token: String(tokens.access_token),
        expires_in: Number(tokens.expires_in),
        id_token: idToken,
        ...(typeof tokens.refresh_token === 'string' ? { refresh_token: tokens.refresh_token } : {}),
        token_type: String(tokens.token_type ?? 'Bearer'),
        // A code the matcher bound earlier is this identity's: the person is asked for it once
        // (docs/architecture.md "Identity"); staff never sign in with a matched code.
        ...(area === 'FO' && subject.matched && subject.fiscalCode ? { bound_fiscal_code: subject.fiscalCode } : {}),
      };
    } catch (error) {
      if (error instanceof IssuerError) throw new ApiError({ status: error.status, description: error.message });
      if (error instanceof ApiError) throw error;
      throw new ApiError({ status: 401, description: 'The identity provider’s answer could not be verified.' });
    }
  };
  const tokenSchema = { tags, body: TokenRequestSchema, response: { 200: TokenResponseSchema, ...errors } };
  app.post(ApiPaths.foAuthToken, { schema: tokenSchema, config: { rateLimit: LIMITS.tokenExchange, access: PUBLIC, audit: SIGN_IN } }, exchange('FO'));
  app.post(ApiPaths.boAuthToken, { schema: tokenSchema, config: { rateLimit: LIMITS.tokenExchange, access: PUBLIC, audit: SIGN_IN } }, exchange('BO'));

  // Possession of a token is the authority to revoke it.
  app.delete(
    ApiPaths.revoke,
    { schema: { tags, body: RevokeRequestSchema, response: { 200: StatusSchema, ...errors } }, config: { access: PUBLIC } },
    async (request) => {
      let claims;
      try {
        claims = await issuer.verifyAccessToken(request.body.accessToken);
      } catch {
        throw new ApiError({ status: 401, description: 'The token is not valid or already expired.' });
      }
      const area: Area = claims.client_id === issuer.clientId('BO') ? 'BO' : 'FO';
      try {
        await issuer.revoke(area, request.body.accessToken);
      } catch (error) {
        throw new ApiError({ status: 502, description: error instanceof Error ? error.message : 'revocation failed' });
      }
      await revocations.revoke(String(claims.jti), new Date((claims.exp ?? 0) * 1000));
      return { ...OK_STATUS, description: 'revoked' };
    },
  );

  app.get(
    ApiPaths.userInfo,
    {
      schema: { tags, querystring: UserInfoQuerySchema, response: { 200: UserInfoResponseSchema, ...errors } },
      config: { rateLimit: LIMITS.userInfo, access: FO_TOKEN },
    },
    async (request) => {
      const principal = principalOf(request);
      const profile = request.headers[PROFILE_HEADER];
      if (profile !== undefined && Number(profile) !== Role.FRONT_OFFICE)
        throw new ApiError({ status: 403, description: 'This call is for the front-office profile.' });
      // The caller's own code only: asserted by their provider, or bound to them by the matcher.
      const own = principal.subject.fiscalCode;
      if (!own || own !== request.query.fiscalCode.toUpperCase()) throw new ApiError({ status: 403, description: 'The fiscal code is not the caller’s own.' });
      const user = await findOrRegisterCitizen(db, principal.subject, own);
      return { ...OK_STATUS, user: await toApiUser(db, user, requestLanguage(request)) };
    },
  );

  app.get(
    ApiPaths.boUserInfo,
    { schema: { tags, response: { 200: UserInfoResponseSchema, ...errors } }, config: { rateLimit: LIMITS.userInfo, access: BO_TOKEN } },
    async (request) => {
      const { subject } = principalOf(request);
      // Only a provider-asserted code is looked up among staff accounts, never a matched one.
      const user =
        subject.fiscalCode && !subject.matched
          ? await db.selectFrom('users').selectAll().where('realm', '=', 'BO').where('fiscal_code', '=', subject.fiscalCode).executeTakeFirst()
          : undefined;
      if (!user) throw new ApiError({ status: 404, description: 'No back-office account is registered for this person.' });
      // The offices the account works for: the pratiche it reads and moves (docs/architecture.md "The clerks' desk").
      return { ...OK_STATUS, user: { ...(await toApiUser(db, user, requestLanguage(request))), officeIds: await officesOf(db, user.user_id) } };
    },
  );

  app.post(
    ApiPaths.checkPerson,
    {
      schema: { tags, body: CheckPersonRequestSchema, response: { 200: CheckPersonResponseSchema, ...errors } },
      config: { rateLimit: LIMITS.identityCheck, access: FO_TOKEN },
    },
    async (request) => {
      const verdict = await new IdentityMatcher(db, { clientAddress: request.ip }).match(principalOf(request).subject, request.body);
      return { ...OK_STATUS, valido: verdict.valid };
    },
  );

  app.get(
    ApiPaths.checkLegalRep,
    {
      schema: { tags, querystring: CheckLegalRepQuerySchema, response: { 200: CheckLegalRepResponseSchema, ...errors } },
      config: { rateLimit: LIMITS.identityCheck, access: CITIZEN },
    },
    async (request) => {
      const { user } = principalOf(request);
      if (user?.fiscal_code !== request.query.cfPersona.toUpperCase())
        throw new ApiError({ status: 403, description: 'cfPersona must be the caller’s own fiscal code.' });
      const answer = await askLegalRepRegister(legalReps, { ...request.query, cfPersona: user.fiscal_code });
      // No register configured: the self-declaration stands, said as such (docs/architecture.md "Who the business is").
      return answer === 'declared' ? ({ ...OK_STATUS, esito: 'OK', declared: true } as const) : ({ ...OK_STATUS, esito: answer } as const);
    },
  );

  app.get(
    ApiPaths.publicServiceMapping,
    {
      schema: { tags, querystring: PublicServiceMappingQuerySchema, response: { 200: PublicServiceMappingResponseSchema, ...errors } },
      config: { access: ANY_TOKEN },
    },
    async (request) => {
      const row = await db
        .selectFrom('public_service_mapping')
        .select('public_service')
        .where('name', '=', request.query.name)
        .where('ipa_code', '=', request.query.ipaCode)
        .executeTakeFirst();
      // Spec §5/§8: a missing service-mapping configuration is the Generic Error, code 999 (HTTP 500:
      // the administration's configuration is incomplete, nothing the caller can fix).
      if (!row) throw new ApiError({ status: GENERIC_ERROR.code, description: GENERIC_ERROR.description });
      const publicService = (typeof row.public_service === 'string' ? JSON.parse(row.public_service) : row.public_service) as Record<string, unknown>;
      return { ...OK_STATUS, publicService };
    },
  );
};
