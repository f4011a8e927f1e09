// The whole citizen journey under load (docs/performance.md "The journey under load"): N concurrent citizens each sign in
// through the token exchange (the embedded provider), create a draft, save four steps, upload the
// documents its initiative requires (signed by the citizen where asked), submit it and download the recap, again and again; clerks page the desk at the same time. Through nginx in
// front of two portal instances sharing PostgreSQL, then in front of one. Afterwards the database
// is read back: every journey's request must hold exactly its saves (no save lost, none doubled).
import { Agent, fetch } from 'undici';
import pg from 'pg';
import { uploadRequiredDocuments, type FetchLike } from '../support/documents-upload.ts';
import { signInOverHttp } from '../support/sign-in.ts';
import { startCluster } from './cluster.ts';

/** The demo citizens the embedded provider signs in (an identity may be signed in many times at once). */
const CITIZENS = [
  { key: 'mario', firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA80A01H501U', email: 'mario.rossi@example.org' },
  { key: 'giulia', firstName: 'Giulia', lastName: 'Bianchi', fiscalCode: 'BNCGLI85M41F205B', email: 'giulia.bianchi@example.org' },
  { key: 'sara', firstName: 'Sara', lastName: 'Blu', fiscalCode: 'BLUSRA92H55D612F', email: 'sara.blu@example.org' },
];
const CLERKS = 5;
const CALLS = [
  'sign-in (authorize → code → token exchange)',
  'user info',
  'create draft',
  'save a step',
  'upload the documents',
  'submit',
  'download the recap',
  'desk page (clerks)',
] as const;
type Call = (typeof CALLS)[number];

export interface JourneyResult {
  instances: number;
  users: number;
  seconds: number;
  journeys: number;
  errors: number;
  errorSamples: string[];
  lostSaves: number;
  duplicatedSaves: number;
  p95: Record<Call, number>;
  counts: Record<Call, number>;
}

const SAVES = 4;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

type Draft = Record<string, unknown> & { requestId: number; version: number };

async function runOnce(databaseUrl: string, instances: number, users: number, durationMs: number): Promise<JourneyResult> {
  const admin = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const {
    rows: [office],
  } = await admin.query(
    `select s.suap_id, sm.municipality_id from suap s join suap_municipality sm using (suap_id) where s.type = 'INT' order by 1, 2 limit 1`,
  );
  const {
    rows: [initiative],
  } = await admin.query('select iniziative_id from iniziative order by 1 limit 1');
  const cluster = await startCluster(databaseUrl, instances);
  // Every virtual person keeps its own connections to nginx, like a browser.
  const dispatcher = new Agent({ connections: 4, pipelining: 1 });
  const latencies = Object.fromEntries(CALLS.map((c) => [c, [] as number[]])) as Record<Call, number[]>;
  const errors: string[] = [];
  const base = `${cluster.publicUrl}/api/suap/v1`;
  const timed = async <T>(call: Call, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      latencies[call].push(performance.now() - started);
    }
  };
  const api = async (call: Call, token: string, path: string, init: { method?: string; body?: unknown } = {}) =>
    timed(call, async () => {
      const response = await fetch(`${base}${path}`, {
        method: init.method ?? 'GET',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-encoding': 'gzip' },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        dispatcher,
      });
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200) throw new Error(`${call}: ${response.status} ${body.toString().slice(0, 200)}`);
      return body;
    });
  const throughDispatcher: FetchLike = (url, init) => fetch(url, { ...init, dispatcher });
  /** Each journey's request and what its last save wrote, read back from the database at the end. */
  const written: { requestId: number; telephone: string }[] = [];
  let journeys = 0;
  let until = 0;
  const citizen = async (vu: number, once = false) => {
    const person = CITIZENS[vu % CITIZENS.length]!;
    // A journey under way when the time is up is finished: only whole journeys are counted.
    for (let n = 0; once ? n < 1 : performance.now() < until; n++) {
      try {
        const token = await timed('sign-in (authorize → code → token exchange)', () => signInOverHttp(cluster.publicUrl, cluster.publicUrl, 'FO', person.key));
        await api('user info', token, `/request/getUserInfo?fiscalCode=${person.fiscalCode}`);
        let draft = (JSON.parse((await api('create draft', token, '/request', { method: 'POST', body: {} })).toString()) as { request: Draft }).request;
        const telephone = `3${String(vu).padStart(3, '0')}${String(n).padStart(5, '0')}`;
        const steps: Record<string, unknown>[] = [
          { procedureNotification: { type: 1, value: person.email } },
          { suap: { suapId: office.suap_id }, municipalityId: office.municipality_id },
          { iniziative: { iniziativeId: initiative.iniziative_id } },
          {
            personalData: {
              firstName: person.firstName,
              lastName: person.lastName,
              fiscalCode: person.fiscalCode,
              email: person.email,
              telephone,
              // The send asks who the business is and where it will be (docs/architecture.md "Requests").
              business: { kind: 'sole-trader', atecoCode: '56.10.11', role: 'legal-representative' },
              activityAddress: { street: 'Via del Corso', streetNumber: '12', zipCode: '00186' },
            },
          },
        ];
        let fields: Record<string, unknown> = {};
        for (const step of steps) {
          fields = { ...fields, ...step };
          const saved = await api('save a step', token, `/request/${draft.requestId}`, {
            method: 'PUT',
            body: { requestId: draft.requestId, version: draft.version, ...fields },
          });
          draft = (JSON.parse(saved.toString()) as { request: Draft }).request;
        }
        written.push({ requestId: draft.requestId, telephone });
        // The send asks for the initiative's required documents; uploads bump no version (docs/architecture.md "Documents").
        await timed('upload the documents', () =>
          uploadRequiredDocuments(draft.requestId, {
            baseUrl: cluster.publicUrl,
            token,
            signer: {
              commonName: `${person.firstName} ${person.lastName}`,
              givenName: person.firstName,
              surname: person.lastName,
              fiscalCode: person.fiscalCode,
            },
            fetch: throughDispatcher,
          }),
        );
        await api('submit', token, `/request/${draft.requestId}`, {
          method: 'PUT',
          body: { requestId: draft.requestId, version: draft.version, ...fields, stateOfRequest: { stateOfRequestId: 3 } },
        });
        await api('download the recap', token, `/request/getPdfRecap/${draft.requestId}`);
        journeys++;
      } catch (error) {
        errors.push(error instanceof Error ? error.message : String(error));
      }
    }
  };
  const clerk = async (c: number) => {
    const token = await signInOverHttp(cluster.publicUrl, cluster.publicUrl, 'BO', c % 2 === 0 ? 'luca' : 'anna');
    const queries = ['', '?page=2', '?filter=Bianchi', '?sort=firstName;asc&page=3', '?state=3'];
    for (let n = 0; performance.now() < until; n++) {
      try {
        await api('desk page (clerks)', token, `/backoffice/list${queries[n % queries.length]}`);
      } catch (error) {
        errors.push(error instanceof Error ? error.message : String(error));
      }
    }
  };
  let started = 0;
  try {
    // Warm-up, not counted: a few journeys so that every instance has compiled its validators and
    // rendered its first recap (nginx sends consecutive calls to alternate instances).
    await Promise.all(Array.from({ length: 2 * instances }, (_, vu) => citizen(1000 + vu, true)));
    for (const list of Object.values(latencies)) list.length = 0;
    written.length = 0;
    journeys = 0;
    errors.length = 0;
    started = performance.now();
    until = started + durationMs;
    await Promise.all([...Array.from({ length: users }, (_, vu) => citizen(vu)), ...Array.from({ length: CLERKS }, (_, c) => clerk(c))]);
  } finally {
    await dispatcher.close();
    await cluster.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  // Read back: each request sent (state 3), at version 1 + 4 saves + the submission, with the last
  // step's data and two history entries (created, sent). A lower version or missing data is a lost
  // save; a higher version or extra history a doubled one.
  const ids = written.map((w) => w.requestId);
  const { rows } = await admin.query(
    `select r.request_id, r.version, r.state_of_request_id, r.personal_data->>'telephone' as telephone, (select count(*) from request_history h where h.request_id = r.request_id)::int as history
       from requests r where r.request_id = any($1::bigint[])`,
    [ids],
  );
  await admin.end();
  const byId = new Map(rows.map((r) => [Number(r.request_id), r]));
  let lost = 0;
  let duplicated = 0;
  const expectedVersion = 1 + SAVES + 1;
  for (const w of written) {
    const row = byId.get(w.requestId);
    if (!row || row.telephone !== w.telephone) lost++;
    else if (row.state_of_request_id === 3 && (row.version > expectedVersion || row.history > 2)) duplicated++;
    else if (row.state_of_request_id === 3 && row.version < expectedVersion) lost++;
  }
  return {
    instances,
    users,
    seconds,
    journeys,
    errors: errors.length,
    errorSamples: [...new Set(errors)].slice(0, 5),
    lostSaves: lost,
    duplicatedSaves: duplicated,
    p95: Object.fromEntries(CALLS.map((c) => [c, percentile(latencies[c], 95)])) as Record<Call, number>,
    counts: Object.fromEntries(CALLS.map((c) => [c, latencies[c].length])) as Record<Call, number>,
  };
}

