// The essential work of each call the authenticated reference answers (docs/performance.md): verify the
// bearer token, one prepared statement for the caller (account state, role, revocation), the same
// data statements the portal's route runs, the same answer bytes — and nothing else: no body or
// query validation beyond what the statements need, no security headers, no logging. Served by
// node:http (server.ts: the reference) and by a bare Fastify app (fastify-server.ts: the same work
// with the framework's own per-call cost, so the report can tell the framework from our code).
//
// Environment: REF_DATABASE_URL, REF_PORTAL_ORIGIN (where the provider's keys are read once),
// REF_PUBLIC_URL (the portal's public address: issuer and audience).
import type { IncomingHttpHeaders } from 'node:http';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { attachmentDisposition, recapFileName } from '#shared/recap.ts';
import { deskSearchOf } from '#shared/api/back-office.ts';
import { foldForSearch } from '#shared/text.ts';
import { renderRecap } from '#server/services/pdf/recap.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import { loadCatalog, toRequest } from './answers.ts';
import { authenticator, Refusal } from './auth.ts';
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

/** One call as either server hands it over; `body` is the parsed JSON body (PUT). */
export interface Call {
  headers: IncomingHttpHeaders;
  query: URLSearchParams;
  body: () => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** What either server writes back. */
export interface Answer {
  status: number;
  headers: Record<string, string | number>;
  payload: Buffer;
}

function json(call: Call, body: string): Answer {
  let payload = Buffer.from(body);
  const headers: Record<string, string | number> = { 'content-type': 'application/json; charset=utf-8' };
  if (payload.length >= 1024 && /\bgzip\b/.test(call.headers['accept-encoding'] ?? '')) {
    payload = gzipSync(payload);
    headers['content-encoding'] = 'gzip';
  }
  headers['content-length'] = payload.length;
  return { status: 200, headers, payload };
}

/** A refusal's answer (the status alone matters to the benchmark). */
export function refused(error: unknown): Answer {
  const status = error instanceof Refusal ? error.status : 500;
  if (status === 500) console.error(error);
  const payload = Buffer.from(`{"code":${status}}`);
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': payload.length }, payload };
}

// The office's day (Europe/Rome) a change gives a draft's storage limit, with a formatter made once.
const romeDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' });
function storageLimit(now: Date): string {
  const [y, m, d] = romeDay.format(now).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + RETENTION_DAYS)).toISOString().slice(0, 10);
}

/** PUT /api/suap/v1/request/{id}: a draft's step saved. */
export async function saveStep(call: Call, requestId: number): Promise<Answer> {
  const caller = await authenticate(call.headers, 'FO', [FRONT_OFFICE]);
  const body = await call.body();
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
      suapId,
      municipalityId,
      iniziativeId,
      body.procedureNotification ? JSON.stringify(body.procedureNotification) : null,
      personal ? JSON.stringify(personal) : null,
      body.partitaIva || null,
      foldForSearch(`${caller.first_name} ${caller.last_name} ${suapName}`),
      applicant,
      now,
      body.version + 1,
      storageLimit(now),
      requestId,
      caller.user_id,
      DRAFT,
      body.version,
      ...refs,
    ],
  });
  if (!rows[0]) throw new Refusal(409);
  const row = {
    ...rows[0],
    u_first_name: caller.first_name,
    u_last_name: caller.last_name,
    u_fiscal_code: caller.fiscal_code,
    u_profile_id: caller.profile_id,
  };
  return json(call, JSON.stringify({ code: 200, message: 'OK', description: 'OK', request: toRequest(row, catalog) }));
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

/** GET /api/suap/v1/backoffice/list: a page of the request desk. */
export async function deskList(call: Call): Promise<Answer> {
  await authenticate(call.headers, 'BO', STAFF);
  const { query } = call;
  const [field = 'requestId', direction = 'desc'] = (query.get('sort') ?? 'requestId;desc').split(';');
  const page = Number(query.get('page') ?? 1);
  const filter = query.get('filter');
  const search = filter ? deskSearchOf(filter) : null;
  if (search && search.kind !== 'text') throw new Refusal(400); // the reference covers the benchmarked searches only
  const pattern = search ? `%${foldForSearch(search.text).replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const offset = (page - 1) * PAGE_SIZE;
  const statement = deskPage(field, direction as 'asc' | 'desc', pattern !== null, PAGE_SIZE);
  const [{ rows }, counted] = await Promise.all([
    pool.query({ ...statement, values: pattern ? [pattern, offset] : [offset] }),
    pattern ? searchTotal(pattern) : null,
  ]);
  const total = counted ?? Number(rows[0]?.all_requests ?? 0);
  return json(
    call,
    JSON.stringify({
      code: 200,
      message: 'OK',
      description: 'OK',
      totalResults: total,
      totalPages: Math.ceil(total / PAGE_SIZE),
      requestList: rows.map((row) => toRequest(row, catalog)),
    }),
  );
}

// A recap per request version, language and side, rendered once (the portal's rule).
const recaps = new Map<string, Promise<Buffer>>();
/** GET /api/suap/v1/request/getPdfRecap/{id}: the recap, rendered once per version. */
export async function recap(call: Call, requestId: number): Promise<Answer> {
  const caller = await authenticate(call.headers, 'FO', [FRONT_OFFICE]);
  const { query } = call;
  const { rows } = await pool.query({ ...RECAP_KEY, values: [requestId] });
  const row = rows[0];
  if (!row || row.user_id !== caller.user_id) throw new Refusal(404);
  const lang = query.get('lang') === 'en' || (!query.get('lang') && /^en\b/.test(call.headers['accept-language'] ?? '')) ? 'en' : 'it';
  const key = `${row.request_id}:${row.version}:${row.storage_limit ?? ''}:${lang}:false`;
  let pdf = recaps.get(key);
  if (!pdf) {
    pdf = Promise.all([pool.query({ ...REQUEST_BY_ID, values: [requestId] }), pool.query(HISTORY, [requestId])]).then(
      ([
        {
          rows: [whole],
        },
        { rows: entries },
      ]) =>
        renderRecap(
          {
            ...(toRequest(whole, catalog) as unknown as SuapRequest),
            history: entries.map((h) => ({
              fromState: h.from_state,
              toState: h.to_state,
              at: new Date(h.at).toISOString(),
              actorProfileId: h.actor_profile_id,
              reason: h.reason,
            })),
          },
          { language: lang, administrationName: ADMINISTRATION, forStaff: false },
        ),
    );
    if (recaps.size >= 500) recaps.clear();
    recaps.set(key, pdf);
  }
  const bytes = await pdf;
  return {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': attachmentDisposition(recapFileName(requestId, lang)),
      'cache-control': 'no-store',
      'content-length': bytes.length,
    },
    payload: bytes,
  };
}

export const closePool = () => pool.end();
