// The pratica's lifecycle walked through the HTTP API by its own model (tests/machines/models/
// pratica.model.ts): for each regime, the shortest path to each state (and to an AUTORIZZAZIONE
// flagged overdue) is replayed on a running app, each event by the person the model names, at the
// model's instant on one TestClock shared by the app and the job queue; the clock's events are the
// queue's jobs run when due. After every step the API's state, its Catalogo SSU name and the terms
// it reports are the machine's. One app for the file, PGlite only: the clock suite
// (pratica-clock.test.ts) runs on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { TestClock } from 'pg-boss';
import type { AnyEventObject } from 'xstate';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import type { RequestResponse, SuapRequest } from '#shared/api/requests.ts';
import { EVENTS_NEEDING_NOTE, PraticaState, SSU_STATE, STAFF_EVENT_TYPES, type PraticaActor, type Regime } from '#shared/pratica.ts';
import { stateIdOf, type PraticaSnapshot } from '#machines/pratica/decide.ts';
import type { PraticaContext } from '#machines/pratica/rules.ts';
import { startJobs, type Jobs } from '#server/services/jobs/queue.ts';
import { CLOCK_JOB_KINDS, clockHandlers } from '#server/services/pratica/clock-events.ts';
import { createMachineModel } from '../machines/support/model.ts';
import { people, praticaModel } from '../machines/models/pratica.model.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { storeRequiredDocuments } from './support/documents.ts';
import { uniqueDatabaseName } from './support/names.ts';
import { signIn } from './support/oidc.ts';
import { findGiuliaBar, GIULIA, presentedBar } from '../support/giulia-bar.ts';

const BASE = 'http://localhost:3999';

type Step = { event: AnyEventObject; state: PraticaSnapshot };
interface WalkPath {
  regime: Regime;
  target: string;
  steps: readonly Step[];
}

/** What a path leads to: the state id, and for an open pratica whether it is flagged overdue. */
function targetOf(snapshot: PraticaSnapshot): string {
  const id = stateIdOf(snapshot);
  return id === PraticaState.PRESENTED && snapshot.context.overdue ? `${id} flagged overdue` : String(id);
}

/** The events this API fires: the citizen's calls, the desk's event call, the clock's jobs. */
const CLOCK_EVENTS = ['CLOCK_TERM_ELAPSED', 'CLOCK_INTEGRATION_OVERDUE'];
const STAFF_EVENTS: readonly string[] = STAFF_EVENT_TYPES;
const replayable = (event: AnyEventObject) =>
  ['xstate.init', 'SEND', 'DELETE', 'WITHDRAW', ...CLOCK_EVENTS].includes(event.type) || STAFF_EVENTS.includes(event.type);

/**
 * For each regime and target, the shortest of the model's shortest paths that this API can replay
 * (the applicant's answer to a request has no call yet, and a draft expires by the retention sweep),
 * leaving out a path whose events begin another one's: its states are checked on the way there.
 */
function walkPaths(): WalkPath[] {
  const chosen = new Map<string, WalkPath>();
  for (const { name, input } of praticaModel.inputs) {
    for (const path of createMachineModel(praticaModel, input).getShortestPaths({ allowDuplicatePaths: true })) {
      const steps = path.steps as readonly Step[];
      if (!steps.every((step) => replayable(step.event))) continue;
      const regime = name as Regime;
      const key = `${regime} ${targetOf(path.state as PraticaSnapshot)}`;
      const known = chosen.get(key);
      if (!known || steps.length < known.steps.length) chosen.set(key, { regime, target: targetOf(path.state as PraticaSnapshot), steps });
    }
  }
  const all = [...chosen.values()];
  const events = (path: WalkPath) => path.regime + path.steps.map((step) => `\n${JSON.stringify(step.event)}`).join('');
  return all.filter((path) => !all.some((other) => other !== path && events(other).startsWith(events(path))));
}

/** The terms the API reports and the model computes (the people in it are the model's own ids). */
function termsOf(context: PraticaContext | null | undefined) {
  if (!context) return null;
  const { applicantId: _applicant, officeId: _office, assigneeId: _assignee, proposal: _proposal, ...terms } = context;
  return terms;
}

