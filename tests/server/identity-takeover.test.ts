// Identity takeover, tried as an attacker would (docs/architecture.md "Identity"): Hans, an EU citizen signing in through
// eIDAS with no Italian fiscal code, uses the identity matcher to become somebody else. Each check
// of the matcher and of the back-office sign-in has a test here that fails when the check is removed:
// the names, birth date, sex and country of birth come from the provider (a body that disagrees is
// refused), the code is recomputed from them, it binds once, never over a code (or an omocodic variant
// of a code) another identity or an account holds, and a matched code never opens a staff account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths, apiPath } from '#shared/api/paths.ts';
import type { TokenResponse } from '#shared/api/auth.ts';
import type { RequestListResponse } from '#shared/api/requests.ts';
import { Role } from '#shared/constants.ts';
import { SubjectStore } from '#server/auth/subjects.ts';
import { loadOrCreateSecrets } from '#server/idp/keys.ts';
import { IdentityMatcher } from '#server/services/identity-match.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { authorize, signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';
const HANS = 'MLLHNS75C02Z112L';
/** Hans's code with omocodia (the last digit 2 written N): the same base code, another string. */
const HANS_OMOCODE = 'MLLHNS75C02Z11NA';
/** Codes Hans's names and birth date give as a woman, and as a man born in Rome. */
const HANS_FEMALE = 'MLLHNS75C42Z112P';
const HANS_ROME = 'MLLHNS75C02H501A';
const GIULIA = 'BNCGLI85M41F205B';
const MARIO = 'RSSMRA80A01H501U';
const ANNA = 'VRDNNA75D52F839Y';
/** What Hans's provider asserts besides names and birth date (male, born in Germany), as the body repeats it. */
const HANS_OWN = { sesso: 'M', statoNascita: 'DE' } as const;

