// The pratica's clock through the running app (docs/architecture.md "Time-driven work (the job
// queue)"): requests are sent and moved through the HTTP API, and one TestClock is the app's time
// and the job queue's, so the tests move time and run what fell due, never sleeping. A term ends at
// the end of its due day (Europe/Rome), moved past Sundays and holidays; silence concludes a
// SILENZIO-ASSENSO and flags an AUTORIZZAZIONE; an unanswered integration closes the pratica; a job
// delivered twice, or on two instances, changes nothing more; the catch-up schedules a lost job once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { TestClock } from 'pg-boss';
import { elapsesAt } from '#shared/calendar.ts';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import type { RequestResponse, SuapRequest } from '#shared/api/requests.ts';
import { PraticaState, type Regime } from '#shared/pratica.ts';
import { startJobs, type Jobs } from '#server/services/jobs/queue.ts';
import { CLOCK_JOB_KINDS, clockHandlers, scheduleOpenPratiche } from '#server/services/pratica/clock-events.ts';
import { CLOCK_JOBS } from '#server/services/pratica/transition.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { storeRequiredDocuments } from './support/documents.ts';
import { uniqueDatabaseName } from './support/names.ts';
import { signIn } from './support/oidc.ts';
import { findGiuliaBar, GIULIA, presentedBar } from '../support/giulia-bar.ts';

const BASE = 'http://localhost:3999';
/** 09:00 in Rome on `day` (the offset does not change the day). */
const nineInRome = (day: string) => new Date(`${day}T09:00:00+01:00`);
const before = (instant: Date, ms = 1) => new Date(instant.getTime() - ms);

