// Spec §4 "Login": one example per acceptance rule, driven by hand on the pure machine.
import { describe, expect, it } from 'vitest';
import { authMachine, selectIdentityMatcher, selectIsLoggedIn, selectUser } from '#machines/auth.ts';
import { LOGIN_FAILURE_MESSAGES } from '#machines/auth/rules.ts';
import type { Area, ExchangeCodeOutput, LoginFailure } from '#machines/auth/types.ts';
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
} from './fixtures/identities.ts';
import { drive } from './support/drive.ts';

async function backFromProvider(area: Area, exchange: Partial<ExchangeCodeOutput> = {}) {
  const auth = drive(authMachine);
  auth.actor.send({ type: 'CALLBACK', area, url: `/auth/callback?code=${area}` });
  expect(auth.inputOf('exchangeCode')).toEqual({ area, url: `/auth/callback?code=${area}` });
  await auth.release('exchangeCode', {
    tokens,
    claims: area === 'FO' ? spidClaims : staffClaims,
    loginOrigin: null,
    fromBackOfficeRoot: area === 'BO',
    ...exchange,
  } satisfies ExchangeCodeOutput);
  return auth;
}

/** Refused, with the dialog that says why (docs/architecture.md "The citizen's journey with real data"): each reason has its own texts. */
function expectRejected(auth: ReturnType<typeof drive<typeof authMachine>>, area: Area, failure: LoginFailure = 'refused') {
  expect(auth.snapshot().value).toBe('loggedOut');
  expect(selectUser(auth.snapshot())).toBeNull();
  expect(auth.snapshot().context.auth).toBeNull();
  expect(auth.snapshot().context.failure).toBeNull();
  expect(auth.emittedOf('modal')).toEqual([
    { type: 'modal', modal: expect.objectContaining({ kind: 'authFailed', variant: area, ...LOGIN_FAILURE_MESSAGES[failure] }) },
  ]);
}

describe('starting a login', () => {
  it('leaves for the provider with the area, the origin and whether it began from the back-office root', () => {
    const auth = drive(authMachine);
    auth.actor.send({ type: 'LOGIN', area: 'BO', origin: '/back-office', fromBackOfficeRoot: true });
    expect(auth.snapshot().value).toBe('redirecting');
    expect(auth.inputOf('redirectToProvider')).toEqual({ area: 'BO', origin: '/back-office', fromBackOfficeRoot: true, silent: false });
  });

  it('asks silently first for a back-office link opened in a new tab, and with the provider’s page when the provider has no session', async () => {
    const auth = drive(authMachine);
    auth.actor.send({ type: 'LOGIN', area: 'BO', origin: '/back-office/requests/12', fromBackOfficeRoot: true, silent: true });
    expect(auth.inputOf('redirectToProvider')).toEqual({ area: 'BO', origin: '/back-office/requests/12', fromBackOfficeRoot: true, silent: true });
    // The page unloads; the provider answers on the callback page, in a fresh machine.
    const back = drive(authMachine);
    back.actor.send({ type: 'CALLBACK', area: 'BO', url: '/auth/back-office/callback?error=login_required&state=s' });
    await back.fail('exchangeCode', { kind: 'silent-login-declined', area: 'BO', origin: '/back-office/requests/12', fromBackOfficeRoot: true });
    expect(back.snapshot().value).toBe('redirecting');
    expect(back.inputOf('redirectToProvider')).toEqual({ area: 'BO', origin: '/back-office/requests/12', fromBackOfficeRoot: true, silent: false });
    expect(back.emitted.filter((event) => event.type === 'modal')).toEqual([]);
  });

  it('treats any other failed exchange after a silent sign-in as a failed login', async () => {
    const back = drive(authMachine);
    back.actor.send({ type: 'CALLBACK', area: 'BO', url: '/auth/back-office/callback?error=server_error&state=s' });
    await back.fail('exchangeCode', new Error('identity provider: server_error'));
    expect(back.snapshot().value).toBe('loggedOut');
    expect(back.emitted.filter((event) => event.type === 'modal')).toHaveLength(1);
  });

  it('says the login was cancelled, not that the service is unreachable, when the person cancelled at the provider', async () => {
    const back = drive(authMachine);
    back.actor.send({ type: 'CALLBACK', area: 'FO', url: '/auth/callback?error=access_denied&state=s' });
    await back.fail('exchangeCode', { kind: 'login-cancelled', area: 'FO' });
    expectRejected(back, 'FO', 'cancelled');
  });

  it('shows the authentication-failed modal when the provider cannot be reached', async () => {
    const auth = drive(authMachine);
    auth.actor.send({ type: 'LOGIN', area: 'FO', origin: '/' });
    await auth.fail('redirectToProvider');
    expectRejected(auth, 'FO', 'unreachable');
  });
});

