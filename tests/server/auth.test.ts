import fs from 'node:fs/promises';
import path from 'node:path';
import Fastify from 'fastify';
import { SignJWT, generateKeyPair, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '#shared/api/paths.ts';
import type { TokenResponse, UserInfoResponse } from '#shared/api/auth.ts';
import { registerAccessControl } from '#server/auth/access.ts';
import type { IdpSecrets } from '#server/idp/keys.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { authorize, signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';
const MARIO = 'RSSMRA80A01H501U';
const GIULIA = 'BNCGLI85M41F205B';
const HANS = 'MLLHNS75C02Z112L';

describe.each(testDatabases())('identity on $kind', ({ open }) => {
  let t: TestApp;
  let second: TestApp;
  const tokens: Record<string, TokenResponse> = {};

  beforeAll(async () => {
    t = await startTestApp(await open(), { PUBLIC_URL: BASE });
    // A second instance on the same database and data folder, as behind a load balancer.
    second = await startTestApp(t.database, { PUBLIC_URL: BASE, DATA_DIR: t.config.dataDir });
    tokens.mario = await signIn(t.app, BASE, 'FO', 'mario');
    tokens.paolo = await signIn(t.app, BASE, 'FO', 'paolo');
    tokens.hans = await signIn(t.app, BASE, 'FO', 'hans');
    tokens.anna = await signIn(t.app, BASE, 'BO', 'anna');
    tokens.sara = await signIn(t.app, BASE, 'BO', 'sara');
  });
  afterAll(async () => {
    await second.close();
    await t.close();
    await t.database.close();
  });

  const call = (app: TestApp, method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(payload ? { payload: payload as object } : {}),
    });
  const userInfo = (token: string | undefined, fiscalCode: string, app = t) => call(app, 'GET', `${ApiPaths.userInfo}?fiscalCode=${fiscalCode}`, token);

  it('shows every demo identity on the sign-in page as a button named after the person', async () => {
    const { loginPage } = await authorize(t.app, BASE, 'FO', 'mario');
    for (const name of ['Mario Rossi', 'Giulia Bianchi', 'Hans Muller', 'Anna Verdi', 'Luca Neri', 'Paolo Gialli', 'Sara Blu']) {
      expect(loginPage).toMatch(new RegExp(`<button type="submit" name="person" value="\\w+"[^>]*>${name}</button>`));
    }
    expect(loginPage).toContain('<html lang="it">');
  });

  it('exchanges the code for tokens whose ID token carries SPID-shaped claims', () => {
    const idClaims = JSON.parse(Buffer.from(tokens.mario!.id_token.split('.')[1]!, 'base64url').toString());
    expect(idClaims).toMatchObject({
      given_name: 'Mario',
      family_name: 'Rossi',
      birthdate: '1980-01-01',
      'https://attributes.eid.gov.it/fiscal_number': `TINIT-${MARIO}`,
    });
    const hansClaims = JSON.parse(Buffer.from(tokens.hans!.id_token.split('.')[1]!, 'base64url').toString());
    expect(hansClaims['https://attributes.eid.gov.it/fiscal_number']).toBeUndefined();
    expect(hansClaims['https://attributes.eid.gov.it/eidas_identifier']).toMatch(/^DE\/IT\//);
    expect(tokens.mario!.token_type).toBe('Bearer');
    expect(tokens.mario!.expires_in).toBeGreaterThan(0);
  });

  it('refuses a bad code with a 401 envelope and a malformed exchange with 400', async () => {
    const bad = await call(t, 'POST', ApiPaths.foAuthToken, undefined, {
      grant_type: 'authorization_code',
      code: 'nope',
      redirect_uri: `${BASE}/auth/callback`,
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ code: 401 });
    const malformed = await call(t, 'POST', ApiPaths.foAuthToken, undefined, { grant_type: 'password', code: 'x', redirect_uri: 'y' });
    expect(malformed.statusCode).toBe(400);
  });

  it('renews an access token with the refresh token through the same client’s endpoint, on either instance', async () => {
    const mario = await signIn(t.app, BASE, 'FO', 'mario');
    expect(mario.refresh_token).toEqual(expect.any(String));
    const renewed = await call(second, 'POST', ApiPaths.foAuthToken, undefined, { grant_type: 'refresh_token', refresh_token: mario.refresh_token });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = renewed.json() as TokenResponse;
    expect(fresh.access_token).not.toBe(mario.access_token);
    expect(fresh.expires_in).toBeGreaterThan(0);
    // The renewed token is the same person's, and works.
    expect((await userInfo(fresh.access_token, MARIO)).json().user.fiscalCode).toBe(MARIO);
    const idClaims = JSON.parse(Buffer.from(fresh.id_token.split('.')[1]!, 'base64url').toString());
    expect(idClaims['https://attributes.eid.gov.it/fiscal_number']).toBe(`TINIT-${MARIO}`);
  });

  it('refuses a refresh token at the other client’s endpoint, a made-up one, and malformed ones, handing out nothing', async () => {
    const mario = await signIn(t.app, BASE, 'FO', 'mario');
    const atStaffClient = await call(t, 'POST', ApiPaths.boAuthToken, undefined, { grant_type: 'refresh_token', refresh_token: mario.refresh_token });
    expect(atStaffClient.statusCode).toBe(401);
    expect(Object.keys(atStaffClient.json()).sort()).toEqual(['code', 'description', 'errorKey', 'message']);
    const madeUp = await call(t, 'POST', ApiPaths.foAuthToken, undefined, { grant_type: 'refresh_token', refresh_token: 'not-a-refresh-token' });
    expect(madeUp.statusCode).toBe(401);
    for (const body of [
      { grant_type: 'refresh_token' },
      { grant_type: 'refresh_token', refresh_token: 'a\u0000b' },
      { grant_type: 'refresh_token', refresh_token: 'x', code: 'y' },
    ]) {
      expect((await call(t, 'POST', ApiPaths.foAuthToken, undefined, body)).statusCode).toBe(400);
    }
  });

  it('returns a citizen’s own account, registering nothing twice, and refuses another person’s code', async () => {
    const own = await userInfo(tokens.mario!.access_token, MARIO);
    expect(own.statusCode).toBe(200);
    const body = own.json() as UserInfoResponse;
    expect(body.user).toMatchObject({
      firstName: 'Mario',
      lastName: 'Rossi',
      fiscalCode: MARIO,
      active: 1,
      profile: { profileId: 1 },
      dateOfBirth: '1980-01-01',
    });
    expect((await userInfo(tokens.mario!.access_token, GIULIA)).statusCode).toBe(403);
    const asStaff = await call(t, 'GET', `${ApiPaths.userInfo}?fiscalCode=${MARIO}`, tokens.mario!.access_token, undefined, { 'x-suap-profile': '2' });
    expect(asStaff.statusCode).toBe(403);
  });

  it('returns a deactivated citizen with active 0, so the app refuses the login', async () => {
    const response = await userInfo(tokens.paolo!.access_token, 'GLLPLA68B29A944Z');
    expect((response.json() as UserInfoResponse).user.active).toBe(0);
  });

  it('accepts back-office people registered as staff and refuses the others', async () => {
    const anna = await call(t, 'GET', ApiPaths.boUserInfo, tokens.anna!.access_token);
    expect(anna.statusCode).toBe(200);
    expect((anna.json() as UserInfoResponse).user.profile).toMatchObject({ profileId: 2, description: 'Amministratore' });
    const sara = await call(t, 'GET', ApiPaths.boUserInfo, tokens.sara!.access_token);
    expect(sara.statusCode).toBe(404);
    expect(sara.json()).toMatchObject({ code: 404 });
  });

  it('binds an eIDAS person to the fiscal code the identity matcher proves, and only then', async () => {
    expect((await userInfo(tokens.hans!.access_token, HANS)).statusCode).toBe(403);
    const person = { nome: 'Hans', cognome: 'Muller', dataNascita: '1975-03-02', statoNascita: 'Germania', sesso: 'M' };
    const wrong = await call(t, 'POST', ApiPaths.checkPerson, tokens.hans!.access_token, { ...person, codiceFiscale: 'MLLHNS75C02Z112X' });
    expect(wrong.json()).toMatchObject({ valido: false });
    expect((await userInfo(tokens.hans!.access_token, HANS)).statusCode).toBe(403);
    const right = await call(t, 'POST', ApiPaths.checkPerson, tokens.hans!.access_token, { ...person, codiceFiscale: HANS });
    expect(right.json()).toMatchObject({ code: 200, valido: true });
    const info = await userInfo(tokens.hans!.access_token, HANS);
    expect(info.statusCode).toBe(200);
    expect((info.json() as UserInfoResponse).user).toMatchObject({ firstName: 'Hans', fiscalCode: HANS, userEidasId: expect.stringMatching(/^DE\/IT\//) });
  });

  it('does not let a person with an asserted fiscal code take another one through the matcher', async () => {
    const giulia = {
      nome: 'Giulia',
      cognome: 'Bianchi',
      dataNascita: '1985-08-01',
      statoNascita: 'Italia',
      comuneNascita: 'Milano',
      sesso: 'F',
      codiceFiscale: GIULIA,
    };
    const response = await call(t, 'POST', ApiPaths.checkPerson, tokens.mario!.access_token, giulia);
    expect(response.statusCode).toBe(409);
    expect(response.json()).not.toHaveProperty('valido');
    expect((await userInfo(tokens.mario!.access_token, GIULIA)).statusCode).toBe(403);
  });

  it('reads the Authorization scheme case-insensitively (RFC 6750)', async () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const response = await call(t, 'GET', `${ApiPaths.userInfo}?fiscalCode=${MARIO}`, undefined, undefined, {
        authorization: `${scheme} ${tokens.mario!.access_token}`,
      });
      expect(response.statusCode, scheme).toBe(200);
    }
    expect(
      (await call(t, 'GET', `${ApiPaths.userInfo}?fiscalCode=${MARIO}`, undefined, undefined, { authorization: `Basic ${tokens.mario!.access_token}` }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses a back-office sign-in whose provider asserts no fiscal code, handing out no token', async () => {
    const { code, verifier, redirectUri } = await authorize(t.app, BASE, 'BO', 'hans');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login/token2',
      payload: { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 403 });
    expect(response.json()).not.toHaveProperty('access_token');
  });

  it('refuses malformed identity-check input with 400', async () => {
    const response = await call(t, 'POST', ApiPaths.checkPerson, tokens.mario!.access_token, {
      nome: 'M4rio',
      cognome: 'Rossi',
      dataNascita: '1980-13-40',
      statoNascita: 'Italia',
      sesso: 'X',
      codiceFiscale: 'nope',
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers the legal-representative check from the companies table, for the caller only', async () => {
    const giulia = await signIn(t.app, BASE, 'FO', 'giulia');
    await userInfo(giulia.access_token, GIULIA);
    const ok = await call(t, 'GET', `${ApiPaths.checkLegalRep}?cfPersona=${GIULIA}&cfImpresa=01234567897`, giulia.access_token);
    expect(ok.json()).toMatchObject({ esito: 'OK' });
    const ko = await call(t, 'GET', `${ApiPaths.checkLegalRep}?cfPersona=${MARIO}&cfImpresa=01234567897`, tokens.mario!.access_token);
    expect(ko.json()).toMatchObject({ esito: 'KO' });
    const other = await call(t, 'GET', `${ApiPaths.checkLegalRep}?cfPersona=${GIULIA}&cfImpresa=01234567897`, tokens.mario!.access_token);
    expect(other.statusCode).toBe(403);
  });

  it('maps the startup process to its EU public service, for signed-in callers', async () => {
    const found = await call(t, 'GET', `${ApiPaths.publicServiceMapping}?name=startup&ipaCode=${t.config.ipaCode}`, tokens.mario!.access_token);
    expect(found.json()).toMatchObject({ code: 200, publicService: { typeOfServiceId: 1 } });
    // Spec §5/§8: a missing service-mapping configuration is the Generic Error, code 999.
    const missing = await call(t, 'GET', `${ApiPaths.publicServiceMapping}?name=other&ipaCode=${t.config.ipaCode}`, tokens.mario!.access_token);
    expect(missing.statusCode).toBe(500);
    expect(missing.json()).toEqual({ code: 999, message: 'Generic Error', description: 'Generic Error', errorKey: 'generic-error' });
    expect((await call(t, 'GET', `${ApiPaths.publicServiceMapping}?name=startup&ipaCode=${t.config.ipaCode}`)).statusCode).toBe(401);
  });

  describe('tokens the API refuses, on either instance', () => {
    const secrets = async () => JSON.parse(await fs.readFile(path.join(t.config.dataDir, 'idp-secrets.json'), 'utf8')) as IdpSecrets;
    const forge = async (key: CryptoKey | Uint8Array, kid: string, claims: Record<string, unknown>, expiresIn: string | number = '5m') =>
      new SignJWT({ client_id: 'suap-fo', jti: `forged-${Math.random()}`, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'at+jwt' })
        .setIssuer(String(claims.iss ?? t.config.oidc.issuer))
        .setAudience(String(claims.aud ?? t.config.oidc.audience))
        .setSubject('mario')
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(key);

    it('refuses a missing or garbage token', async () => {
      for (const app of [t, second]) {
        expect((await userInfo(undefined, MARIO, app)).statusCode).toBe(401);
        expect((await userInfo('not.a.token', MARIO, app)).json()).toMatchObject({ code: 401 });
      }
    });

    it('refuses a token signed by another issuer’s key', async () => {
      const { privateKey } = await generateKeyPair('RS256');
      const token = await forge(privateKey, (await secrets()).signingKey.kid!, {});
      for (const app of [t, second]) expect((await userInfo(token, MARIO, app)).statusCode).toBe(401);
    });

    it('refuses a token naming another issuer or audience, even when signed with the right key', async () => {
      const s = await secrets();
      const key = (await importJWK(s.signingKey, 'RS256')) as CryptoKey;
      expect((await userInfo(await forge(key, s.signingKey.kid!, { iss: 'https://evil.example.org/idp' }), MARIO)).statusCode).toBe(401);
      expect((await userInfo(await forge(key, s.signingKey.kid!, { aud: 'someone-else' }), MARIO)).statusCode).toBe(401);
      // Control: the same forgery with the right issuer and audience is accepted, so the checks above are what refused.
      expect((await userInfo(await forge(key, s.signingKey.kid!, {}), MARIO)).statusCode).toBe(200);
    });

    it('refuses an expired token', async () => {
      const s = await secrets();
      const key = (await importJWK(s.signingKey, 'RS256')) as CryptoKey;
      const expired = await forge(key, s.signingKey.kid!, {}, Math.floor(Date.now() / 1000) - 60);
      for (const app of [t, second]) expect((await userInfo(expired, MARIO, app)).statusCode).toBe(401);
    });

    it('refuses a token issued to the other client', async () => {
      expect((await call(t, 'GET', ApiPaths.boUserInfo, tokens.mario!.access_token)).statusCode).toBe(401);
      expect((await userInfo(tokens.anna!.access_token, 'VRDNNA75D52F839Y')).statusCode).toBe(401);
    });

    it('refuses a revoked token on every instance', async () => {
      const fresh = await signIn(t.app, BASE, 'FO', 'mario');
      expect((await userInfo(fresh.access_token, MARIO, second)).statusCode).toBe(200);
      const revoke = await call(t, 'DELETE', ApiPaths.revoke, undefined, { accessToken: fresh.access_token });
      expect(revoke.statusCode).toBe(200);
      for (const app of [t, second]) {
        const refused = await userInfo(fresh.access_token, MARIO, app);
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toMatchObject({ code: 401, description: expect.stringContaining('revoked') });
      }
      // The other session of the same person is untouched.
      expect((await userInfo(tokens.mario!.access_token, MARIO, second)).statusCode).toBe(200);
    });
  });
});

describe('deny by default', () => {
  it('refuses to start when an API route declares no access rule', async () => {
    const app = Fastify();
    registerAccessControl(app, {} as never);
    expect(() => app.get('/api/suap/v1/forgotten', async () => ({}))).toThrow(/declares no access rule/);
    await app.close();
  });
});