describe.each(testDatabases())('the pratica clock on $kind', ({ open }) => {
  let t: TestApp;
  let clock: TestClock;
  let jobs: Jobs;
  const others: Jobs[] = [];
  let schema: string;
  let handlers: ReturnType<typeof clockHandlers>;
  const token: Record<string, string> = {};
  let romeOffice: number;
  let bar: number;

  beforeAll(async () => {
    const database = await open();
    clock = new TestClock(nineInRome('2030-01-07'));
    schema = uniqueDatabaseName('pgboss_clock');
    jobs = await startJobs(database, { clock, schema, kinds: CLOCK_JOB_KINDS, supervise: false });
    t = await startTestApp(database, { PUBLIC_URL: BASE }, { clock: () => clock.now(), jobs });
    handlers = clockHandlers(database.db, t.app.praticaDeps);
    token.giulia = (await signIn(t.app, BASE, 'FO', 'giulia')).access_token;
    await t.app.inject({ url: `/api${ApiPaths.userInfo}?fiscalCode=${GIULIA.fiscalCode}`, headers: { authorization: `Bearer ${token.giulia}` } });
    token.anna = (await signIn(t.app, BASE, 'BO', 'anna')).access_token;
    const db = database.db;
    ({ romeOffice, bar } = await findGiuliaBar(db));
    // As the portal does on start: the demo's open pratiche (sent days before this run) get their
    // deadlines, long past in 2030; they end here, so each test sees only its own pratica's jobs.
    expect(await scheduleOpenPratiche(db, jobs)).toBeGreaterThan(0);
    expect(await jobs.runDue(handlers)).toMatchObject({ failed: 0 });
  });
  afterAll(async () => {
    for (const other of others) await other.stop();
    await jobs.stop();
    await t.close();
    await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(t.database.db);
    await t.database.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token[who]}` }, ...(payload ? { payload } : {}) });
  const read = async (requestId: number): Promise<SuapRequest> => {
    const response = await call('GET', apiPath('request', { id: requestId }), 'giulia');
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as RequestResponse).request;
  };
  const historyOf = (requestId: number) =>
    t.database.db
      .selectFrom('request_history')
      .select(['event', 'from_state', 'to_state', 'at', 'actor_profile_id'])
      .where('request_id', '=', requestId)
      .orderBy('history_id')
      .execute();
  const clockEntries = async (requestId: number) => (await historyOf(requestId)).filter((entry) => entry.event?.startsWith('CLOCK_'));
  const runDue = () => jobs.runDue(handlers);

  /**
   * Giulia sends the bar at 09:00 in Rome on `day`, under `regime`: the demo catalogue has SCIA and
   * COMUNICAZIONE only, so the bar's regime is set just before (a sent pratica keeps the regime it was
   * sent under, in its context).
   */
  const send = async (regime: Regime, day: string): Promise<SuapRequest> => {
    await t.database.db.updateTable('iniziative').set({ regime }).where('iniziative_id', '=', bar).execute();
    await clock.setTime(nineInRome(day));
    const created = await call('POST', ApiPaths.requestCreate, 'giulia', { procedureNotification: { type: 1, value: 'giulia.bianchi@example.org' } });
    expect(created.statusCode, created.body).toBe(200);
    const draft = (created.json() as RequestResponse).request;
    await storeRequiredDocuments(t.database.db, draft.requestId, bar);
    const sent = await call('PUT', apiPath('request', { id: draft.requestId }), 'giulia', presentedBar(draft, { romeOffice, bar }));
    expect(sent.statusCode, sent.body).toBe(200);
    const request = (sent.json() as RequestResponse).request;
    expect(request).toMatchObject({ ssuState: 'presented', pratica: { regime, receivedOn: day } });
    return request;
  };

  it('concludes a SILENZIO-ASSENSO nobody decided (14) when its due day ends, not a moment before', async () => {
    const { requestId } = await send('SILENZIO-ASSENSO', '2030-02-04');
    expect(await read(requestId)).toMatchObject({ pratica: { termEndsOn: '2030-03-06', dueOn: '2030-03-06' } });
    const end = elapsesAt('2030-03-06');
    expect(end.toISOString()).toBe('2030-03-06T23:00:00.000Z');
    // A day earlier, and the last millisecond of the due day in Rome: nothing.
    await clock.setTime(before(end, 86_400_000));
    expect(await runDue()).toEqual({ done: 0, failed: 0 });
    await clock.setTime(before(end));
    expect(await runDue()).toEqual({ done: 0, failed: 0 });
    expect(await read(requestId)).toMatchObject({ stateOfRequest: { stateOfRequestId: PraticaState.PRESENTED }, ssuState: 'presented' });
    await clock.setTime(end);
    expect(await runDue()).toEqual({ done: 1, failed: 0 });
    expect(await read(requestId)).toMatchObject({
      stateOfRequest: { stateOfRequestId: PraticaState.TIME_EXPIRED },
      ssuState: 'ended_by_proceeding_time_expired',
      pratica: { concludedOn: '2030-03-07' },
    });
    expect(await clockEntries(requestId)).toEqual([
      { event: 'CLOCK_TERM_ELAPSED', from_state: PraticaState.PRESENTED, to_state: PraticaState.TIME_EXPIRED, at: end, actor_profile_id: null },
    ]);
  });

  it('respects a term moved past a Sunday and a holiday: 21 April 2030 is Easter Sunday, so the term is due Tuesday 23 April', async () => {
    const { requestId } = await send('SILENZIO-ASSENSO', '2030-03-22');
    expect(await read(requestId)).toMatchObject({ pratica: { termEndsOn: '2030-04-21', dueOn: '2030-04-23' } });
    await clock.setTime(elapsesAt('2030-04-21'));
    expect(await runDue()).toEqual({ done: 0, failed: 0 });
    await clock.setTime(elapsesAt('2030-04-22'));
    expect(await runDue()).toEqual({ done: 0, failed: 0 });
    await clock.setTime(before(elapsesAt('2030-04-23')));
    expect(await runDue()).toEqual({ done: 0, failed: 0 });
    expect((await read(requestId)).ssuState).toBe('presented');
    await clock.setTime(elapsesAt('2030-04-23'));
    expect(await runDue()).toEqual({ done: 1, failed: 0 });
    expect(await read(requestId)).toMatchObject({ ssuState: 'ended_by_proceeding_time_expired', pratica: { concludedOn: '2030-04-24' } });
  });

  it('flags an AUTORIZZAZIONE past its due day as overdue and leaves it open: silence is not consent', async () => {
    const { requestId } = await send('AUTORIZZAZIONE', '2030-05-06');
    expect(await read(requestId)).toMatchObject({ pratica: { dueOn: '2030-06-05', overdue: false } });
    await clock.setTime(elapsesAt('2030-06-05'));
    expect(await runDue()).toEqual({ done: 1, failed: 0 });
    const flagged = await read(requestId);
    expect(flagged).toMatchObject({
      stateOfRequest: { stateOfRequestId: PraticaState.PRESENTED },
      ssuState: 'presented',
      pratica: { overdue: true, concludedOn: null },
    });
    expect(await clockEntries(requestId)).toEqual([
      expect.objectContaining({ event: 'CLOCK_TERM_ELAPSED', from_state: PraticaState.PRESENTED, to_state: PraticaState.PRESENTED }),
    ]);
    // Flagged once: nothing more is scheduled for it, and a month later nothing happens.
    await clock.setTime(elapsesAt('2030-06-30'));
    expect(await runDue()).toEqual({ done: 0, failed: 0 });
    expect(await clockEntries(requestId)).toHaveLength(1);
    // The office may still decide it.
    const decided = await call('POST', apiPath('boRequestEvent', { id: requestId }), 'anna', {
      type: 'CONCLUDE_POSITIVE',
      version: flagged.version,
      note: 'Autorizzazione rilasciata in ritardo.',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await read(requestId)).ssuState).toBe('ended_by_positive_outcome');
  });

  it('closes a pratica whose integration request went unanswered (11) when the answer’s due day ends', async () => {
    const sent = await send('SCIA', '2030-07-01');
    await clock.setTime(nineInRome('2030-07-03'));
    const asked = await call('POST', apiPath('boRequestEvent', { id: sent.requestId }), 'anna', {
      type: 'REQUEST_INTEGRATION',
      version: sent.version,
      note: 'Manca la planimetria firmata.',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    // 15 days from Wednesday 3 July: Thursday 18 July.
    expect(await read(sent.requestId)).toMatchObject({ ssuState: 'integration_requested', pratica: { integrationDueOn: '2030-07-18' } });
    await clock.setTime(before(elapsesAt('2030-07-18')));
    expect(await runDue()).toEqual({ done: 0, failed: 0 });
    await clock.setTime(elapsesAt('2030-07-18'));
    expect(await runDue()).toEqual({ done: 1, failed: 0 });
    expect(await read(sent.requestId)).toMatchObject({
      stateOfRequest: { stateOfRequestId: PraticaState.INTEGRATION_EXPIRED },
      ssuState: 'ended_by_integration_times_expired',
      pratica: { concludedOn: '2030-07-19' },
    });
    // The SCIA's own term, due 30 August, stood still: its job, left from the send, finds the pratica closed.
    await clock.setTime(elapsesAt('2030-08-30'));
    expect(await runDue()).toEqual({ done: 1, failed: 0 });
    expect((await clockEntries(sent.requestId)).map((entry) => entry.event)).toEqual(['CLOCK_INTEGRATION_OVERDUE']);
  });

  it('changes nothing more when the same due job runs on two instances at once, or is delivered again', async () => {
    const { requestId } = await send('SILENZIO-ASSENSO', '2030-09-02');
    const second = await startJobs(t.database, { clock, schema, kinds: CLOCK_JOB_KINDS, supervise: false });
    others.push(second);
    await clock.setTime(elapsesAt('2030-10-02'));
    const [one, two] = await Promise.all([jobs.runDue(handlers), second.runDue(handlers)]);
    expect(one.done + two.done).toBe(1);
    const after = await read(requestId);
    expect(after.ssuState).toBe('ended_by_proceeding_time_expired');
    // At least once: the same job delivered again, by either instance, finds the pratica concluded.
    const [job] = await jobs.boss.findJobs(CLOCK_JOBS.termElapsed.kind, { key: `pratica:${requestId}:term:2030-10-02` });
    expect(job).toMatchObject({ state: 'completed' });
    const again = { id: job!.id, kind: job!.name, key: job!.singletonKey!, payload: { requestId }, runAt: elapsesAt('2030-10-02'), attempt: 2 };
    await handlers[CLOCK_JOBS.termElapsed.kind]!(again);
    await clockHandlers(t.database.db, t.app.praticaDeps)[CLOCK_JOBS.termElapsed.kind]!(again);
    expect(await read(requestId)).toEqual(after);
    expect(await clockEntries(requestId)).toHaveLength(1);
    // Nothing is left to catch up for it.
    expect(await scheduleOpenPratiche(t.database.db, jobs)).toBe(0);
  });

  it('schedules once, on any start, the deadline of an open pratica whose job was lost', async () => {
    const { requestId } = await send('SILENZIO-ASSENSO', '2030-11-04');
    const key = `pratica:${requestId}:term:2030-12-04`;
    expect(await jobs.cancel(CLOCK_JOBS.termElapsed.kind, key)).toBe(true);
    const second = await startJobs(t.database, { clock, schema, kinds: CLOCK_JOB_KINDS, supervise: false });
    others.push(second);
    // Two instances starting at once: one job between them; a later start adds none.
    const added = await Promise.all([scheduleOpenPratiche(t.database.db, jobs), scheduleOpenPratiche(t.database.db, second)]);
    expect(added[0] + added[1]).toBe(1);
    expect(await scheduleOpenPratiche(t.database.db, jobs)).toBe(0);
    await clock.setTime(elapsesAt('2030-12-04'));
    expect(await runDue()).toEqual({ done: 1, failed: 0 });
    expect(await read(requestId)).toMatchObject({ ssuState: 'ended_by_proceeding_time_expired' });
  });
});
