// The authenticated hand-written reference of `npm run bench` (issue #17): node:http, pg with the
// portal's pool size and jose, doing for each benchmarked call exactly its essential work — verify
// the bearer token, one prepared statement for the caller (account state, role, revocation), the
// same data statements the portal's route runs, the same answer bytes — and nothing else: no
// framework, no body or query validation beyond what the statements need, no security headers, no
// logging. The portal's figures divided by these say what our code costs on top of the work.
//
// Environment: REF_DATABASE_URL, REF_PORTAL_ORIGIN (where the provider's keys are read once),
// REF_PUBLIC_URL (the portal's public address: issuer and audience), PORT.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { attachmentDisposition, recapFileName } from '../../../src/shared/recap.ts';
import { deskSearchOf } from '../../../src/shared/api/back-office.ts';
import { foldForSearch } from '../../../src/shared/text.ts';
import { renderRecap } from '../../../src/server/services/pdf/recap.ts';
import type { SuapRequest } from '../../../src/shared/api/requests.ts';
import { loadCatalog, toRequest } from './answers.ts';
import { authenticator, Refusal, type Caller } from './auth.ts';
import { DESK_COUNT, deskPage, HISTORY, RECAP_KEY, REQUEST_BY_ID, saveDraft } from './statements.ts';

const FRONT_OFFICE = 1;
const STAFF = [2, 3];
const DRAFT = 1;
const RETENTION_DAYS = 365;
const PAGE_SIZE = 5;
const ADMINISTRATION = 'Sportello Unico Attività Produttive';

pg.types.setTypeParser(1082, (v: string) => v);
pg.types.setTypeParser(20, (v: string) => Number(v));
const pool = new pg.Pool({ connectionString: process.env.REF_DATABASE_URL, max: 20 });
const catalog = await loadCatalog(pool);
const publicUrl = process.env.REF_PUBLIC_URL!;
const jwks = await (await fetch(`${process.env.REF_PORTAL_ORIGIN}/idp/jwks`)).json();
const authenticate = authenticator(pool, { jwks, issuer: `${publicUrl}/idp`, audience: `${publicUrl}/api`, clients: { FO: 'suap-fo', BO: 'suap-bo' } });

function send(request: IncomingMessage, response: ServerResponse, body: string): void {
  let payload = Buffer.from(body);
  const headers: Record<string, string | number> = { 'content-type': 'application/json; charset=utf-8' };
  if (payload.length >= 1024 && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
    payload = gzipSync(payload);
    headers['content-encoding'] = 'gzip';
  }
  headers['content-length'] = payload.length;
  response.writeHead(200, headers).end(payload);
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });

// The office's day (Europe/Rome) a change gives a draft's storage limit, with a formatter made once.
const romeDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' });
function storageLimit(now: Date): string {
  const [y, m, d] = romeDay.format(now).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + RETENTION_DAYS)).toISOString().slice(0, 10);
}

async function saveStep(request: IncomingMessage, response: ServerResponse, caller: Caller, requestId: number): Promise<void> {
  const body = JSON.parse(await readBody(request));
  const p = body.personalData;
  if (p && String(p.fiscalCode).toUpperCase() !== caller.fiscal_code) throw new Refusal(400);
  const personal = p ? { ...p, firstName: caller.first_name, lastName: caller.last_name, fiscalCode: caller.fiscal_code } : null;
  const suapId = body.suap?.suapId ?? null;
  const municipalityId = body.municipalityId ?? null;
  const iniziativeId = body.iniziative?.iniziativeId ?? null;
  const applicant = foldForSearch(`${caller.first_name} ${caller.last_name}`);
  const suapName = suapId === null ? '' : (catalog.suaps.get(suapId)?.name ?? '');
  const now = new Date();
  const refs: unknown[] = [];
  if (suapId !== null) refs.push(suapId, 'INT');
  if (suapId !== null && municipalityId !== null) refs.push(suapId, municipalityId);
  if (municipalityId !== null) refs.push(municipalityId);
  if (iniziativeId !== null) refs.push(iniziativeId);
  const { rows } = await pool.query({
    ...saveDraft({ suap: suapId !== null, municipality: municipalityId !== null, iniziative: iniziativeId !== null }),
    values: [
      suapId, municipalityId, iniziativeId,
      body.procedureNotification ? JSON.stringify(body.procedureNotification) : null,
      personal ? JSON.stringify(personal) : null,
      body.partitaIva || null,
      foldForSearch(`${caller.first_name} ${caller.last_name} ${suapName}`), applicant,
      now, body.version + 1, storageLimit(now),
      requestId, caller.user_id, DRAFT, body.version, ...refs,
    ],
  });
  if (!rows[0]) throw new Refusal(409);
  const row = { ...rows[0], u_first_name: caller.first_name, u_last_name: caller.last_name, u_fiscal_code: caller.fiscal_code, u_profile_id: caller.profile_id };
  send(request, response, JSON.stringify({ code: 200, message: 'OK', description: 'OK', request: toRequest(row, catalog) }));
}