describe('the pratica lifecycle through the HTTP API', () => {
  const pglite = testDatabases().find((database) => database.kind === 'pglite')!;
  const paths = walkPaths();
  let t: TestApp;
  let clock: TestClock;
  let jobs: Jobs;
  let schema: string;
  let handlers: ReturnType<typeof clockHandlers>;
  const token: Record<string, string> = {};
  let romeOffice: number;
  let bar: number;

  beforeAll(async () => {
    const database = await pglite.open();
    clock = new TestClock(new Date('2027-03-01T08:00:00Z'));
    schema = uniqueDatabaseName('pgboss_walk');
    jobs = await startJobs(database, { clock, schema, kinds: CLOCK_JOB_KINDS, supervise: false });
    // The walk sets the clock back for each path: rate-limit windows would not follow.
    t = await startTestApp(database, { PUBLIC_URL: BASE, RATE_LIMITS: 'false', MAX_OPEN_DRAFTS: '1000' }, { clock: () => clock.now(), jobs });
    handlers = clockHandlers(database.db, t.app.praticaDeps);
    token.giulia = (await signIn(t.app, BASE, 'FO', 'giulia')).access_token;
    await t.app.inject({ url: `/api${ApiPaths.userInfo}?fiscalCode=${GIULIA.fiscalCode}`, headers: { authorization: `Bearer ${token.giulia}` } });
    token.anna = (await signIn(t.app, BASE, 'BO', 'anna')).access_token;
    token.chiara = (await signIn(t.app, BASE, 'BO', 'chiara')).access_token;
    const db = database.db;
    ({ romeOffice, bar } = await findGiuliaBar(db));
  });
  afterAll(async () => {
    await jobs.stop();
    await t.close();
    await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(t.database.db);
    await t.database.close();
  });

  /** Who fires the model's event here: the demo's applicant, administrator and clerk. */
  const WHO = new Map<PraticaActor, string>([
    [people.applicant, 'giulia'],
    [people.admin, 'anna'],
    [people.clerk, 'chiara'],
  ]);
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: string, payload?: object) => {
    const response = await t.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token[who]}` }, ...(payload ? { payload } : {}) });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    return response;
  };
  const read = async (requestId: number): Promise<SuapRequest> =>
    (await call('GET', apiPath('request', { id: requestId }), 'giulia')).json<RequestResponse>().request;

  /** Fires one step of the model on the request through the API; answers the request as it is after. */
  async function fire(regime: Regime, request: SuapRequest, event: AnyEventObject): Promise<SuapRequest> {
    const { type, actor, at, ...rest } = event as AnyEventObject & { actor: PraticaActor; at: string };
    await clock.setTime(new Date(at));
    if (CLOCK_EVENTS.includes(type)) {
      expect(actor).toBe(people.clock);
      expect(await jobs.runDue(handlers)).toMatchObject({ failed: 0 });
      return read(request.requestId);
    }
    const who = WHO.get(actor);
    if (!who) throw new Error(`no demo person for ${JSON.stringify(actor)}`);
    const id = { id: request.requestId };
    if (type === 'SEND') {
      // The demo catalogue has SCIA and COMUNICAZIONE only: the bar takes the path's regime just before it is sent.
      await t.database.db.updateTable('iniziative').set({ regime }).where('iniziative_id', '=', bar).execute();
      const body = presentedBar(request, { romeOffice, bar });
      return (await call('PUT', apiPath('request', id), who, body)).json<RequestResponse>().request;
    }
    if (type === 'DELETE') {
      await call('DELETE', apiPath('request', id), who);
      return read(request.requestId);
    }
    const note = (EVENTS_NEEDING_NOTE as readonly string[]).includes(type) ? { note: `Nota per ${type}.` } : {};
    const body = { type, version: request.version, ...note, ...('outcome' in rest ? { outcome: rest.outcome } : {}) };
    const route = type === 'WITHDRAW' ? 'requestEvent' : 'boRequestEvent';
    return (await call('POST', apiPath(route, id), who, body)).json<RequestResponse>().request;
  }

  it('replays a path to every state of every regime', () => {
    const targets = new Set(paths.map((path) => `${path.regime} ${path.target}`));
    for (const id of [4, 5, 8, 11, 12, 13, 14, 15]) expect(targets).toContain(`SCIA ${id}`);
    for (const id of [7, 10]) expect(targets).toContain(`SILENZIO-ASSENSO ${id}`);
    expect(targets).toContain('AUTORIZZAZIONE 3 flagged overdue');
    expect(targets).toContain('COMUNICAZIONE 2');
    expect(targets).toContain('COMUNICAZIONE 4');
  });

  for (const path of paths) {
    const events = path.steps.slice(1).map((step) => step.event.type);
    it(`[${path.regime} → ${path.target}] ${events.join(' → ')}`, async () => {
      const [start, ...steps] = path.steps;
      await clock.setTime(new Date('2027-03-01T08:00:00Z'));
      const created = await call('POST', ApiPaths.requestCreate, 'giulia', { procedureNotification: { type: 1, value: 'giulia.bianchi@example.org' } });
      let request = created.json<RequestResponse>().request;
      await storeRequiredDocuments(t.database.db, request.requestId, bar);
      const expectMachine = (snapshot: PraticaSnapshot) => {
        const id = stateIdOf(snapshot);
        expect(request.stateOfRequest.stateOfRequestId).toBe(id);
        expect(request.ssuState).toBe(SSU_STATE[id]);
        if (id !== PraticaState.DRAFT && id !== PraticaState.DELETED) expect(termsOf(request.pratica)).toEqual(termsOf(snapshot.context));
      };
      expectMachine(start!.state);
      for (const step of steps) {
        request = await fire(path.regime, request, step.event);
        expectMachine(step.state);
      }
    });
  }
});
