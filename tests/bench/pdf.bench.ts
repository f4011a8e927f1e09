// PDF recap throughput at 10 concurrent users, beside a bare route returning a static PDF of the
// same size. Target: at least 25% of the bare throughput.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { againstBare, runLoad } from './load.ts';
import { startBare, type Started } from './processes.ts';
import type { BenchRow } from './report.ts';
import { signInOverHttp } from '../support/sign-in.ts';

export async function benchPdf(portal: Started, durationMs: number): Promise<BenchRow[]> {
  const publicUrl = portal.origin.replace('127.0.0.1', 'localhost');
  const token = await signInOverHttp(portal.origin, publicUrl, 'FO', 'giulia');
  const headers = { authorization: `Bearer ${token}` };
  await fetch(`${portal.origin}/api/suap/v1/request/getUserInfo?fiscalCode=BNCGLI85M41F205B`, { headers });
  const list = (await (await fetch(`${portal.origin}/api/suap/v1/request/list`, { headers })).json()) as { requestList: { requestId: number }[] };
  const id = list.requestList[0]!.requestId;
  const sample = Buffer.from(await (await fetch(`${portal.origin}/api/suap/v1/request/getPdfRecap/${id}`, { headers })).arrayBuffer());
  const file = path.join(os.tmpdir(), 'suap-bench-recap.pdf');
  await fs.writeFile(file, sample);
  const bare = await startBare({ BARE_PDF_FILE: file });
  try {
    const concurrency = 10;
    const runBare = () => runLoad({ origin: bare.origin, request: () => ({ path: '/pdf' }) }, { concurrency, durationMs, warmupMs: 1000 });
    const { bare: bareResult, cases: portalResult } = await againstBare(runBare, () =>
      runLoad({ origin: portal.origin, request: () => ({ path: `/api/suap/v1/request/getPdfRecap/${id}`, headers }) }, { concurrency, durationMs, warmupMs: 1000 }),
    );
    const reference = { name: `bare static PDF (${(sample.length / 1024).toFixed(0)} KB, better of before and after)`, rps: bareResult.rps, p95: bareResult.p95 };
    return [
      { suite: 'PDF recap', name: reference.name, concurrency, rps: bareResult.rps, p95: bareResult.p95, errors: bareResult.errors },
      { suite: 'PDF recap', name: 'GET /suap/v1/request/getPdfRecap/{id}', concurrency, rps: portalResult.rps, p95: portalResult.p95, errors: portalResult.errors, reference, target: { kind: 'rps-ratio', min: 0.25 } },
    ];
  } finally {
    await bare.stop();
  }
}