// A text search's total, counted once and reused for 30 s (the portal's rule, SearchTotals).
const totals = new Map<string, { at: number; total: Promise<number> }>();
function searchTotal(pattern: string): Promise<number> {
  const known = totals.get(pattern);
  if (known && Date.now() - known.at < 30_000) return known.total;
  const total = pool.query(DESK_COUNT, [pattern]).then((r) => Number(r.rows[0].total));
  totals.set(pattern, { at: Date.now(), total });
  return total;
}

async function deskList(request: IncomingMessage, response: ServerResponse, query: URLSearchParams): Promise<void> {
  const [field = 'requestId', direction = 'desc'] = (query.get('sort') ?? 'requestId;desc').split(';');
  const page = Number(query.get('page') ?? 1);
  const filter = query.get('filter');
  const search = filter ? deskSearchOf(filter) : null;
  if (search && search.kind !== 'text') throw new Refusal(400); // the reference covers the benchmarked searches only
  const pattern = search ? `%${foldForSearch(search.text).replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const offset = (page - 1) * PAGE_SIZE;
  const statement = deskPage(field, direction as 'asc' | 'desc', pattern !== null, PAGE_SIZE);
  const [{ rows }, counted] = await Promise.all([pool.query({ ...statement, values: pattern ? [pattern, offset] : [offset] }), pattern ? searchTotal(pattern) : null]);
  const total = counted ?? Number(rows[0]?.all_requests ?? 0);
  send(request, response, JSON.stringify({ code: 200, message: 'OK', description: 'OK', totalResults: total, totalPages: Math.ceil(total / PAGE_SIZE), requestList: rows.map((row) => toRequest(row, catalog)) }));
}

// A recap per request version, language and side, rendered once (the portal's rule).
const recaps = new Map<string, Promise<Buffer>>();
async function recap(request: IncomingMessage, response: ServerResponse, caller: Caller, requestId: number, query: URLSearchParams): Promise<void> {
  const { rows } = await pool.query({ ...RECAP_KEY, values: [requestId] });
  const row = rows[0];
  if (!row || row.user_id !== caller.user_id) throw new Refusal(404);
  const lang = query.get('lang') === 'en' || (!query.get('lang') && /^en\b/.test(request.headers['accept-language'] ?? '')) ? 'en' : 'it';
  const key = `${row.request_id}:${row.version}:${row.storage_limit ?? ''}:${lang}:false`;
  let pdf = recaps.get(key);
  if (!pdf) {
    pdf = Promise.all([pool.query({ ...REQUEST_BY_ID, values: [requestId] }), pool.query(HISTORY, [requestId])]).then(([{ rows: [whole] }, { rows: entries }]) =>
      renderRecap(
        { ...(toRequest(whole, catalog) as unknown as SuapRequest), history: entries.map((h) => ({ fromState: h.from_state, toState: h.to_state, at: new Date(h.at).toISOString(), actorProfileId: h.actor_profile_id, reason: h.reason })) },
        { language: lang, administrationName: ADMINISTRATION, forStaff: false },
      ),
    );
    if (recaps.size >= 500) recaps.clear();
    recaps.set(key, pdf);
  }
  const bytes = await pdf;
  response
    .writeHead(200, { 'content-type': 'application/pdf', 'content-disposition': attachmentDisposition(recapFileName(requestId, lang)), 'cache-control': 'no-store', 'content-length': bytes.length })
    .end(bytes);
}

async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const [path = '', search = ''] = (request.url ?? '').split('?');
  const query = new URLSearchParams(search);
  if (path === '/ready') return void response.writeHead(200).end();
  let match;
  if (request.method === 'GET' && path === '/api/suap/v1/backoffice/list') {
    await authenticate(request, 'BO', STAFF);
    return deskList(request, response, query);
  }
  if (request.method === 'PUT' && (match = /^\/api\/suap\/v1\/request\/(\d+)$/.exec(path))) {
    return saveStep(request, response, await authenticate(request, 'FO', [FRONT_OFFICE]), Number(match[1]));
  }
  if (request.method === 'GET' && (match = /^\/api\/suap\/v1\/request\/getPdfRecap\/(\d+)$/.exec(path))) {
    return recap(request, response, await authenticate(request, 'FO', [FRONT_OFFICE]), Number(match[1]), query);
  }
  throw new Refusal(404);
}

const server = http.createServer({ keepAliveTimeout: 72_000 }, (request, response) => {
  route(request, response).catch((error: unknown) => {
    const status = error instanceof Refusal ? error.status : 500;
    if (status === 500) console.error(error);
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(`{"code":${status}}`);
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void pool.end().then(() => process.exit(0));
});
