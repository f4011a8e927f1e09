// PDF rendering runs in a bounded worker pool, never in a transaction (docs/architecture.md, "PDF
// rendering"). The pool here renders with tests/server/support/pdf-test-worker.ts, which holds
// every render behind a gate the test opens, or refuses every render: no timing involved.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import type { RequestListResponse, RequestResponse, SuapRequest } from '#shared/api/requests.ts';
import { RequestState } from '#shared/constants.ts';
import { deliverDue, type Envelope } from '#server/services/notifications/outbox.ts';
import { PdfPool } from '#server/services/pdf/pool.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { storeRequiredDocuments } from './support/documents.ts';
import { signIn } from './support/oidc.ts';
import { GATED_PDF, type PdfTestWorkerData } from './support/pdf-test-worker.ts';

const BASE = 'http://localhost:3999';
const ROME = 58091;
const TEST_WORKER = fileURLToPath(new URL('./support/pdf-test-worker.ts', import.meta.url));

const testPool = (data: PdfTestWorkerData, maxQueue = 1) => new PdfPool({ threads: 1, maxQueue, filename: TEST_WORKER, workerData: data });

describe.each(testDatabases())('PDF rendering pool on $kind', ({ open }) => {
  describe('a full pool', () => {
    const gate = new SharedArrayBuffer(4);
    const pool = testPool({ mode: 'gate', gate });
    let t: TestApp;
    const token: Record<string, string> = {};
    let requestId: number;
    const openGate = () => {
      Atomics.store(new Int32Array(gate), 0, 1);
      Atomics.notify(new Int32Array(gate), 0);
    };
    beforeAll(async () => {
      t = await startTestApp(await open(), { PUBLIC_URL: BASE }, { pdfPool: pool });
      token.giulia = (await signIn(t.app, BASE, 'FO', 'giulia')).access_token;
      await t.app.inject({ url: `/api${ApiPaths.userInfo}?fiscalCode=BNCGLI85M41F205B`, headers: { authorization: `Bearer ${token.giulia}` } });
      token.luca = (await signIn(t.app, BASE, 'BO', 'luca')).access_token;
      const list = (
        await t.app.inject({ url: `/api${ApiPaths.requestList}`, headers: { authorization: `Bearer ${token.giulia}` } })
      ).json() as RequestListResponse;
      requestId = list.requestList.find((r) => r.stateOfRequest.stateOfRequestId !== RequestState.DRAFT)!.requestId;
    });
    afterAll(async () => {
      openGate();
      await t.close();
      await pool.close();
      await t.database.close();
    });

    const recap = (who: string, lang: string, staff = false) =>
      t.app.inject({
        url: `/api${apiPath(staff ? 'boRequestPdf' : 'requestPdf', { id: requestId })}?lang=${lang}`,
        headers: { authorization: `Bearer ${token[who]}` },
      });

    it('refuses a PDF past its bound with 503, Retry-After and the envelope, and serves the ones it took', async () => {
      // One thread and one place in the queue: two recaps (distinct documents) fill the pool.
      const first = recap('giulia', 'it');
      const second = recap('giulia', 'en');
      await vi.waitFor(() => expect(pool.pending).toBe(2));

      const refused = await recap('luca', 'it', true);
      expect(refused.statusCode).toBe(503);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(refused.json()).toMatchObject({
        code: 503,
        message: 'Service Unavailable',
        errorKey: 'service-unavailable',
        description: expect.stringMatching(/try again in \d+ seconds/i),
      });
      // The service page's documents share the bound.
      const download = await t.app.inject({ url: '/downloads/dpr-160-2010.pdf?lang=it' });
      expect(download.statusCode).toBe(503);
      expect(download.headers['retry-after']).toBeDefined();

      openGate();
      for (const answer of await Promise.all([first, second])) {
        expect(answer.statusCode).toBe(200);
        expect(answer.body).toBe(GATED_PDF);
      }
      // Drained: the refused recap is rendered now (a refusal is not remembered).
      expect(pool.pending).toBe(0);
      expect((await recap('luca', 'it', true)).statusCode).toBe(200);
    });
  });

  describe('a submission', () => {
    const pool = testPool({ mode: 'fail' });
    let t: TestApp;
    let mario: string;
    beforeAll(async () => {
      t = await startTestApp(await open(), { PUBLIC_URL: BASE }, { pdfPool: pool });
      mario = (await signIn(t.app, BASE, 'FO', 'mario')).access_token;
      await t.app.inject({ url: `/api${ApiPaths.userInfo}?fiscalCode=RSSMRA80A01H501U`, headers: { authorization: `Bearer ${mario}` } });
    });
    afterAll(async () => {
      await t.close();
      await pool.close();
      await t.database.close();
    });

    const db = () => t.database.db;
    const call = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
      t.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${mario}` }, payload: payload as object });

    async function submit(): Promise<{ status: number; request: SuapRequest }> {
      const draft = (
        (await call('POST', ApiPaths.requestCreate, { procedureNotification: { type: 1, value: 'mario.rossi@example.it' } })).json() as RequestResponse
      ).request;
      const suap = await db().selectFrom('suap_municipality').select('suap_id').where('municipality_id', '=', ROME).executeTakeFirstOrThrow();
      const ini = await db().selectFrom('iniziative').select('iniziative_id').where('activity_it', '=', 'Bar e ristorante').executeTakeFirstOrThrow();
      await storeRequiredDocuments(db(), draft.requestId, ini.iniziative_id);
      const response = await call('PUT', apiPath('request', { id: draft.requestId }), {
        ...draft,
        suap: { suapId: suap.suap_id },
        municipalityId: ROME,
        iniziative: { iniziativeId: ini.iniziative_id },
        personalData: {
          firstName: 'Mario',
          lastName: 'Rossi',
          fiscalCode: 'RSSMRA80A01H501U',
          business: { kind: 'sole-trader', atecoCode: '56.10.11', role: 'legal-representative' },
          activityAddress: { street: 'Via del Corso', streetNumber: '12', zipCode: '00186' },
        },
        stateOfRequest: { stateOfRequestId: RequestState.SENT },
      });
      return { status: response.statusCode, request: response.statusCode === 200 ? (response.json() as RequestResponse).request : draft };
    }

    it('is committed even when its recap cannot be rendered, and the office copy is rendered when delivered', async () => {
      await db().updateTable('outbox').set({ delivered_at: new Date() }).where('delivered_at', 'is', null).execute();
      const { status, request } = await submit();
      // Rendered inside the transaction, the failure would have rolled the submission back (500).
      expect(status).toBe(200);
      const row = await db().selectFrom('requests').select('state_of_request_id').where('request_id', '=', request.requestId).executeTakeFirstOrThrow();
      expect(row.state_of_request_id).toBe(RequestState.SENT);
      const office = await db()
        .selectFrom('outbox')
        .selectAll()
        .where('request_id', '=', request.requestId)
        .where('kind', '=', 'office-new-request')
        .executeTakeFirstOrThrow();
      expect(office.attachment).toBeNull();
      expect(office.attachment_name).toBe(`riepilogo-richiesta-${request.requestId}.pdf`);
      expect(t.logs.some((line) => line.includes('office recap not rendered after the submission'))).toBe(true);

      // Never sent without its PDF: without a renderer the delivery fails and is retried…
      const sent: Envelope[] = [];
      const recording = async (message: Envelope) => void sent.push(message);
      expect(await deliverDue(db(), recording)).toEqual({ delivered: 1, failed: 1 });
      expect(sent.map((m) => m.attachment)).toEqual([null]);
      // …and the delivery job renders it.
      await db()
        .updateTable('outbox')
        .set({ available_at: new Date(Date.now() - 1000) })
        .where('delivered_at', 'is', null)
        .execute();
      const rendered: number[] = [];
      const renderAttachment = async (id: number) => {
        rendered.push(id);
        return Buffer.from('%PDF-1.7 rendered by the delivery job');
      };
      expect(await deliverDue(db(), recording, { renderAttachment })).toEqual({ delivered: 1, failed: 0 });
      expect(rendered).toEqual([request.requestId]);
      expect(sent[1]!.attachment).toEqual({
        name: `riepilogo-richiesta-${request.requestId}.pdf`,
        content: Buffer.from('%PDF-1.7 rendered by the delivery job'),
      });
    });
  });
});
