// Saving a draft step on PostgreSQL at 50 concurrent users (each its own draft, each save sending
// the version it last saw), between two measurements of the authenticated reference doing the same
// save. Targets (docs/performance.md): throughput ≥ 80% of the reference, p95 ≤ 1.25× the reference's.
import { againstBare, bestOf, runLoad, type LoadResult } from './load.ts';
import { publicUrlOf, type Started } from './processes.ts';
import { AUTHENTICATED_TARGETS, type BenchRow } from './report.ts';
import { frameworkRow } from './framework.ts';
import { sameAnswer } from './same-answer.ts';
import { signInOverHttp } from '../support/sign-in.ts';

const USERS = 50;
const PERSONAL = { firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA80A01H501U', email: 'mario.rossi@example.org' };

type Draft = Record<string, unknown> & { requestId: number };

export async function benchDraftSaves(portal: Started, reference: Started, durationMs: number, framework?: Started): Promise<BenchRow[]> {
  const token = await signInOverHttp(portal.origin, publicUrlOf(portal), 'FO', 'mario');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-encoding': 'gzip' };
  await fetch(`${portal.origin}/api/suap/v1/request/getUserInfo?fiscalCode=RSSMRA80A01H501U`, { headers });
  // One draft per virtual user, each saved again and again with the version it last saw.
  const drafts: Draft[] = [];
  for (let vu = 0; vu < USERS; vu++) {
    const response = await fetch(`${portal.origin}/api/suap/v1/request`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ procedureNotification: { type: 1, value: 'mario.rossi@example.org' } }),
    });
    drafts.push(((await response.json()) as { request: Draft }).request);
  }
  // Both servers take the same body and answer the same request object; each run starts from the
  // drafts' current copies (the other server moved their versions on).
  const refresh = async () => {
    for (const [i, draft] of drafts.entries()) {
      const response = await fetch(`${portal.origin}/api/suap/v1/request/${draft.requestId}`, { headers });
      const { history: _history, ...current } = ((await response.json()) as { request: Draft & { history?: unknown } }).request;
      drafts[i] = current;
    }
  };
  const save = async (server: Started): Promise<LoadResult> => {
    await refresh();
    return runLoad(
      {
        origin: server.origin,
        cpuSeconds: server.cpuSeconds,
        request: (i, vu) => ({
          path: `/api/suap/v1/request/${drafts[vu]!.requestId}`,
          method: 'PUT',
          headers,
          body: JSON.stringify({ ...drafts[vu], personalData: { ...PERSONAL, telephone: String(i % 1000) } }),
        }),
        onBody: (vu, status, body) => {
          if (status === 200) drafts[vu] = (JSON.parse(body) as { request: Draft }).request;
        },
      },
      { concurrency: USERS, durationMs, warmupMs: 1000 },
    );
  };
  await refresh();
  await sameAnswer('draft save', [portal.origin, reference.origin], async (origin) => {
    const draft = drafts[0]!;
    const response = await fetch(`${origin}/api/suap/v1/request/${draft.requestId}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...draft, personalData: { ...PERSONAL, telephone: '42' } }),
    });
    const text = await response.text();
    drafts[0] = (JSON.parse(text) as { request: Draft }).request;
    // The instant and the version move on with every save: the rest must be byte for byte the same.
    return text.replace(/"version":\d+/, '').replace(/"updatedOn":"[^"]+"/, '');
  });
  const { bare: ref, cases: portalResult } = await againstBare(
    () => save(reference),
    () => save(portal),
    bestOf,
  );
  const name = 'reference: token, caller, the same UPDATE, same bytes (better of before and after)';
  const floor = framework ? await frameworkRow('draft saves', USERS, ref, () => save(framework)) : [];
  return [
    { suite: 'draft saves', name, concurrency: USERS, rps: ref.rps, p95: ref.p95, errors: ref.errors, cpuPerCall: ref.cpuPerCall },
    ...floor,
    {
      suite: 'draft saves',
      name: 'PUT /suap/v1/request/{id} (validated, versioned, owner-checked; better of two passes)',
      concurrency: USERS,
      rps: portalResult.rps,
      p95: portalResult.p95,
      errors: portalResult.errors,
      cpuPerCall: portalResult.cpuPerCall,
      reference: { name: 'reference', rps: ref.rps, p95: ref.p95 },
      targets: AUTHENTICATED_TARGETS,
    },
  ];
}
