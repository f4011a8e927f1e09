// Test model of the auth machine: both areas, every answer the spec distinguishes (accepted,
// inactive, wrong profile, not found, failure; eIDAS valid / invalid / 400 / other error; BO from
// the root or not, with or without fiscal number), logout with revoke success and failure.
import { authMachine } from '#machines/auth.ts';
import { hasFiscalNumber } from '#machines/auth/rules.ts';
import type { ExchangeCodeOutput, FetchUserInfoOutput } from '#machines/auth/types.ts';
import {
  boAdmin,
  boCollab,
  citizen,
  eidasClaims,
  eidasPerson,
  inactiveAdmin,
  inactiveCitizen,
  spidClaims,
  staffClaims,
  tokens,
  tokensWithoutRefresh,
} from '../fixtures/identities.ts';
import type { ModelSpec } from '../support/model.ts';

const exchanged = (output: Partial<ExchangeCodeOutput>): { output: ExchangeCodeOutput } => ({
  output: { tokens, claims: spidClaims, loginOrigin: null, fromBackOfficeRoot: false, ...output },
});
const looked = (status: number, user: FetchUserInfoOutput['user']): { output: FetchUserInfoOutput } => ({ output: { status, user } });

export const exchangeCases = {
  FO: [
    exchanged({ claims: spidClaims, loginOrigin: '/startup-service' }),
    exchanged({ claims: eidasClaims }),
    // An eIDAS person whose code the matcher bound at an earlier login: asked once (docs/architecture.md "Identity").
    exchanged({ claims: eidasClaims, tokens: { ...tokens, bound_fiscal_code: eidasPerson.codiceFiscale } }),
  ],
  BO: [
    exchanged({ claims: staffClaims, fromBackOfficeRoot: true }),
    exchanged({ claims: staffClaims, fromBackOfficeRoot: false }),
    exchanged({ claims: { ...staffClaims, fiscalNumber: null }, fromBackOfficeRoot: true }),
  ],
} as const;

export const lookupCases = {
  FO: [looked(200, citizen), looked(200, inactiveCitizen), looked(200, boAdmin), looked(404, null)],
  BO: [looked(200, boAdmin), looked(200, boCollab), looked(200, inactiveAdmin), looked(200, citizen), looked(500, null)],
} as const;

export const authModel: ModelSpec<typeof authMachine> = {
  machine: authMachine,
  inputs: [{ name: 'start', input: undefined }],
  payloads: {
    LOGIN: [
      { area: 'FO', origin: '/startup-service' },
      { area: 'BO', origin: '/back-office', fromBackOfficeRoot: true },
      // A back-office link opened in a new tab: silent sign-in first (docs/architecture.md "The clerks' desk").
      { area: 'BO', origin: '/back-office/requests/12', fromBackOfficeRoot: true, silent: true },
    ],
    CALLBACK: [
      { area: 'FO', url: '/auth/login?code=fo-code&state=fo-state' },
      { area: 'BO', url: '/auth/back-office?code=bo-code&state=bo-state' },
    ],
    'xstate.error.actor.redirectToProvider': [{ error: new Error('provider unreachable') }],
    'xstate.done.actor.exchangeCode': ({ context }) => (context.area ? exchangeCases[context.area] : []),
    'xstate.error.actor.exchangeCode': ({ context }) => [
      { error: new Error('invalid_grant') },
      // The person cancelled at the provider (access_denied on the callback).
      ...(context.area ? [{ error: { kind: 'login-cancelled', area: context.area } }] : []),
      // Only a silent sign-in can come back declined; the area is the one the callback named.
      ...(context.area === 'BO'
        ? [{ error: { kind: 'silent-login-declined', area: 'BO', origin: '/back-office/requests/12', fromBackOfficeRoot: true } }]
        : []),
    ],
    'xstate.done.actor.fetchUserInfo': ({ context }) => (context.area ? lookupCases[context.area] : []),
    'xstate.error.actor.fetchUserInfo': [{ error: new Error('network down') }],
    IDENTITY_SUBMIT: [{ person: eidasPerson }],
    IDENTITY_CANCEL: [{}],
    'xstate.done.actor.checkIdentity': [
      { output: { status: 200, valido: true } },
      { output: { status: 200, valido: false } },
      { output: { status: 400, valido: null } },
      { output: { status: 409, valido: null } },
      { output: { status: 500, valido: null } },
    ],
    'xstate.error.actor.checkIdentity': [{ error: new Error('network down') }],
    RESTORE: [
      { user: citizen, auth: tokens, area: 'FO' },
      // A session whose provider gave no refresh token: expiry ends it.
      { user: citizen, auth: tokensWithoutRefresh, area: 'FO' },
      { user: boCollab, auth: tokens, area: 'BO' },
      { user: inactiveCitizen, auth: tokens, area: 'FO' },
      { user: citizen, auth: tokens, area: 'BO' },
    ],
    LOGOUT: [{}, { origin: '/startup' }],
    EXPIRED: [{}],
    // The idle machine's report (machines/idle.ts): staff idle for the configured time (never citizens).
    IDLE_TIMEOUT: ({ context }) => (context.area === 'BO' ? [{}] : []),
    'xstate.done.actor.renewTokens': [{ output: { ...tokens, access_token: 'access-renewed' } }],
    'xstate.error.actor.renewTokens': [{ error: new Error('invalid_grant') }],
    'xstate.done.actor.revokeToken': [{ output: undefined }],
    'xstate.error.actor.revokeToken': [{ error: new Error('revoke refused') }],
    'xstate.done.actor.endProviderSession': [{ output: undefined }],
    'xstate.error.actor.endProviderSession': [{ error: new Error('no end-session endpoint') }],
  },
  // Tokens are fixtures, so their presence is enough; the user is identified by id.
  project: ({ context }) => ({
    user: context.user?.userId ?? null,
    auth: context.auth === null ? null : context.auth.access_token === 'access-renewed' ? 'renewed' : 'issued',
    renewable: typeof context.auth?.refresh_token === 'string',
    area: context.area,
    claims: context.claims ? (hasFiscalNumber(context.claims) ? 'fiscal' : 'eidas') : null,
    fiscalCode: context.fiscalCode,
    fromBackOfficeRoot: context.fromBackOfficeRoot,
    silent: context.silent,
    loginOrigin: context.loginOrigin,
    logoutOrigin: context.logoutOrigin,
    errorKey: context.errorKey,
    pendingLogout: context.pendingLogout?.returnTo ?? null,
  }),
};
