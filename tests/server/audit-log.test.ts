// The audit log (docs/architecture.md "Audit log"): append-only in the database, written for every
// security event, read by administrators only, filtered by person, action and office days.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditListResponse } from '#shared/api/audit.ts';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import { RequestState, Role } from '#shared/constants.ts';
import { loadConfig } from '#server/config.ts';
import { purgeAuditLog } from '#server/services/audit/retention.ts';
import { startBackgroundJobs } from '#server/services/background.ts';
import { ensureBootstrapAdmin } from '#server/db/seed/bootstrap-admin.ts';
import { REFUSAL_LINES_PER_MINUTE } from '#server/services/audit/refusal-budget.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3998';
const ANNA = 'VRDNNA75D52F839Y';
const LUCA = 'NRELCU90S23L219G';
const GIULIA = 'BNCGLI85M41F205B';
const HANS = 'MLLHNS75C02Z112L';
const SARA = {
  firstName: 'Sara',
  lastName: 'Blu',
  fiscalCode: 'BLUSRA92H55D612F',
  email: 'sara.blu@comune.example.it',
  profile: { profileId: Role.BO_COLLAB },
};

describe.each(testDatabases())('audit log on $kind', ({ open }) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  let giuliaRequest: number;
  let ids: Record<'anna' | 'luca', number>;

  beforeAll(async () => {
    t = await startTestApp(await open(), { PUBLIC_URL: BASE });
    for (const who of ['anna', 'luca'] as const) token[who] = (await signIn(t.app, BASE, 'BO', who)).access_token;
    token.giulia = (await signIn(t.app, BASE, 'FO', 'giulia')).access_token;
    const db = t.database.db;
    const sent = await db
      .selectFrom('requests as r')
      .innerJoin('users as u', 'u.user_id', 'r.user_id')
      .select('r.request_id')
      .where('u.fiscal_code', '=', GIULIA)
      .where('r.state_of_request_id', '=', RequestState.SENT)
      .orderBy('r.request_id')
      .executeTakeFirstOrThrow();
    giuliaRequest = sent.request_id;
    const staff = await db.selectFrom('users').select(['user_id', 'fiscal_code']).where('realm', '=', 'BO').execute();
    ids = { anna: staff.find((s) => s.fiscal_code === ANNA)!.user_id, luca: staff.find((s) => s.fiscal_code === LUCA)!.user_id };
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string | null, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: who ? { authorization: `Bearer ${token[who]}` } : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const lines = (action: string) => t.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('audit_id').execute();
  const count = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const list = async (query: string) => {
    const response = await call('GET', `${ApiPaths.boAuditLog}${query}`, 'anna');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AuditListResponse;
  };

  describe('append-only in the database', () => {
    it('refuses UPDATE, DELETE and TRUNCATE of audit lines, and changes nothing', async () => {
      const db = t.database.db;
      await db.insertInto('audit_log').values({ action: 'refusal', outcome: '401', route: 'GET /api/x' }).execute();
      const before = await db.selectFrom('audit_log').selectAll().orderBy('audit_id').execute();
      await expect(sql`UPDATE audit_log SET outcome = 'success'`.execute(db)).rejects.toThrow(/append-only/);
      await expect(sql`DELETE FROM audit_log`.execute(db)).rejects.toThrow(/append-only/);
      await expect(sql`TRUNCATE audit_log`.execute(db)).rejects.toThrow(/append-only/);
      // A transaction that only says "retention" in another setting's name is no retention job either.
      await expect(
        db.transaction().execute(async (trx) => {
          await sql`SELECT set_config('suap.audit_retention', 'off', true)`.execute(trx);
          await sql`DELETE FROM audit_log`.execute(trx);
        }),
      ).rejects.toThrow(/append-only/);
      expect(await db.selectFrom('audit_log').selectAll().orderBy('audit_id').execute()).toEqual(before);
    });

    it('lets only the retention job delete, and only lines older than the period', async () => {
      const db = t.database.db;
      const now = new Date();
      const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
      await db
        .insertInto('audit_log')
        .values([
          { action: 'sign-in', outcome: 'success', at: daysAgo(731), route: 'old' },
          { action: 'sign-in', outcome: 'success', at: daysAgo(729), route: 'kept' },
        ])
        .execute();
      const before = await count();
      expect(await purgeAuditLog(db, 730, now)).toBe(1);
      const routes = (await db.selectFrom('audit_log').select('route').where('route', 'in', ['old', 'kept']).execute()).map((r) => r.route);
      expect(routes).toEqual(['kept']);
      expect(await count()).toBe(before - 1);
      // The job's setting was its own transaction's: a plain DELETE afterwards is refused again.
      await expect(sql`DELETE FROM audit_log WHERE route = 'kept'`.execute(db)).rejects.toThrow(/append-only/);
    });

    it("runs in the background jobs' retention sweep with the configured period", async () => {
      const db = t.database.db;
      await db
        .insertInto('audit_log')
        .values({ action: 'sign-in', outcome: 'success', at: new Date(Date.now() - 11 * 86_400_000), route: 'eleven-days' })
        .execute();
      const hour = 3_600_000;
      // The sweep runs once at start; stop() waits for it.
      await startBackgroundJobs(db, async () => {}, { warn: () => {} }, { outboxMs: hour, sweepMs: hour }, undefined, { retentionDays: 30 }).stop();
      expect(await db.selectFrom('audit_log').select('route').where('route', '=', 'eleven-days').execute()).toHaveLength(1);
      await startBackgroundJobs(db, async () => {}, { warn: () => {} }, { outboxMs: hour, sweepMs: hour }, undefined, { retentionDays: 10 }).stop();
      expect(await db.selectFrom('audit_log').select('route').where('route', '=', 'eleven-days').execute()).toHaveLength(0);
    });

    it('reads AUDIT_RETENTION_DAYS: two years by default, and one sentence naming it when wrong', () => {
      const env = { NODE_ENV: 'test', STATIC_DIR: '' };
      expect(loadConfig(env).retention.auditDays).toBe(730);
      expect(loadConfig({ ...env, AUDIT_RETENTION_DAYS: '30' }).retention.auditDays).toBe(30);
      for (const bad of ['0', 'two years', '1.5', '36501'])
        expect(() => loadConfig({ ...env, AUDIT_RETENTION_DAYS: bad })).toThrow(/^AUDIT_RETENTION_DAYS must be a whole number/);
    });
  });

  describe('events', () => {
    it('records sign-ins, granted with the account and refused without one', async () => {
      const granted = (await lines('sign-in')).filter((l) => l.actor_fiscal_code === LUCA);
      expect(granted).toEqual([expect.objectContaining({ outcome: 'success', actor_user_id: ids.luca, actor_subject: expect.any(String), route: null })]);
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/login/token2',
        payload: { grant_type: 'authorization_code', code: 'not-a-code', redirect_uri: `${BASE}/auth/back-office/callback` },
      });
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      const last = (await lines('sign-in')).at(-1)!;
      expect(last).toMatchObject({ outcome: String(refused.statusCode), actor_user_id: null, actor_fiscal_code: null, route: 'POST /api/login/token2' });
    });

    it("records Luca reading Giulia's request and its PDF, and Giulia exporting her own recap", async () => {
      expect((await call('GET', apiPath('boRequest', { id: giuliaRequest }), 'luca')).statusCode).toBe(200);
      expect((await call('GET', apiPath('boRequestPdf', { id: giuliaRequest }), 'luca')).statusCode).toBe(200);
      expect((await call('GET', apiPath('requestPdf', { id: giuliaRequest }), 'giulia')).statusCode).toBe(200);
      const who = { actor_user_id: ids.luca, actor_fiscal_code: LUCA, target_request_id: giuliaRequest, outcome: 'success', client_address: '127.0.0.1' };
      expect((await lines('request-read')).at(-1)).toMatchObject(who);
      expect((await lines('recap-read')).at(-1)).toMatchObject(who);
      expect((await lines('recap-export')).at(-1)).toMatchObject({ actor_fiscal_code: GIULIA, target_request_id: giuliaRequest, outcome: 'success' });
    });

    it('records refusals with who and the route, never the body', async () => {
      const refused = await call('POST', ApiPaths.boUserCreate, 'luca', SARA);
      expect(refused.statusCode).toBe(403);
      const last = (await lines('refusal')).at(-1)!;
      expect(last).toMatchObject({ outcome: '403', actor_user_id: ids.luca, actor_fiscal_code: LUCA, route: `POST /api${ApiPaths.boUserCreate}` });
      expect(JSON.stringify(last)).not.toMatch(/BLUSRA|Sara|sara\.blu/i);
      expect((await call('GET', apiPath('boRequest', { id: giuliaRequest }), null)).statusCode).toBe(401);
      expect((await lines('refusal')).at(-1)).toMatchObject({ outcome: '401', actor_user_id: null, route: 'GET /api/suap/v1/backoffice/request/:id' });
    });

    it('records every staff change in its transaction, and nothing for a refused one', async () => {
      const created = await call('POST', ApiPaths.boUserCreate, 'anna', SARA);
      expect(created.statusCode, created.body).toBe(200);
      const saraId = (created.json() as { user: { userId: number } }).user.userId;
      expect((await lines('staff-create')).at(-1)).toMatchObject({ actor_user_id: ids.anna, actor_fiscal_code: ANNA, target_user_id: saraId });
      const before = await count();
      expect((await call('POST', ApiPaths.boUserCreate, 'anna', SARA)).statusCode).toBe(400);
      expect(await count()).toBe(before);
      expect((await call('PUT', ApiPaths.boUserModify, 'anna', { ...SARA, userId: saraId, lastName: 'Azzurri' })).statusCode).toBe(200);
      expect((await call('PUT', ApiPaths.boUserModify, 'anna', { ...SARA, userId: saraId, lastName: 'Azzurri', active: 0 })).statusCode).toBe(200);
      expect((await lines('staff-modify')).at(-1)).toMatchObject({ target_user_id: saraId, actor_user_id: ids.anna });
      expect((await lines('staff-deactivate')).at(-1)).toMatchObject({ target_user_id: saraId, actor_user_id: ids.anna });
    });

    it("records the first administrator's creation at start, by nobody's account, once", async () => {
      const laura = { fiscalCode: 'MRNLRA90A41H501Q', firstName: 'Laura', lastName: 'Marino', email: null };
      expect(await ensureBootstrapAdmin(t.database.db, laura)).toBe(true);
      const id = (
        await t.database.db
          .selectFrom('users')
          .select('user_id')
          .where('realm', '=', 'BO')
          .where('fiscal_code', '=', laura.fiscalCode)
          .executeTakeFirstOrThrow()
      ).user_id;
      expect((await lines('staff-create')).filter((l) => l.target_user_id === id)).toEqual([
        expect.objectContaining({ actor_user_id: null, actor_fiscal_code: null, outcome: 'success' }),
      ]);
      expect(await ensureBootstrapAdmin(t.database.db, laura)).toBe(false);
      expect((await lines('staff-create')).filter((l) => l.target_user_id === id)).toHaveLength(1);
    });

    it("records the identity matcher's outcome for the identity that asked", async () => {
      const hans = await signIn(t.app, BASE, 'FO', 'hans');
      const response = await t.app.inject({
        method: 'POST',
        url: `/api${ApiPaths.checkPerson}`,
        headers: { authorization: `Bearer ${hans.access_token}` },
        payload: { codiceFiscale: 'MLLHNS75C02Z112X', sesso: 'M', statoNascita: 'DE' },
      });
      expect(response.statusCode, response.body).toBeLessThan(500);
      const attempt = await t.database.db.selectFrom('identity_match_attempts').selectAll().orderBy('at', 'desc').executeTakeFirstOrThrow();
      expect((await lines('identity-match')).at(-1)).toMatchObject({ outcome: attempt.outcome, actor_subject: attempt.subject, actor_fiscal_code: null });
      // Once matched, the line names the person by the code, so the log finds them by it.
      const matched = await t.app.inject({
        method: 'POST',
        url: `/api${ApiPaths.checkPerson}`,
        headers: { authorization: `Bearer ${hans.access_token}` },
        payload: { codiceFiscale: HANS, sesso: 'M', statoNascita: 'DE' },
      });
      expect(matched.json(), matched.body).toMatchObject({ valido: true });
      expect((await lines('identity-match')).at(-1)).toMatchObject({ outcome: 'matched', actor_subject: attempt.subject, actor_fiscal_code: HANS });
    });

    it('keeps personal data out of the process logs', () => {
      const logs = t.logs.join('\n');
      for (const code of [ANNA, LUCA, GIULIA, SARA.fiscalCode]) expect(logs).not.toContain(code);
    });
  });

  describe('reading it', () => {
    it("lets Anna find Luca's read of Giulia's request and its PDF, newest first", async () => {
      const page = await list(`?filter=${LUCA}&size=100`);
      expect(page.auditList.every((e) => e.actorFiscalCode === LUCA)).toBe(true);
      const reads = page.auditList.filter((e) => e.targetRequestId === giuliaRequest).map((e) => e.action);
      expect(reads).toEqual(expect.arrayContaining(['request-read', 'recap-read']));
      expect(page.auditList[0]).toMatchObject({ actorName: 'Luca Neri' });
      const times = page.auditList.map((e) => e.at);
      expect([...times].sort().reverse()).toEqual(times);
      const byName = await list('?filter=neri&action=recap-read');
      expect(byName.auditList.map((e) => [e.action, e.actorName, e.targetRequestId])).toContainEqual(['recap-read', 'Luca Neri', giuliaRequest]);
      expect(byName.auditList.every((e) => e.action === 'recap-read')).toBe(true);
    });

    it('pages like the other lists', async () => {
      const total = await count();
      const first = await list('?size=3');
      expect(first).toMatchObject({ code: 200, totalResults: total, totalPages: Math.ceil(total / 3) });
      expect(first.auditList).toHaveLength(3);
      const second = await list('?size=3&page=2');
      expect(second.auditList[0]!.auditId).toBeLessThan(first.auditList[2]!.auditId);
      const oldest = await list('?size=1&sort=at;asc');
      const earliest = await t.database.db.selectFrom('audit_log').select('at').orderBy('at').limit(1).executeTakeFirstOrThrow();
      expect(oldest.auditList[0]!.at).toBe(new Date(earliest.at).toISOString());
    });

    it('filters by office days, both included, in Rome time', async () => {
      // 23:30 UTC on 15 January is already the 16th in Rome.
      await t.database.db
        .insertInto('audit_log')
        .values([
          { action: 'refusal', outcome: '403', at: new Date('2021-01-15T10:00:00Z'), route: 'day-15' },
          { action: 'refusal', outcome: '403', at: new Date('2021-01-15T23:30:00Z'), route: 'day-16' },
        ])
        .execute();
      const routes = async (query: string) => (await list(`${query}&action=refusal&size=100`)).auditList.map((e) => e.route);
      expect(await routes('?from=2021-01-15&to=2021-01-15')).toEqual(['day-15']);
      expect(await routes('?from=2021-01-16&to=2021-01-16')).toEqual(['day-16']);
      expect(await routes('?from=2021-01-14&to=2021-01-16')).toEqual(['day-16', 'day-15']);
    });

    it('is for administrators only, and refuses bad filters with the envelope', async () => {
      expect((await call('GET', ApiPaths.boAuditLog, 'luca')).statusCode).toBe(403);
      expect((await call('GET', ApiPaths.boAuditLog, 'giulia')).statusCode).toBe(401);
      expect((await call('GET', ApiPaths.boAuditLog, null)).statusCode).toBe(401);
      for (const query of ['?action=reading', '?from=2021-02-30', '?from=2021-02-02&to=2021-02-01', '?size=1000', '?filter=ab']) {
        const response = await call('GET', `${ApiPaths.boAuditLog}${query}`, 'anna');
        expect(response.statusCode, query).toBe(400);
        expect(response.json()).toMatchObject({ code: 400, message: expect.any(String), description: expect.any(String) });
      }
    });

    it('does not serve a staff read whose audit line cannot be stored', async () => {
      const db = t.database.db;
      await sql`ALTER TABLE audit_log ADD CONSTRAINT test_no_recap_reads CHECK (action <> 'recap-read') NOT VALID`.execute(db);
      try {
        const response = await call('GET', apiPath('boRequestPdf', { id: giuliaRequest }), 'luca');
        expect(response.statusCode).toBe(503);
        expect(response.headers['content-type']).toMatch(/json/);
        expect(response.json()).toMatchObject({ code: 503 });
      } finally {
        await sql`ALTER TABLE audit_log DROP CONSTRAINT test_no_recap_reads`.execute(db);
      }
    });
  });

  describe('under a flood', () => {
    it('records the sign-ins the abuse limit let through, not the calls it turned away', async () => {
      const before = (await lines('sign-in')).length;
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 40 && !statuses.includes(429); attempt++) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/login/token2',
          payload: { grant_type: 'authorization_code', code: `forged-${attempt}`, redirect_uri: `${BASE}/auth/back-office/callback` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.at(-1)).toBe(429);
      for (let extra = 0; extra < 5; extra++)
        statuses.push(
          (
            await t.app.inject({
              method: 'POST',
              url: '/api/login/token2',
              payload: { grant_type: 'authorization_code', code: 'forged', redirect_uri: `${BASE}/auth/back-office/callback` },
            })
          ).statusCode,
        );
      expect((await lines('sign-in')).length - before).toBe(statuses.filter((status) => status !== 429).length);
    });
  });
});

describe.each(testDatabases())('audit log under a flood of refusals on $kind', ({ open }) => {
  let t: TestApp;
  let now = Date.parse('2026-03-02T10:00:00Z');
  beforeAll(async () => {
    t = await startTestApp(await open(), { PUBLIC_URL: BASE }, { clock: () => now });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });
  const refusals = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('action', '=', 'refusal')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const anonymousCall = () => t.app.inject({ method: 'GET', url: `/api${ApiPaths.boRequestList}` });

  it('writes at most the budget of refusal lines a minute per address, and says so in the log without the address', async () => {
    const before = await refusals();
    for (let call = 0; call < REFUSAL_LINES_PER_MINUTE + 15; call++) expect((await anonymousCall()).statusCode).toBe(401);
    expect((await refusals()) - before).toBe(REFUSAL_LINES_PER_MINUTE);
    const warnings = t.logs.filter((line) => line.includes('refusal lines of a minute'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).not.toContain('127.0.0.1');
    now += 60_000;
    expect((await anonymousCall()).statusCode).toBe(401);
    expect((await refusals()) - before).toBe(REFUSAL_LINES_PER_MINUTE + 1);
  });
});
