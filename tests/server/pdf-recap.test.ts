import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import type { RequestListResponse, SuapRequest } from '#shared/api/requests.ts';
import { RequestState } from '#shared/constants.ts';
import { EMPTY_VALUE } from '#shared/empty-value.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';

/** pdftotext from Debian's poppler-utils: what a screen reader or a search engine would read. */
function pdfText(pdf: Buffer): string {
  const file = path.join(os.tmpdir(), `recap-${process.pid}-${Math.random()}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

describe.each(testDatabases())('PDF recap on $kind', ({ open }) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  let sent: SuapRequest;
  beforeAll(async () => {
    t = await startTestApp(await open(), { PUBLIC_URL: BASE });
    for (const [who, code] of [
      ['giulia', 'BNCGLI85M41F205B'],
      ['mario', 'RSSMRA80A01H501U'],
    ] as const) {
      token[who] = (await signIn(t.app, BASE, 'FO', who)).access_token;
      await t.app.inject({ url: `/api${ApiPaths.userInfo}?fiscalCode=${code}`, headers: { authorization: `Bearer ${token[who]}` } });
    }
    token.luca = (await signIn(t.app, BASE, 'BO', 'luca')).access_token;
    const list = (
      await t.app.inject({ url: `/api${ApiPaths.requestList}`, headers: { authorization: `Bearer ${token.giulia}` } })
    ).json() as RequestListResponse;
    sent = list.requestList.find((r) => r.stateOfRequest.stateOfRequestId === RequestState.REJECTED)!;
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  const get = (url: string, who: string | null, lang = 'it') =>
    t.app.inject({ url: `/api${url}?lang=${lang}`, headers: who ? { authorization: `Bearer ${token[who]}` } : {} });

  it('gives the owner a real-text PDF with the request number, office and initiative', async () => {
    const response = await get(apiPath('requestPdf', { id: sent.requestId }), 'giulia');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="riepilogo-richiesta-${sent.requestId}.pdf"; filename*=UTF-8''riepilogo-richiesta-${sent.requestId}.pdf`,
    );
    const text = pdfText(response.rawPayload);
    expect(text).toContain(`Riepilogo della richiesta n. ${sent.requestId}`);
    expect(text).toContain(sent.suap!.name);
    expect(text).toContain(sent.iniziative!.activityIt);
    // Where the business will be: the municipality of the activity and the business's address in it.
    expect(text).toContain('Comune dell’attività: Milano (MI)');
    expect(text).toContain('Indirizzo dell’attività: Corso Buenos Aires 20, 20124 Milano');
    expect(text).toContain('Motivazione');
    // A value nobody gave is the portal's one empty value, as on the screens…
    expect(text).toMatch(new RegExp(`Telefono: ${EMPTY_VALUE}\\s*$`, 'm'));
    expect(text).toMatch(new RegExp(`CAP: ${EMPTY_VALUE}\\s*$`, 'm'));
    expect(text).not.toMatch(/non indicat/i);
    // …and assistive technology reads words for it (the paragraph's ActualText).
    expect(response.rawPayload.toString('latin1')).toContain('/ActualText (Telefono: dato non indicato)');
    // Staff appear to the citizen by role only.
    expect(text).toContain('personale dello sportello');
    expect(text).not.toContain('Anna Verdi');
  });

  it('is tagged: structure tree, marked content, document language and displayed title', async () => {
    const response = await get(apiPath('requestPdf', { id: sent.requestId }), 'giulia');
    const raw = response.rawPayload.toString('latin1');
    expect(raw).toMatch(/\/StructTreeRoot \d+ 0 R/);
    expect(raw).toMatch(/\/MarkInfo \d+ 0 R/);
    expect(raw).toMatch(/\/Marked true/);
    expect(raw).toMatch(/\/Lang \(it-IT\)/);
    expect(raw).toMatch(/\/DisplayDocTitle true/);
    expect(raw).toContain('pdfuaid:part');
    const info = execFileSync('pdfinfo', ['-'], { input: response.rawPayload, encoding: 'utf8' });
    expect(info).toMatch(/Tagged:\s+yes/);
    expect(info).toMatch(new RegExp(`Title:\\s+Riepilogo della richiesta ${sent.requestId}`));
  });

  it('speaks the reader’s language', async () => {
    const response = await get(apiPath('requestPdf', { id: sent.requestId }), 'giulia', 'en');
    expect(response.headers['content-disposition']).toContain(`request-recap-${sent.requestId}.pdf`);
    const text = pdfText(response.rawPayload);
    expect(text).toContain(`Request recap n. ${sent.requestId}`);
    expect(text).toContain(sent.iniziative!.activityEn);
    expect(text).toMatch(new RegExp(`Telephone: ${EMPTY_VALUE}\\s*$`, 'm'));
    expect(response.rawPayload.toString('latin1')).toContain('/ActualText (Telephone: not provided)');
    expect(response.rawPayload.toString('latin1')).toMatch(/\/Lang \(en-GB\)/);
  });

  it('is refused to another citizen (404, as if missing) and, on the back-office path, to anyone without a staff token', async () => {
    expect((await get(apiPath('requestPdf', { id: sent.requestId }), 'mario')).statusCode).toBe(404);
    expect((await get(apiPath('requestPdf', { id: sent.requestId }), null)).statusCode).toBe(401);
    expect((await get(apiPath('boRequestPdf', { id: sent.requestId }), null)).statusCode).toBe(401);
    expect((await get(apiPath('boRequestPdf', { id: sent.requestId }), 'giulia')).statusCode).toBe(401);
    expect((await get(apiPath('requestPdf', { id: 99999999 }), 'giulia')).json()).toMatchObject({ code: 404 });
  });

  it('gives staff the recap with the names of who acted', async () => {
    const response = await get(apiPath('boRequestPdf', { id: sent.requestId }), 'luca');
    expect(response.statusCode).toBe(200);
    expect(pdfText(response.rawPayload)).toContain('Giulia Bianchi');
  });
});
