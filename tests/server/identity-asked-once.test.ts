// An eIDAS person is asked for their fiscal code once (docs/architecture.md "Identity"): after the
// identity matcher has bound it, every later sign-in's token answer carries the bound code, so the
// SPA looks the person up without the matcher; a sign-in under a new subject with the same eIDAS
// identifier (the provider's persistent one) keeps the binding. Nobody else gains it: a person
// whose provider asserts the code, another eIDAS identity and the back office get no bound code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EIDAS_IDENTIFIER_CLAIM, type TokenResponse } from '#shared/api/auth.ts';
import { ApiPaths } from '#shared/api/paths.ts';
import { SubjectStore } from '#server/auth/subjects.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { authorize, signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';
const HANS = 'MLLHNS75C02Z112L';
const HANS_EIDAS = 'DE/IT/48213975';

const subjectOf = (tokens: TokenResponse) => String(JSON.parse(Buffer.from(tokens.id_token.split('.')[1]!, 'base64url').toString()).sub);

describe.each(testDatabases())('identity matcher asked once on $kind', ({ open }) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(await open(), { PUBLIC_URL: BASE, RATE_LIMITS: 'false' });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  const attempts = (subject: string) => t.database.db.selectFrom('identity_match_attempts').select('outcome').where('subject', '=', subject).execute();

  it('answers Hans’s first sign-in without a code, and every later one with the code he matched, which opens his account', async () => {
    const first = await signIn(t.app, BASE, 'FO', 'hans');
    expect(first.bound_fiscal_code).toBeUndefined();
    const matched = await call('POST', ApiPaths.checkPerson, first.access_token, { sesso: 'M', statoNascita: 'DE', codiceFiscale: HANS });
    expect(matched.json()).toMatchObject({ code: 200, valido: true });

    const second = await signIn(t.app, BASE, 'FO', 'hans');
    expect(second.bound_fiscal_code).toBe(HANS);
    const info = await call('GET', `${ApiPaths.userInfo}?fiscalCode=${HANS}`, second.access_token);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toMatchObject({ user: { fiscalCode: HANS, userEidasId: HANS_EIDAS } });
    // Asked once: the second sign-in made no matcher attempt.
    expect((await attempts(subjectOf(second))).map((a) => a.outcome)).toEqual(['matched']);

    // A renewal answers the same.
    const renewed = await t.app.inject({
      method: 'POST',
      url: `/api${ApiPaths.foAuthToken}`,
      payload: { grant_type: 'refresh_token', refresh_token: second.refresh_token },
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json()).toMatchObject({ bound_fiscal_code: HANS });
  });

  it('gives no bound code to a person whose provider asserts theirs, nor in the back office', async () => {
    const mario = await signIn(t.app, BASE, 'FO', 'mario');
    expect(mario.bound_fiscal_code).toBeUndefined();
    const staff = await signIn(t.app, BASE, 'BO', 'anna');
    expect(staff.bound_fiscal_code).toBeUndefined();
    // Hans, bound above, is still refused by the back office: a matched code opens no staff account.
    const { code, verifier, redirectUri } = await authorize(t.app, BASE, 'BO', 'hans');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api${ApiPaths.boAuthToken}`,
      payload: { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).not.toHaveProperty('bound_fiscal_code');
  });

  it('keeps the binding when the provider signs Hans in under a new subject with his eIDAS identifier, and gives it to no other identifier', async () => {
    const subjects = new SubjectStore(t.database.db);
    const claims = { given_name: 'Hans', family_name: 'Muller', birthdate: '1975-03-02', gender: 'M' };
    const stranger = await subjects.remember({ ...claims, sub: 'hans-stranger', [EIDAS_IDENTIFIER_CLAIM]: 'DE/IT/99999999' });
    expect(stranger).toMatchObject({ fiscalCode: null, matched: false });

    const moved = await subjects.remember({ ...claims, sub: 'hans-new-subject', [EIDAS_IDENTIFIER_CLAIM]: HANS_EIDAS });
    expect(moved).toMatchObject({ fiscalCode: HANS, matched: true });
    // One identity holds a matched code: the old subject gave it up.
    const holders = await t.database.db.selectFrom('identity_subjects').select('subject').where('fiscal_code', '=', HANS).execute();
    expect(holders.map((h) => h.subject)).toEqual(['hans-new-subject']);
  });
});
