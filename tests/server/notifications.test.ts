import { addDays, officeToday } from '#shared/dates.ts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import type { RequestResponse, SuapRequest } from '#shared/api/requests.ts';
import { RequestState } from '#shared/constants.ts';
import { deliverDue, type Envelope } from '#server/services/notifications/outbox.ts';
import { emlFolderTransport } from '#server/services/notifications/transports.ts';
import { sweepExpiredDrafts } from '#server/services/requests/retention.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { storeRequiredDocuments } from './support/documents.ts';
import { signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';
const ROME = 58091;

describe.each(testDatabases())('notifications and retention on $kind', ({ open }) => {
  let t: TestApp;
  let mario: string;
  let anna: string;
  let folder: string;
  beforeAll(async () => {
    t = await startTestApp(await open(), { PUBLIC_URL: BASE });
    mario = (await signIn(t.app, BASE, 'FO', 'mario')).access_token;
    anna = (await signIn(t.app, BASE, 'BO', 'anna')).access_token;
    await t.app.inject({ url: `/api${ApiPaths.userInfo}?fiscalCode=RSSMRA80A01H501U`, headers: { authorization: `Bearer ${mario}` } });
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'suap-outbox-'));
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
    await fs.rm(folder, { recursive: true, force: true });
  });

  const db = () => t.database.db;
  const pending = () => db().selectFrom('outbox').selectAll().where('delivered_at', 'is', null).execute();
  const markAllDelivered = () => db().updateTable('outbox').set({ delivered_at: new Date() }).where('delivered_at', 'is', null).execute();
  const call = (method: 'POST' | 'PUT', url: string, token: string, payload: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token}` }, payload: payload as object });

  async function submitNewRequest(): Promise<SuapRequest> {
    const draft = (
      (await call('POST', ApiPaths.requestCreate, mario, { procedureNotification: { type: 1, value: 'mario.rossi@example.org' } })).json() as RequestResponse
    ).request;
    const suap = await db().selectFrom('suap_municipality').select('suap_id').where('municipality_id', '=', ROME).executeTakeFirstOrThrow();
    const ini = await db().selectFrom('iniziative').select('iniziative_id').where('activity_it', '=', 'Bar e ristorante').executeTakeFirstOrThrow();
    await storeRequiredDocuments(db(), draft.requestId, ini.iniziative_id);
    const response = await call('PUT', apiPath('request', { id: draft.requestId }), mario, {
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
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as RequestResponse).request;
  }

  it('writes the applicant’s receipt and the office’s copy with the submission, the copy’s PDF attached once it has committed', async () => {
    await markAllDelivered();
    const sent = await submitNewRequest();
    const messages = await pending();
    expect(messages.map((m) => m.kind).sort()).toEqual(['office-new-request', 'receipt']);
    const office = messages.find((m) => m.kind === 'office-new-request')!;
    expect(office.to_address).toBe(sent.suap!.pec);
    expect(office.attachment_name).toBe(`riepilogo-richiesta-${sent.requestId}.pdf`);
    expect(Buffer.from(office.attachment!).subarray(0, 5).toString()).toBe('%PDF-');
    expect(messages.find((m) => m.kind === 'receipt')!.to_address).toBe('mario.rossi@example.org');
    // Both say where the business will be: its address in the municipality of the activity.
    for (const message of messages) expect(message.body_text).toContain("Sede dell'attività: Via del Corso 12, 00186 Roma (RM).");

    // Delivered by the worker as .eml files: both messages, the office one with the PDF attached.
    const report = await deliverDue(db(), emlFolderTransport(folder, 'SUAP <noreply@suap.example.org>'));
    expect(report).toEqual({ delivered: 2, failed: 0 });
    const files = await fs.readdir(folder);
    expect(files.sort()).toEqual(messages.map((m) => `${m.message_id}.eml`).sort());
    const officeMail = await fs.readFile(path.join(folder, `${office.message_id}.eml`), 'utf8');
    expect(officeMail).toMatch(/Content-Type: application\/pdf/);
    expect(officeMail).toContain(`X-Idempotency-Key: ${office.message_id}`);
    expect(await pending()).toEqual([]);
  });

  it('writes nothing when the submission is refused', async () => {
    await markAllDelivered();
    const draft = ((await call('POST', ApiPaths.requestCreate, mario, {})).json() as RequestResponse).request;
    const refused = await call('PUT', apiPath('request', { id: draft.requestId }), mario, {
      ...draft,
      stateOfRequest: { stateOfRequestId: RequestState.SENT },
    });
    expect(refused.statusCode).toBe(400);
    expect(await pending()).toEqual([]);
  });

  it('tells the applicant about the conclusion, in the transaction of the change', async () => {
    const sent = await submitNewRequest();
    await markAllDelivered();
    const response = await call('POST', apiPath('boRequestEvent', { id: sent.requestId }), anna, {
      type: 'CONCLUDE_POSITIVE',
      note: 'Documentazione completa.',
      version: sent.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [message, ...more] = await pending();
    expect(more).toEqual([]);
    expect(message).toMatchObject({ kind: 'pratica-conclusion', to_address: 'mario.rossi@example.org' });
    expect(message!.body_text).toContain('Documentazione completa.');
    // A refused event writes no message.
    await markAllDelivered();
    const again = await call('POST', apiPath('boRequestEvent', { id: sent.requestId }), anna, {
      type: 'CONCLUDE_POSITIVE',
      note: 'Documentazione completa.',
      version: sent.version + 1,
    });
    expect(again.json()).toMatchObject({ code: 409, errorKey: 'transition-not-allowed' });
    expect(await pending()).toEqual([]);
  });

  it('tells the applicant what the office asks, and nothing when a clerk takes the pratica in charge', async () => {
    const sent = await submitNewRequest();
    await markAllDelivered();
    const chiara = (await signIn(t.app, BASE, 'BO', 'chiara')).access_token;
    const taken = await call('POST', apiPath('boRequestEvent', { id: sent.requestId }), chiara, { type: 'TAKE_IN_CHARGE', version: sent.version });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await pending()).toEqual([]);
    const asked = await call('POST', apiPath('boRequestEvent', { id: sent.requestId }), chiara, {
      type: 'REQUEST_INTEGRATION',
      note: 'Serve la planimetria dei locali.',
      version: sent.version + 1,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const [message, ...more] = await pending();
    expect(more).toEqual([]);
    expect(message).toMatchObject({ kind: 'pratica-request', to_address: 'mario.rossi@example.org' });
    expect(message!.body_text).toContain('Serve la planimetria dei locali.');
  });

  it('retries a failed delivery later, and a crash after sending re-sends the same message id (no duplicate file)', async () => {
    await markAllDelivered();
    await submitNewRequest();
    const failing = async () => {
      throw new Error('SMTP down');
    };
    expect(await deliverDue(db(), failing)).toEqual({ delivered: 0, failed: 2 });
    const retried = await pending();
    expect(retried.every((m) => m.attempts === 1 && m.last_error === 'SMTP down' && new Date(m.available_at) > new Date())).toBe(true);
    expect(await deliverDue(db(), failing)).toEqual({ delivered: 0, failed: 0 });

    // Make them due again; this time the "server" writes the file and dies before marking it delivered.
    await db()
      .updateTable('outbox')
      .set({ available_at: new Date(Date.now() - 1000) })
      .where('delivered_at', 'is', null)
      .execute();
    const crashFolder = await fs.mkdtemp(path.join(os.tmpdir(), 'suap-crash-'));
    const eml = emlFolderTransport(crashFolder, 'SUAP <noreply@suap.example.org>');
    const crashing = async (message: Envelope) => {
      await eml(message);
      throw new Error('killed before commit');
    };
    await deliverDue(db(), crashing);
    await db()
      .updateTable('outbox')
      .set({ available_at: new Date(Date.now() - 1000) })
      .where('delivered_at', 'is', null)
      .execute();
    expect(await deliverDue(db(), eml)).toEqual({ delivered: 2, failed: 0 });
    expect(await fs.readdir(crashFolder)).toHaveLength(2);
    await fs.rm(crashFolder, { recursive: true, force: true });
  });

  it('shares the work between concurrent workers without delivering a message twice', async () => {
    await markAllDelivered();
    await submitNewRequest();
    await submitNewRequest();
    const seen: string[] = [];
    const recording = async (message: Envelope) => {
      seen.push(message.messageId);
    };
    const reports = await Promise.all([
      deliverDue(db(), recording, { batch: 2 }),
      deliverDue(db(), recording, { batch: 2 }),
      deliverDue(db(), recording, { batch: 2 }),
    ]);
    const total = reports.reduce((n, r) => n + r.delivered, 0);
    expect(total).toBe(4);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('expires a draft past its storage limit exactly once, even with concurrent sweeps', async () => {
    const draft = ((await call('POST', ApiPaths.requestCreate, mario, {})).json() as RequestResponse).request;
    // Kept through its limit day (Europe/Rome): the day after, the sweep deletes it.
    await db()
      .updateTable('requests')
      .set({ storage_limit: addDays(officeToday(), -1) })
      .where('request_id', '=', draft.requestId)
      .execute();
    const counts = await Promise.all([sweepExpiredDrafts(db()), sweepExpiredDrafts(db()), sweepExpiredDrafts(db())]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    const row = await db().selectFrom('requests').select('state_of_request_id').where('request_id', '=', draft.requestId).executeTakeFirstOrThrow();
    expect(row.state_of_request_id).toBe(RequestState.DELETED);
    const history = await db()
      .selectFrom('request_history')
      .select(['from_state', 'to_state', 'reason', 'event', 'actor_user_id'])
      .where('request_id', '=', draft.requestId)
      .orderBy('history_id')
      .execute();
    expect(history.at(-1)).toEqual({
      from_state: RequestState.DRAFT,
      to_state: RequestState.DELETED,
      reason: 'expired',
      event: 'CLOCK_DRAFT_EXPIRED',
      actor_user_id: null,
    });
    expect(history.filter((h) => h.reason === 'expired')).toHaveLength(1);
  });
});
