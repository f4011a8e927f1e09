// Personal data kept only as long as needed (docs/deployment.md, "Retention"): a draft's owner is
// warned by e-mail before its storage limit, once per limit even with several instances sweeping
// at once; deleted drafts' contents, delivered notifications, abuse-limit counters and identity-check
// rows go after their periods, and what is younger stays. Time moves through the jobs' clock.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import type { RequestResponse, SuapRequest } from '#shared/api/requests.ts';
import { DEFAULT_DRAFT_RETENTION_DAYS, RequestState } from '#shared/constants.ts';
import { addDays, formatCalendarDay, officeToday } from '#shared/dates.ts';
import { startBackgroundJobs } from '#server/services/background.ts';
import { purgePersonalData, warnOfExpiringDrafts, type RetentionPeriods } from '#server/services/requests/retention.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';
const DAY = 86_400_000;
const PERIODS: RetentionPeriods = { outboxDays: 30, deletedDraftDays: 30, rateLimitMinutes: 60, identityCheckDays: 90, draftWarningDays: 30 };
const WARNING = { warningDays: 30, retentionDays: DEFAULT_DRAFT_RETENTION_DAYS, portalUrl: BASE };

describe.each(testDatabases())('retention of personal data on $kind', ({ open }) => {
  let t: TestApp;
  let mario: string;
  beforeAll(async () => {
    t = await startTestApp(await open(), { PUBLIC_URL: BASE });
    mario = (await signIn(t.app, BASE, 'FO', 'mario')).access_token;
    await t.app.inject({ url: `/api${ApiPaths.userInfo}?fiscalCode=RSSMRA80A01H501U`, headers: { authorization: `Bearer ${mario}` } });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  const db = () => t.database.db;
  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, language = 'it-IT,it;q=0.9') =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `Bearer ${mario}`, 'accept-language': language },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  async function newDraft(language?: string): Promise<SuapRequest> {
    const response = await call('POST', ApiPaths.requestCreate, { procedureNotification: { type: 1, value: 'mario.rossi@example.org' } }, language);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as RequestResponse).request;
  }
  const warningsFor = (requestId: number) =>
    db().selectFrom('outbox').selectAll().where('request_id', '=', requestId).where('kind', '=', 'draft-expiry-warning').execute();
  /** The instant `days` after the draft's creation day, at noon in Rome. */
  const daysLater = (days: number) => new Date(Date.now() + days * DAY);

  it('warns the owner once, 30 days before the storage limit, with the draft’s link, even with three instances sweeping at once', async () => {
    const draft = await newDraft();
    const limit = draft.storageLimit!;
    expect(limit).toBe(addDays(officeToday(), DEFAULT_DRAFT_RETENTION_DAYS));

    // 31 days before the limit: nothing yet.
    await warnOfExpiringDrafts(db(), WARNING, daysLater(DEFAULT_DRAFT_RETENTION_DAYS - 31));
    expect(await warningsFor(draft.requestId)).toEqual([]);

    const at = daysLater(DEFAULT_DRAFT_RETENTION_DAYS - 30);
    await Promise.all([warnOfExpiringDrafts(db(), WARNING, at), warnOfExpiringDrafts(db(), WARNING, at), warnOfExpiringDrafts(db(), WARNING, at)]);
    await warnOfExpiringDrafts(db(), WARNING, daysLater(DEFAULT_DRAFT_RETENTION_DAYS - 10));
    const [warning, ...more] = await warningsFor(draft.requestId);
    expect(more).toEqual([]);
    expect(warning!.to_address).toBe('mario.rossi@example.org');
    expect(warning!.body_text).toContain(`${BASE}/startup?requestId=${draft.requestId}`);
    expect(warning!.body_text).toContain(formatCalendarDay(limit));
    expect(warning!.subject).toBe(`La bozza n. ${draft.requestId} sarà eliminata dopo il ${formatCalendarDay(limit)}`);
    expect(warning!.body_text).not.toContain('Dear');
  });

  it('writes both languages for a draft created before its language was recorded', async () => {
    const draft = await newDraft();
    await db().updateTable('requests').set({ language: null }).where('request_id', '=', draft.requestId).execute();
    await warnOfExpiringDrafts(db(), WARNING, daysLater(DEFAULT_DRAFT_RETENTION_DAYS - 30));
    const [warning] = await warningsFor(draft.requestId);
    const day = formatCalendarDay(draft.storageLimit);
    expect(warning!.subject).toBe(`La bozza n. ${draft.requestId} sarà eliminata dopo il ${day} / Draft no. ${draft.requestId} will be deleted after ${day}`);
  });

  it('writes in the language the draft was created in, and warns again only once its storage limit has moved', async () => {
    const draft = await newDraft('en-GB,en;q=0.9');
    await warnOfExpiringDrafts(db(), WARNING, daysLater(DEFAULT_DRAFT_RETENTION_DAYS - 30));
    const [english] = await warningsFor(draft.requestId);
    expect(english!.subject).toBe(`Draft no. ${draft.requestId} will be deleted after ${formatCalendarDay(draft.storageLimit)}`);
    expect(english!.body_text).toContain(`${BASE}/startup?requestId=${draft.requestId}&lang=en`);
    expect(english!.body_text).not.toContain('Gentile');

    // Saved again (here: its limit moved a week on), the draft is warned of its new limit, once.
    await db()
      .updateTable('requests')
      .set({ storage_limit: addDays(draft.storageLimit!, 7) })
      .where('request_id', '=', draft.requestId)
      .execute();
    await warnOfExpiringDrafts(db(), WARNING, daysLater(DEFAULT_DRAFT_RETENTION_DAYS - 30));
    expect(await warningsFor(draft.requestId)).toHaveLength(1);
    await warnOfExpiringDrafts(db(), WARNING, daysLater(DEFAULT_DRAFT_RETENTION_DAYS - 23));
    await warnOfExpiringDrafts(db(), WARNING, daysLater(DEFAULT_DRAFT_RETENTION_DAYS - 20));
    expect(await warningsFor(draft.requestId)).toHaveLength(2);
  });

  it('sends no warning when DRAFT_EXPIRY_WARNING_DAYS is 0', async () => {
    const draft = await newDraft();
    expect(await warnOfExpiringDrafts(db(), { ...WARNING, warningDays: 0 }, daysLater(DEFAULT_DRAFT_RETENTION_DAYS - 1))).toBe(0);
    expect(await warningsFor(draft.requestId)).toEqual([]);
  });

  it('empties a deleted draft of its personal data after the period, keeping the row and its history', async () => {
    const draft = await newDraft();
    const saved = await call('PUT', apiPath('request', { id: draft.requestId }), {
      ...draft,
      partitaIva: '01234567897',
      personalData: { firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA80A01H501U', telephone: '06 1234567' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('DELETE', apiPath('request', { id: draft.requestId }))).statusCode).toBe(200);
    const content = () =>
      db()
        .selectFrom('requests')
        .select(['personal_data', 'procedure_notification', 'partita_iva', 'state_of_request_id'])
        .where('request_id', '=', draft.requestId)
        .executeTakeFirstOrThrow();

    await purgePersonalData(db(), PERIODS, daysLater(29));
    expect((await content()).partita_iva).toBe('01234567897');

    const report = await purgePersonalData(db(), PERIODS, daysLater(31));
    expect(report.draftContents).toBeGreaterThanOrEqual(1);
    expect(await content()).toEqual({ personal_data: null, procedure_notification: null, partita_iva: null, state_of_request_id: RequestState.DELETED });
    const history = await db().selectFrom('request_history').select('to_state').where('request_id', '=', draft.requestId).execute();
    expect(history.map((h) => h.to_state)).toEqual([RequestState.DRAFT, RequestState.DELETED]);
    // A live draft of the same age keeps everything.
    const live = await newDraft();
    await purgePersonalData(db(), PERIODS, daysLater(300));
    expect(
      (await db().selectFrom('requests').select('procedure_notification').where('request_id', '=', live.requestId).executeTakeFirstOrThrow())
        .procedure_notification,
    ).not.toBeNull();
  });

  it('deletes delivered notifications, abuse-limit counters and identity checks past their periods, and nothing younger', async () => {
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const mail = (id: string, deliveredAt: Date | null) => ({
      message_id: id,
      request_id: null,
      kind: 'receipt',
      to_address: 'mario.rossi@example.org',
      subject: 's',
      body_text: 't',
      attachment_name: null,
      attachment: null,
      delivered_at: deliveredAt,
    });
    await db()
      .insertInto('outbox')
      .values([mail('old-delivered', ago(31 * DAY)), mail('young-delivered', ago(29 * DAY)), mail('old-pending', null)])
      .execute();
    await db()
      .updateTable('outbox')
      .set({ created_at: ago(60 * DAY) })
      .where('message_id', '=', 'old-pending')
      .execute();
    await db()
      .insertInto('rate_limits')
      .values([
        { key: 'retention|ip:192.0.2.1', window_start: now.getTime() - 61 * 60_000, hits: 3 },
        { key: 'retention|sub:mario', window_start: now.getTime() - 59 * 60_000, hits: 1 },
      ])
      .execute();
    await db()
      .insertInto('identity_match_attempts')
      .values([
        { subject: 'retention-old', outcome: 'mismatch' },
        { subject: 'retention-young', outcome: 'matched' },
      ])
      .execute();
    await sql`UPDATE identity_match_attempts SET at = ${ago(91 * DAY)} WHERE subject = 'retention-old'`.execute(db());
    await sql`UPDATE identity_match_attempts SET at = ${ago(89 * DAY)} WHERE subject = 'retention-young'`.execute(db());

    const report = await purgePersonalData(db(), PERIODS, now);
    expect(report).toMatchObject({ deliveredMail: 1, rateLimitCounters: 1, identityChecks: 1 });
    const ids = (
      await db().selectFrom('outbox').select('message_id').where('message_id', 'in', ['old-delivered', 'young-delivered', 'old-pending']).execute()
    ).map((r) => r.message_id);
    expect(ids.sort()).toEqual(['old-pending', 'young-delivered']);
    expect((await db().selectFrom('rate_limits').select('key').where('key', 'like', 'retention|%').execute()).map((r) => r.key)).toEqual([
      'retention|sub:mario',
    ]);
    expect(
      (await db().selectFrom('identity_match_attempts').select('subject').where('subject', 'like', 'retention-%').execute()).map((r) => r.subject),
    ).toEqual(['retention-young']);
  });

  it('runs the warning and the purges from the background sweep, on the jobs’ clock', async () => {
    const draft = await newDraft();
    const clock = daysLater(DEFAULT_DRAFT_RETENTION_DAYS - 30);
    const jobs = startBackgroundJobs(db(), async () => {}, t.app.log, { outboxMs: 3_600_000, sweepMs: 3_600_000 }, undefined, undefined, {
      retention: { ...PERIODS, draftRetentionDays: DEFAULT_DRAFT_RETENTION_DAYS, portalUrl: BASE },
      now: () => clock,
    });
    await jobs.stop(); // waits for the first sweep, which runs at start
    expect(await warningsFor(draft.requestId)).toHaveLength(1);
  });
});