describe('front-office login', () => {
  it('looks up a fiscal code holder and lets an active citizen in, back to the stored origin', async () => {
    const auth = await backFromProvider('FO', { loginOrigin: '/startup-service' });
    expect(auth.inputOf('fetchUserInfo')).toEqual({ area: 'FO', fiscalCode: spidClaims.fiscalNumber, accessToken: tokens.access_token });
    await auth.release('fetchUserInfo', { status: 200, user: citizen });
    expect(selectIsLoggedIn(auth.snapshot())).toBe(true);
    expect(auth.emittedOf('navigate')).toEqual([{ type: 'navigate', to: '/startup-service', replace: true }]);
  });

  it('goes home when no origin was stored, or when the stored one is not a path of the app', async () => {
    for (const loginOrigin of [null, '//evil.example/phish', 'https://evil.example']) {
      const auth = await backFromProvider('FO', { loginOrigin });
      await auth.release('fetchUserInfo', { status: 200, user: citizen });
      expect(auth.emittedOf('navigate')).toEqual([{ type: 'navigate', to: '/', replace: true }]);
    }
  });

  it('refuses an inactive user', async () => {
    const auth = await backFromProvider('FO');
    await auth.release('fetchUserInfo', { status: 200, user: inactiveCitizen });
    expectRejected(auth, 'FO', 'deactivated');
  });

  it('refuses a profile that is not front office', async () => {
    const auth = await backFromProvider('FO');
    await auth.release('fetchUserInfo', { status: 200, user: boAdmin });
    expectRejected(auth, 'FO');
  });

  it('refuses a lookup that does not answer 200', async () => {
    const auth = await backFromProvider('FO');
    await auth.release('fetchUserInfo', { status: 404, user: null });
    expectRejected(auth, 'FO');
  });

  it('refuses when the lookup fails', async () => {
    const auth = await backFromProvider('FO');
    await auth.fail('fetchUserInfo');
    expectRejected(auth, 'FO', 'unreachable');
  });

  it('says the portal could not be reached when the lookup answers 5xx or 429, so the next step is to try again', async () => {
    for (const status of [502, 503, 429]) {
      const auth = await backFromProvider('FO');
      await auth.release('fetchUserInfo', { status, user: null });
      expectRejected(auth, 'FO', 'unreachable');
    }
  });

  it('logs out when the token exchange fails', async () => {
    const auth = drive(authMachine);
    auth.actor.send({ type: 'CALLBACK', area: 'FO', url: '/auth/login?code=x' });
    await auth.fail('exchangeCode', new Error('invalid_grant'));
    expectRejected(auth, 'FO', 'unreachable');
  });
});