/** The journey with two instances behind nginx, then with one. */
export async function benchJourney(databaseUrl: string, options: { users: number; durationMs: number }): Promise<JourneyResult[]> {
  const results: JourneyResult[] = [];
  for (const instances of [2, 1]) {
    const result = await runOnce(databaseUrl, instances, options.users, options.durationMs);
    console.log(
      `  ${instances} instance(s): ${result.journeys} journeys in ${result.seconds.toFixed(1)} s, ${result.errors} errors, ${result.lostSaves} lost, ${result.duplicatedSaves} doubled${result.errorSamples.length ? `\n    ${result.errorSamples.join('\n    ')}` : ''}`,
    );
    results.push(result);
  }
  return results;
}

/** The report's section on the journey. */
export function journeyReport(results: JourneyResult[]): string[] {
  if (results.length === 0) return [];
  const cell = (r: JourneyResult, c: Call) => `${r.p95[c].toFixed(0)} (${r.counts[c]})`;
  return [
    '## The journey under load',
    '',
    `${results[0]!.users} citizens at once each sign in through the token exchange (embedded provider), create a draft, save four steps, upload the documents its initiative requires (signed by the citizen where asked; counted as one call), submit it and download the recap, and start again; ${CLERKS} clerks page the desk meanwhile (default page, page 2, a text search, a sort, a state). Through nginx (one worker, upstream keep-alive) in front of portal instances sharing PostgreSQL; every journey's request is read back from the database afterwards (sent, at version 6 = created + 4 saves + submission, with the last step's data and two history entries). The embedded provider knows three demo citizens, so each virtual citizen is one of them, signed in afresh (a new token) for every journey. Targets: 0 errors, 0 lost or doubled saves.`,
    '',
    '| instances | journeys | journeys/s | errors | lost saves | doubled saves | target met |',
    '|---:|---:|---:|---:|---:|---:|---|',
    ...results.map(
      (r) =>
        `| ${r.instances} | ${r.journeys} | ${(r.journeys / r.seconds).toFixed(2)} | ${r.errors} | ${r.lostSaves} | ${r.duplicatedSaves} | ${r.errors + r.lostSaves + r.duplicatedSaves === 0 ? '✅ met' : '❌ not met'} |`,
    ),
    '',
    `p95 per call in ms (calls measured):`,
    '',
    `| call | ${results.map((r) => `${r.instances} instance${r.instances > 1 ? 's' : ''}`).join(' | ')} |`,
    `|---|${results.map(() => '---:').join('|')}|`,
    ...CALLS.map((c) => `| ${c} | ${results.map((r) => cell(r, c)).join(' | ')} |`),
    '',
    ...results.flatMap((r) =>
      r.errorSamples.length ? [`Errors with ${r.instances} instance(s), first kinds: ${r.errorSamples.map((e) => `\`${e}\``).join('; ')}`, ''] : [],
    ),
  ];
}