describe.each(testDatabases())('identity takeover on $kind', ({ open }) => {
  let t: TestApp;
  let hans: TokenResponse;
  let hansSubject: string;
  let giuliaToken: string;
  let giuliaRequestId: number;

  beforeAll(async () => {
    // The abuse limit (10 checks a minute) is tested in rate-limits.test.ts; here every attempt counts.
    t = await startTestApp(await open(), { PUBLIC_URL: BASE, RATE_LIMITS: 'false' });
    hans = await signIn(t.app, BASE, 'FO', 'hans');
    hansSubject = JSON.parse(Buffer.from(hans.id_token.split('.')[1]!, 'base64url').toString()).sub;
    giuliaToken = (await signIn(t.app, BASE, 'FO', 'giulia')).access_token;
    const list = await call('GET', ApiPaths.requestList, giuliaToken);
    if (!(list.json() as RequestListResponse).requestList) throw new Error(list.body);
    giuliaRequestId = (list.json() as RequestListResponse).requestList[0]!.requestId;
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) {
    return t.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload: payload as object } : {}) });
  }
  const check = (body: Record<string, string>) => call('POST', ApiPaths.checkPerson, hans.access_token, body);
  const binding = () =>
    t.database.db.selectFrom('identity_subjects').select(['fiscal_code', 'matched']).where('subject', '=', hansSubject).executeTakeFirstOrThrow();
  const attempts = async () =>
    (await t.database.db.selectFrom('identity_match_attempts').select('outcome').where('subject', '=', hansSubject).orderBy('attempt_id').execute()).map(
      (r) => r.outcome,
    );

  /** Nothing bound, and none of the victim's data reachable with Hans's token. */
  async function expectNothingGained(victimCode: string) {
    expect(await binding()).toEqual({ fiscal_code: null, matched: false });
    expect((await call('GET', `${ApiPaths.userInfo}?fiscalCode=${victimCode}`, hans.access_token)).statusCode).toBe(403);
    expect((await call('GET', apiPath('request', { id: giuliaRequestId }), hans.access_token)).statusCode).not.toBe(200);
    expect((await call('GET', apiPath('requestPdf', { id: giuliaRequestId }), hans.access_token)).statusCode).not.toBe(200);
    expect((await call('GET', `${ApiPaths.checkLegalRep}?cfPersona=${victimCode}&cfImpresa=01234567897`, hans.access_token)).statusCode).not.toBe(200);
  }

  it('refuses Giulia’s, Mario’s and Anna’s public data in the body: the provider asserted Hans (400, nothing bound)', async () => {
    const victims: Record<string, string>[] = [
      { nome: 'Giulia', cognome: 'Bianchi', dataNascita: '1985-08-01', statoNascita: 'Italia', comuneNascita: 'Milano', sesso: 'F', codiceFiscale: GIULIA },
      { nome: 'Mario', cognome: 'Rossi', dataNascita: '1980-01-01', statoNascita: 'Italia', comuneNascita: 'Roma', sesso: 'M', codiceFiscale: MARIO },
      { nome: 'Anna', cognome: 'Verdi', dataNascita: '1975-04-12', statoNascita: 'Italia', comuneNascita: 'Napoli', sesso: 'F', codiceFiscale: ANNA },
      // Only the birth date differs from Hans's: still refused.
      { nome: 'Hans', cognome: 'Muller', dataNascita: '1985-08-01', statoNascita: 'Italia', comuneNascita: 'Milano', sesso: 'F', codiceFiscale: GIULIA },
      // Sex and country as the provider asserts them, only the names or the birth date another's.
      { nome: 'Giulia', cognome: 'Bianchi', dataNascita: '1985-08-01', statoNascita: 'DE', sesso: 'M', codiceFiscale: GIULIA },
      { nome: 'Hans', cognome: 'Muller', dataNascita: '1985-08-01', statoNascita: 'DE', sesso: 'M', codiceFiscale: HANS },
    ];
    for (const body of victims) {
      const response = await check(body);
      expect(response.statusCode, body.codiceFiscale).toBe(400);
      expect(response.json()).toMatchObject({ code: 400 });
      await expectNothingGained(body.codiceFiscale!);
    }
  });

  it('takes sex and country of birth from the provider: a female or a Rome-born code with Hans’s names is refused (400, nothing bound)', async () => {
    const claims = JSON.parse(Buffer.from(hans.id_token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ gender: 'M', place_of_birth: { country: 'DE' } });
    const bodies: Record<string, string>[] = [
      { sesso: 'F', statoNascita: 'DE', codiceFiscale: HANS_FEMALE },
      { sesso: 'M', statoNascita: 'Italia', comuneNascita: 'Roma', codiceFiscale: HANS_ROME },
      { sesso: 'M', statoNascita: 'IT', comuneNascita: 'Roma', codiceFiscale: HANS_ROME },
    ];
    for (const body of bodies) {
      const response = await check(body);
      expect(response.statusCode, body.codiceFiscale).toBe(400);
      expect(response.json()).toMatchObject({
        code: 400,
        field: expect.stringMatching(/^(sesso|statoNascita)$/),
        description: expect.stringMatching(/^(sesso|statoNascita): does not match/),
      });
      await expectNothingGained(body.codiceFiscale!);
    }
    // Germany by its Italian name is the same country: a wrong code is simply not valid.
    expect((await check({ sesso: 'M', statoNascita: 'Germania', codiceFiscale: HANS_ROME })).json()).toMatchObject({ code: 200, valido: false });
  });

  it('recomputes the code from the provider’s data: another person’s code with only the free fields is not valid', async () => {
    for (const code of [GIULIA, MARIO, ANNA]) {
      for (const statoNascita of ['DE', 'Germania']) {
        const response = await check({ ...HANS_OWN, statoNascita, codiceFiscale: code });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ valido: false });
        await expectNothingGained(code);
      }
    }
  });

  it('refuses his own correct code while an account or another identity holds it (409, nothing bound)', async () => {
    const db = t.database.db;
    // An account whose code a provider asserted (a citizen), then a staff account, then another identity.
    const holders = [
      () =>
        db
          .insertInto('users')
          .values({ realm: 'FO', fiscal_code: HANS, eidas_id: null, first_name: 'Hans', last_name: 'Muller', profile_id: Role.FRONT_OFFICE })
          .returning('user_id')
          .executeTakeFirstOrThrow(),
      () =>
        db
          .insertInto('users')
          .values({ realm: 'BO', fiscal_code: HANS, eidas_id: null, first_name: 'Hans', last_name: 'Muller', profile_id: Role.BO_ADMIN })
          .returning('user_id')
          .executeTakeFirstOrThrow(),
    ];
    for (const hold of holders) {
      const { user_id } = await hold();
      // The code itself, and its omocodic variant (the same base code): both taken.
      for (const codiceFiscale of [HANS, HANS_OMOCODE]) {
        const response = await check({ ...HANS_OWN, codiceFiscale });
        expect(response.statusCode, codiceFiscale).toBe(409);
        expect(response.json()).toMatchObject({ code: 409 });
        expect(await binding()).toEqual({ fiscal_code: null, matched: false });
      }
      await db.deleteFrom('users').where('user_id', '=', user_id).execute();
    }
    // Another identity holding the variant: Hans's plain code is the same code.
    await db
      .insertInto('identity_subjects')
      .values({ subject: 'someone-else', fiscal_code: HANS_OMOCODE, eidas_id: null, claims: JSON.stringify({}), matched: false, updated_at: new Date() })
      .execute();
    for (const codiceFiscale of [HANS, HANS_OMOCODE]) expect((await check({ ...HANS_OWN, codiceFiscale })).statusCode, codiceFiscale).toBe(409);
    expect(await binding()).toEqual({ fiscal_code: null, matched: false });
    await db.deleteFrom('identity_subjects').where('subject', '=', 'someone-else').execute();
  });

  it('keeps a matched code unique by its base form in the database: a second identity cannot hold its omocodic variant', async () => {
    const db = t.database.db;
    const row = (subject: string, fiscal_code: string) => ({
      subject,
      fiscal_code,
      eidas_id: null,
      claims: JSON.stringify({}),
      matched: true,
      updated_at: new Date(),
    });
    await db.insertInto('identity_subjects').values(row('first-holder', GIULIA)).execute();
    await expect(db.insertInto('identity_subjects').values(row('second-holder', 'BNCGLI85M41F20RW')).execute()).rejects.toMatchObject({ code: '23505' });
    await db.deleteFrom('identity_subjects').where('subject', '=', 'first-holder').execute();
    expect(await db.selectFrom('identity_subjects').select('subject').where('subject', '=', 'second-holder').execute()).toEqual([]);
  });

  it('binds Hans to his own code once: at a later login he confirms it; binding any other code is refused and changes nothing', async () => {
    const right = await check({ ...HANS_OWN, nome: 'Hans', cognome: 'Muller', dataNascita: '1975-03-02', codiceFiscale: HANS.toLowerCase() });
    expect(right.json()).toMatchObject({ code: 200, valido: true });
    expect(await binding()).toEqual({ fiscal_code: HANS, matched: true });
    expect((await call('GET', `${ApiPaths.userInfo}?fiscalCode=${HANS}`, hans.access_token)).statusCode).toBe(200);

    // A client that asks him again (the SPA does not: the token answer brings the bound code) gets his own code confirmed.
    const confirmed = await check({ ...HANS_OWN, codiceFiscale: HANS });
    expect(confirmed.json()).toMatchObject({ code: 200, valido: true });
    // Another person's code is simply not his (his data do not give it), and nothing changes.
    for (const body of [
      { ...HANS_OWN, codiceFiscale: GIULIA },
      { ...HANS_OWN, codiceFiscale: MARIO },
    ]) {
      const again = await check(body);
      expect(again.json()).toMatchObject({ valido: false });
      expect(await binding()).toEqual({ fiscal_code: HANS, matched: true });
    }
    // A second code his own data would give (an omocodic variant of his) is a re-binding: refused.
    const variant = await check({ ...HANS_OWN, codiceFiscale: HANS_OMOCODE });
    expect(variant.statusCode, variant.body).toBe(409);
    expect(await binding()).toEqual({ fiscal_code: HANS, matched: true });
    // His own code only: user info refuses any other.
    expect((await call('GET', `${ApiPaths.userInfo}?fiscalCode=${GIULIA}`, hans.access_token)).statusCode).toBe(403);
  });

  it('never opens a back-office account with a matched code, even when a staff account holds that code', async () => {
    await t.database.db
      .insertInto('users')
      .values({ realm: 'BO', fiscal_code: HANS, eidas_id: null, first_name: 'Hans', last_name: 'Muller', profile_id: Role.BO_ADMIN })
      .execute();
    // Through the portal's back-office token exchange: refused, no token handed out.
    const { code, verifier, redirectUri } = await authorize(t.app, BASE, 'BO', 'hans');
    const exchange = await t.app.inject({
      method: 'POST',
      url: '/api/login/token2',
      payload: { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier },
    });
    expect(exchange.statusCode).toBe(403);
    expect(exchange.json()).not.toHaveProperty('access_token');

    // With a back-office token taken from the provider directly (the exchange bypassed), the API
    // still finds no staff account for a matched code.
    const secrets = await loadOrCreateSecrets(t.config.dataDir);
    const direct = await authorize(t.app, BASE, 'BO', 'hans');
    const tokenResponse = await t.app.inject({
      method: 'POST',
      url: '/idp/token',
      headers: {
        host: new URL(BASE).host,
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`suap-bo:${secrets.clientSecrets.bo}`).toString('base64')}`,
      },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code: direct.code,
        redirect_uri: direct.redirectUri,
        code_verifier: direct.verifier,
      }).toString(),
    });
    expect(tokenResponse.statusCode, tokenResponse.body).toBe(200);
    const boToken = (tokenResponse.json() as { access_token: string }).access_token;
    expect((await call('GET', ApiPaths.boUserInfo, boToken)).statusCode).toBe(404);
    expect((await call('GET', ApiPaths.boRequestList, boToken)).statusCode).toBe(403);
    expect((await call('GET', ApiPaths.boUserList, boToken)).statusCode).toBe(403);
  });

  it('audits every attempt with time, identity key and outcome, and logs no personal data', async () => {
    expect(await attempts()).toEqual([
      'claims-disagree',
      'claims-disagree',
      'claims-disagree',
      'claims-disagree',
      'claims-disagree',
      'claims-disagree',
      'claims-disagree',
      'claims-disagree',
      'claims-disagree',
      'mismatch',
      'mismatch',
      'mismatch',
      'mismatch',
      'mismatch',
      'mismatch',
      'mismatch',
      'code-taken',
      'code-taken',
      'code-taken',
      'code-taken',
      'code-taken',
      'code-taken',
      'matched',
      'confirmed',
      'mismatch',
      'mismatch',
      'already-bound',
    ]);
    const row = await t.database.db.selectFrom('identity_match_attempts').selectAll().where('subject', '=', hansSubject).executeTakeFirstOrThrow();
    expect(Object.keys(row).sort()).toEqual(['at', 'attempt_id', 'outcome', 'subject']);
    const logs = t.logs.join('\n');
    for (const personal of [HANS, GIULIA, MARIO, ANNA, 'Muller', 'Bianchi']) expect(logs).not.toContain(personal);
  });

  it('has nothing to match for a person whose provider asserts the code: Mario is refused even with his own data (409, nothing changed)', async () => {
    const mario = await signIn(t.app, BASE, 'FO', 'mario');
    const marioSubject = JSON.parse(Buffer.from(mario.id_token.split('.')[1]!, 'base64url').toString()).sub;
    const own = { nome: 'Mario', cognome: 'Rossi', dataNascita: '1980-01-01', statoNascita: 'Italia', comuneNascita: 'Roma', sesso: 'M', codiceFiscale: MARIO };
    const response = await call('POST', ApiPaths.checkPerson, mario.access_token, own);
    expect(response.statusCode, response.body).toBe(409);
    const row = await t.database.db
      .selectFrom('identity_subjects')
      .select(['fiscal_code', 'matched'])
      .where('subject', '=', marioSubject)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ fiscal_code: MARIO, matched: false });
  });

  it('binds in one conditional statement: a check that began before Hans was bound (two tabs at once) cannot bind a second code', async () => {
    // No staff account holds his code now: only the statement's own condition can stop a re-binding.
    await t.database.db.deleteFrom('users').where('realm', '=', 'BO').where('fiscal_code', '=', HANS).execute();
    // The view of Hans a concurrent request loaded before his first binding landed.
    const current = await new SubjectStore(t.database.db).find(hansSubject);
    const stale = { ...current!, fiscalCode: null, matched: false };
    // His code's omocodic variant is valid for his data: only the statement's own condition stops it.
    await expect(new IdentityMatcher(t.database.db).match(stale, { ...HANS_OWN, codiceFiscale: HANS_OMOCODE })).rejects.toMatchObject({ statusCode: 409 });
    expect(await binding()).toEqual({ fiscal_code: HANS, matched: true });
  });
});
