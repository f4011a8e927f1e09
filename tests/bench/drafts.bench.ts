// Saving a draft step on PostgreSQL at 50 concurrent users, beside a bare route running the same
// single UPDATE through pg. Target: at least 60% of the bare throughput.
import { againstBare, runLoad } from './load.ts';
import type { Started } from './processes.ts';
import type { BenchRow } from './report.ts';
import { signInOverHttp } from '../support/sign-in.ts';

const USERS = 50;
const PERSONAL = { firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA80A01H501U', email: 'mario.rossi@example.it' };

export async function benchDraftSaves(portal: Started, bare: Started, durationMs: number): Promise<BenchRow[]> {
  const publicUrl = portal.origin.replace('127.0.0.1', 'localhost');
  const token = await signInOverHttp(portal.origin, publicUrl, 'FO', 'mario');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  await fetch(`${portal.origin}/api/suap/v1/request/getUserInfo?fiscalCode=RSSMRA80A01H501U`, { headers });
  // One draft per virtual user, each saved again and again with the version it last saw.
  const drafts: { id: number; body: Record<string, unknown> }[] = [];
  for (let vu = 0; vu < USERS; vu++) {
    const response = await fetch(`${portal.origin}/api/suap/v1/request`, { method: 'POST', headers, body: JSON.stringify({ procedureNotification: { type: 1, value: 'mario.rossi@example.it' } }) });
    const { request } = (await response.json()) as { request: Record<string, unknown> & { requestId: number } };
    drafts.push({ id: request.requestId, body: request });
  }
  const runBare = () =>
    runLoad(
      { origin: bare.origin, request: (i, vu) => ({ path: `/update/${drafts[vu]!.id}`, method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...PERSONAL, telephone: String(i % 1000) }) }) },
      { concurrency: USERS, durationMs, warmupMs: 1000 },
    );
  const { bare: bareResult, cases: portalResult } = await againstBare(runBare, async () => {
    // The bare route bumped the drafts' versions: each virtual user starts from the current copy.
    for (const draft of drafts) {
      const response = await fetch(`${portal.origin}/api/suap/v1/request/${draft.id}`, { headers });
      draft.body = ((await response.json()) as { request: Record<string, unknown> }).request;
    }
    return runLoad(
      {
        origin: portal.origin,
        request: (i, vu) => {
          const draft = drafts[vu]!;
          return { path: `/api/suap/v1/request/${draft.id}`, method: 'PUT', headers, body: JSON.stringify({ ...draft.body, personalData: { ...PERSONAL, telephone: String(i % 1000) } }) };
        },
        onBody: (vu, status, body) => {
          if (status === 200) drafts[vu]!.body = (JSON.parse(body) as { request: Record<string, unknown> }).request;
        },
      },
      { concurrency: USERS, durationMs, warmupMs: 1000 },
    );
  });
  const reference = { name: 'bare UPDATE through pg (better of before and after)', rps: bareResult.rps, p95: bareResult.p95 };
  return [
    { suite: 'draft saves', name: reference.name, concurrency: USERS, rps: bareResult.rps, p95: bareResult.p95, errors: bareResult.errors },
    { suite: 'draft saves', name: 'PUT /suap/v1/request/{id} (validated, versioned, owner-checked)', concurrency: USERS, rps: portalResult.rps, p95: portalResult.p95, errors: portalResult.errors, reference, target: { kind: 'rps-ratio', min: 0.6 } },
  ];
}