describe('identity matcher (front office without fiscal code)', () => {
  async function inMatcher() {
    const auth = await backFromProvider('FO', { claims: eidasClaims });
    auth.actor.send({ type: 'IDENTITY_SUBMIT', person: eidasPerson });
    return auth;
  }

  it('sends an eIDAS user to the identity matcher', async () => {
    const auth = await backFromProvider('FO', { claims: eidasClaims });
    expect(auth.snapshot().matches({ identityMatcher: 'editing' })).toBe(true);
    // The form is the page's (machines/identity-form.ts): the login machine only waits for it.
    expect(auth.gates.calls.map((call) => call.id)).toEqual(['exchangeCode']);
    expect(auth.emittedOf('navigate')).toEqual([{ type: 'navigate', to: '/auth/identity-matcher', replace: true }]);
  });

  it('asks an eIDAS user once: a token answer with the code bound at an earlier login goes straight to the lookup', async () => {
    const bound = { ...tokens, bound_fiscal_code: eidasPerson.codiceFiscale };
    const auth = await backFromProvider('FO', { claims: eidasClaims, tokens: bound });
    expect(auth.snapshot().matches('identityMatcher')).toBe(false);
    expect(auth.emittedOf('navigate')).toEqual([]);
    expect(auth.inputOf('fetchUserInfo')).toEqual({ area: 'FO', fiscalCode: eidasPerson.codiceFiscale, accessToken: tokens.access_token });
    await auth.release('fetchUserInfo', { status: 200, user: citizen });
    expect(selectIsLoggedIn(auth.snapshot())).toBe(true);
  });

  it('never takes a bound code for the back office: staff need the code their provider asserts', async () => {
    const auth = await backFromProvider('BO', {
      claims: { ...staffClaims, fiscalNumber: null },
      tokens: { ...tokens, bound_fiscal_code: eidasPerson.codiceFiscale },
    });
    expectRejected(auth, 'BO');
  });

  it('checks the submitted person with the access token', async () => {
    const auth = await inMatcher();
    expect(auth.inputOf('checkIdentity')).toEqual({ person: eidasPerson, accessToken: tokens.access_token });
    expect(selectIdentityMatcher(auth.snapshot())).toMatchObject({ active: true, checking: true });
  });

  it('looks the user up with the confirmed fiscal code when the check says valid', async () => {
    const auth = await inMatcher();
    await auth.release('checkIdentity', { status: 200, valido: true });
    expect(auth.inputOf('fetchUserInfo')).toEqual({ area: 'FO', fiscalCode: eidasPerson.codiceFiscale, accessToken: tokens.access_token });
    await auth.release('fetchUserInfo', { status: 200, user: citizen });
    expect(selectIsLoggedIn(auth.snapshot())).toBe(true);
  });

  it('stays in the matcher with errors.invalid-message when valido is false', async () => {
    const auth = await inMatcher();
    await auth.release('checkIdentity', { status: 200, valido: false });
    expect(selectIdentityMatcher(auth.snapshot())).toEqual({
      active: true,
      checking: false,
      errorKey: 'errors.invalid-message',
      errorDescriptionKey: 'errors.invalid-description',
    });
  });

  it('treats status 400 as invalid', async () => {
    const auth = await inMatcher();
    await auth.release('checkIdentity', { status: 400, valido: null });
    expect(selectIdentityMatcher(auth.snapshot()).errorKey).toBe('errors.invalid-message');
  });

  it('shows errors.generic-message for any other answer or a failure', async () => {
    const answered = await inMatcher();
    await answered.release('checkIdentity', { status: 500, valido: null });
    expect(selectIdentityMatcher(answered.snapshot())).toMatchObject({
      errorKey: 'errors.generic-message',
      errorDescriptionKey: 'errors.generic-description',
    });
    const failed = await inMatcher();
    await failed.fail('checkIdentity');
    expect(selectIdentityMatcher(failed.snapshot()).errorKey).toBe('errors.generic-message');
  });

  it('clears the error on the next submission', async () => {
    const auth = await inMatcher();
    await auth.release('checkIdentity', { status: 200, valido: false });
    auth.actor.send({ type: 'IDENTITY_SUBMIT', person: eidasPerson });
    expect(selectIdentityMatcher(auth.snapshot()).errorKey).toBeNull();
  });

  it('logs out and goes home on cancel', async () => {
    const auth = await backFromProvider('FO', { claims: eidasClaims });
    auth.actor.send({ type: 'IDENTITY_CANCEL' });
    expect(auth.snapshot().value).toBe('loggedOut');
    expect(auth.snapshot().context.auth).toBeNull();
    expect(auth.emittedOf('navigate').at(-1)).toEqual({ type: 'navigate', to: '/', replace: false });
  });
});

describe('back-office login', () => {
  it('lets an administrator in and lands on the request list in the first language', async () => {
    const auth = await backFromProvider('BO');
    expect(auth.inputOf('fetchUserInfo')).toEqual({ area: 'BO', fiscalCode: staffClaims.fiscalNumber, accessToken: tokens.access_token });
    await auth.release('fetchUserInfo', { status: 200, user: boAdmin });
    expect(selectIsLoggedIn(auth.snapshot())).toBe(true);
    expect(auth.emittedOf('navigate')).toEqual([{ type: 'navigate', to: '/back-office/requests?lang=it', replace: true }]);
  });

  it('lets a collaborator in', async () => {
    const auth = await backFromProvider('BO');
    await auth.release('fetchUserInfo', { status: 200, user: boCollab });
    expect(selectUser(auth.snapshot())).toEqual(boCollab);
  });

  it('refuses a login that did not begin from the back-office root, without a lookup', async () => {
    const auth = await backFromProvider('BO', { fromBackOfficeRoot: false });
    expect(auth.gates.calls.map((call) => call.id)).toEqual(['exchangeCode']);
    expectRejected(auth, 'BO');
  });

  it('refuses a token without fiscal number, without a lookup', async () => {
    const auth = await backFromProvider('BO', { claims: { ...staffClaims, fiscalNumber: null } });
    expect(auth.gates.calls.map((call) => call.id)).toEqual(['exchangeCode']);
    expectRejected(auth, 'BO');
  });

  it('refuses a citizen profile and an inactive administrator', async () => {
    for (const [user, failure] of [
      [citizen, 'refused'],
      [inactiveAdmin, 'deactivated'],
    ] as const) {
      const auth = await backFromProvider('BO');
      await auth.release('fetchUserInfo', { status: 200, user });
      expectRejected(auth, 'BO', failure);
    }
  });
});
