// A whole journey with request logging on: the log must never carry a fiscal code, an e-mail, a
// name, a token or an authorization header (OWASP ASVS 16.x, GDPR data minimisation).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import type { RequestResponse } from '#shared/api/requests.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';
const FORBIDDEN = [
  /[A-Z]{6}\d{2}[A-Z]\d{2}[A-Z]\d{3}[A-Z]/i, // fiscal codes
  /[\w.+-]+@[\w-]+\.[\w.]+/, // e-mail addresses
  /eyJ[\w-]{10,}/, // JWTs
  /bearer\s/i,
  /"authorization"/i,
  /Rossi|Bianchi|Verdi|Muller|Giulia|Mario/, // demo people's names
  /code_verifier|access_token|id_token/,
];

describe.each(testDatabases())('logs without personal data on $kind', ({ open }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(await open(), { PUBLIC_URL: BASE, LOG_LEVEL: 'trace' });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  it('logs a full citizen and clerk journey without any of it', async () => {
    const mario = (await signIn(t.app, BASE, 'FO', 'mario')).access_token;
    const anna = (await signIn(t.app, BASE, 'BO', 'anna')).access_token;
    const as = (token: string) => ({ authorization: `Bearer ${token}` });
    await t.app.inject({ url: `/api${ApiPaths.userInfo}?fiscalCode=RSSMRA80A01H501U`, headers: as(mario) });
    await t.app.inject({ url: `/api${ApiPaths.userInfo}?fiscalCode=BNCGLI85M41F205B`, headers: as(mario) }); // refused: someone else's code
    const created = (
      await t.app.inject({
        method: 'POST',
        url: `/api${ApiPaths.requestCreate}`,
        headers: as(mario),
        payload: { procedureNotification: { type: 1, value: 'mario.rossi@example.org' } },
      })
    ).json() as RequestResponse;
    const id = created.request.requestId;
    await t.app.inject({
      method: 'PUT',
      url: `/api${apiPath('request', { id })}`,
      headers: as(mario),
      payload: { ...created.request, personalData: { firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA80A01H501U', email: 'bad@' } },
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api${apiPath('request', { id })}`,
      headers: as(mario),
      payload: { ...created.request, personalData: { firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA80A01H501U' } },
    });
    await t.app.inject({ url: `/api${apiPath('requestPdf', { id })}`, headers: as(mario) });
    await t.app.inject({
      method: 'POST',
      url: `/api${ApiPaths.checkPerson}`,
      headers: as(mario),
      payload: {
        nome: 'Mario',
        cognome: 'Rossi',
        dataNascita: '1980-01-01',
        statoNascita: 'Italia',
        comuneNascita: 'Roma',
        sesso: 'M',
        codiceFiscale: 'RSSMRA80A01H501U',
      },
    });
    await t.app.inject({ url: `/api${ApiPaths.boRequestList}?filter=Bianchi`, headers: as(anna) });
    await t.app.inject({
      method: 'POST',
      url: `/api${ApiPaths.boUserCreate}`,
      headers: as(anna),
      payload: { firstName: 'Sara', lastName: 'Blu', fiscalCode: 'BLUSRA92H55D612F', email: 'sara.blu@example.org', profile: { profileId: 3 } },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api${ApiPaths.boUserCreate}`,
      headers: as(anna),
      payload: { firstName: 'Sara', lastName: 'Blu', fiscalCode: 'BLUSRA92H55D612F', email: 'sara.blu@example.org', profile: { profileId: 3 } },
    }); // duplicate
    await t.app.inject({
      url: `/api${ApiPaths.userInfo}?fiscalCode=RSSMRA80A01H501U`,
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJtYXJpbyJ9.forged' },
    });
    await t.app.inject({ method: 'DELETE', url: `/api${ApiPaths.revoke}`, payload: { accessToken: mario } });

    const log = t.logs.join('');
    expect(t.logs.length).toBeGreaterThan(20);
    expect(log).toContain('"statusCode":403');
    expect(log).toContain('"route":"/api/suap/v1/request/:id"');
    for (const pattern of FORBIDDEN) expect(log, `log contains ${pattern}`).not.toMatch(pattern);
  });
});
