// Retention of what requests leave behind (docs/deployment.md, "Retention"):
// - a draft not changed by the end of its storage limit (a day, Europe/Rome) is deleted by the clock's
//   CLOCK_DRAFT_EXPIRED through transition(), with an "expired" history entry. Each draft is locked
//   and its limit read again in its own transaction, so concurrent sweeps on several instances
//   expire each draft exactly once (the second finds it no longer a draft: the machine refuses, and
//   nothing changes), and a draft saved meanwhile is kept;
// - its owner is warned by e-mail some days before, once per limit;
// - an expired draft's documents go with it (purgeDeletedDraftDocuments);
// - personal data that has served is purged after its period: deleted drafts' contents, delivered
//   notifications, abuse-limit counters and identity-matcher attempts.
import { type Kysely, sql } from 'kysely';
import { RequestState } from '#shared/constants.ts';
import { addDays, draftStorageDay, officeToday } from '#shared/dates.ts';
import type { Database } from '../../db/schema.ts';
import { draftExpiryWarning } from '../notifications/messages.ts';
import { enqueue } from '../notifications/outbox.ts';
import { CLOCK_ACTOR } from '../pratica/actor.ts';
import { transition, type TransitionDeps } from '../pratica/transition.ts';

export const EXPIRED_REASON = 'expired';

/**
 * The storage limit a change gives a draft: the office's day (Europe/Rome) `retentionDays` after
 * `from`, a calendar day. A day rather than an instant, like the limits staff set: every save on
 * the same day gives the same limit, so PostgreSQL can update the row in place (a HOT update, no
 * index touched) instead of re-indexing it on every step of the wizard.
 */
export function draftStorageLimit(from: Date, retentionDays: number): string {
  // Every save of the same minute gets the same day (the office's midnight falls on a whole UTC
  // hour), so the day is worked out once a minute instead of on every save (docs/performance.md).
  const minute = Math.floor(from.getTime() / 60_000);
  if (minute !== lastLimit.minute || retentionDays !== lastLimit.retentionDays) {
    lastLimit = { minute, retentionDays, day: draftStorageDay(from, retentionDays) };
  }
  return lastLimit.day;
}

let lastLimit = { minute: Number.NaN, retentionDays: 0, day: '' };

/** Drafts one sweep reads at a time (each is then deleted in a transaction of its own). */
const SWEEP_BATCH = 200;

/**
 * Deletes every draft whose storage limit is a day before the office's today: a draft is kept
 * through its limit day, in Europe/Rome, and goes on the first sweep of the day after. Each goes
 * through the lifecycle (the clock's CLOCK_DRAFT_EXPIRED, transition()), in its own transaction that
 * locks it and reads its limit again. Answers how many this sweep deleted.
 */
export async function sweepExpiredDrafts(db: Kysely<Database>, now = new Date()): Promise<number> {
  const today = officeToday(now);
  const deps: TransitionDeps = { now: () => now };
  let expired = 0;
  let after = 0;
  for (;;) {
    const due = await db
      .selectFrom('requests')
      .select('request_id')
      .where('state_of_request_id', '=', RequestState.DRAFT)
      .where('storage_limit', '<', today)
      .where('request_id', '>', after)
      .orderBy('request_id')
      .limit(SWEEP_BATCH)
      .execute();
    for (const { request_id } of due) {
      const done = await db.transaction().execute(async (trx) => {
        const still = await trx
          .selectFrom('requests')
          .select('request_id')
          .where('request_id', '=', request_id)
          .where('state_of_request_id', '=', RequestState.DRAFT)
          .where('storage_limit', '<', today)
          .forUpdate()
          .executeTakeFirst();
        if (!still) return false;
        const change = await transition(trx, request_id, { type: 'CLOCK_DRAFT_EXPIRED', note: EXPIRED_REASON }, CLOCK_ACTOR, deps);
        if (!change) return false;
        await trx.updateTable('requests').set({ storage_limit: null }).where('request_id', '=', request_id).execute();
        return true;
      });
      if (done) expired++;
    }
    if (due.length < SWEEP_BATCH) return expired;
    after = due.at(-1)!.request_id;
  }
}

/**
 * The documents of deleted drafts (by their owner, or on expiry just before): a deleted draft keeps
 * no documents (docs/architecture.md "Documents"). A few documents per statement, since each may
 * hold megabytes of chunks. Answers how many went.
 */
export async function purgeDeletedDraftDocuments(db: Kysely<Database>): Promise<number> {
  let total = 0;
  for (;;) {
    const done = affected(
      await sql`
      DELETE FROM attachment WHERE attachment_id IN (
        SELECT a.attachment_id FROM attachment a JOIN requests r ON r.request_id = a.request_id
         WHERE r.state_of_request_id = ${RequestState.DELETED} LIMIT ${DOCUMENT_PURGE_BATCH})`.execute(db),
    );
    total += done;
    if (done < DOCUMENT_PURGE_BATCH) return total;
  }
}

const DOCUMENT_PURGE_BATCH = 20;

/** Rows one purge statement removes at most, so a first purge of a large table holds no long lock. */
const PURGE_BATCH = 1000;

const DAY_MS = 86_400_000;

/** Runs `batch` until it touches fewer than PURGE_BATCH rows; answers the total. */
async function inBatches(batch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await batch();
    total += done;
    if (done < PURGE_BATCH) return total;
  }
}

const affected = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0n);

/** What each purge keeps, and for how long (RetentionConfig; docs/deployment.md, "Retention"). */
export interface RetentionPeriods {
  outboxDays: number;
  deletedDraftDays: number;
  rateLimitMinutes: number;
  identityCheckDays: number;
  draftWarningDays: number;
}

export interface PurgeReport {
  deliveredMail: number;
  draftContents: number;
  rateLimitCounters: number;
  identityChecks: number;
}

/** Delivered notifications older than `days`: recipients, texts and recaps leave the database. */
export function purgeDeliveredMail(db: Kysely<Database>, days: number, now: Date): Promise<number> {
  const before = new Date(now.getTime() - days * DAY_MS);
  return inBatches(async () =>
    affected(
      await sql`
      DELETE FROM outbox WHERE message_id IN (
        SELECT message_id FROM outbox WHERE delivered_at IS NOT NULL AND delivered_at < ${before} LIMIT ${PURGE_BATCH})`.execute(db),
    ),
  );
}

/**
 * The content of drafts deleted (by their owner, or on expiry) more than `days` ago: the personal
 * data, the notification contact and the VAT number. The row stays, with its number, dates, office,
 * initiative and history, so the desk and the statistics still count it.
 */
export function purgeDeletedDraftContents(db: Kysely<Database>, days: number, now: Date): Promise<number> {
  const before = new Date(now.getTime() - days * DAY_MS);
  return inBatches(async () =>
    affected(
      await sql`
      UPDATE requests SET personal_data = NULL, procedure_notification = NULL, partita_iva = NULL, version = version + 1
       WHERE request_id IN (
         SELECT request_id FROM requests
          WHERE state_of_request_id = ${RequestState.DELETED}
            AND (personal_data IS NOT NULL OR procedure_notification IS NOT NULL OR partita_iva IS NOT NULL)
            AND updated_on < ${before}
          LIMIT ${PURGE_BATCH})`.execute(db),
    ),
  );
}

/** Abuse-limit counters (keyed by person or address) whose window began more than `minutes` ago. */
export function purgeRateLimitCounters(db: Kysely<Database>, minutes: number, now: Date): Promise<number> {
  const before = now.getTime() - minutes * 60_000;
  return inBatches(async () =>
    affected(await sql`DELETE FROM rate_limits WHERE key IN (SELECT key FROM rate_limits WHERE window_start < ${before} LIMIT ${PURGE_BATCH})`.execute(db)),
  );
}

/** Identity-matcher attempts older than `days`. */
export function purgeIdentityChecks(db: Kysely<Database>, days: number, now: Date): Promise<number> {
  const before = new Date(now.getTime() - days * DAY_MS);
  return inBatches(async () =>
    affected(
      await sql`
      DELETE FROM identity_match_attempts WHERE attempt_id IN (
        SELECT attempt_id FROM identity_match_attempts WHERE at < ${before} LIMIT ${PURGE_BATCH})`.execute(db),
    ),
  );
}

export async function purgePersonalData(db: Kysely<Database>, periods: RetentionPeriods, now: Date): Promise<PurgeReport> {
  return {
    deliveredMail: await purgeDeliveredMail(db, periods.outboxDays, now),
    draftContents: await purgeDeletedDraftContents(db, periods.deletedDraftDays, now),
    rateLimitCounters: await purgeRateLimitCounters(db, periods.rateLimitMinutes, now),
    identityChecks: await purgeIdentityChecks(db, periods.identityCheckDays, now),
  };
}

/**
 * E-mails the owner of each draft whose storage limit is `warningDays` days away or nearer, once
 * per limit: one conditional UPDATE marks the drafts (SKIP LOCKED, re-checked on the row), and the
 * messages go to the outbox in the same transaction, so N instances sweeping at once send each
 * warning exactly once, and a crash sends it later rather than never. A draft that is saved again,
 * or whose limit staff move, gets a new limit and with it a new warning in due time.
 */
export async function warnOfExpiringDrafts(
  db: Kysely<Database>,
  options: { warningDays: number; retentionDays: number; portalUrl: string },
  now: Date,
): Promise<number> {
  if (options.warningDays <= 0) return 0;
  const lastDay = addDays(officeToday(now), options.warningDays);
  let warned = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const due = await sql<{
        request_id: number;
        storage_limit: string;
        language: 'it' | 'en' | null;
        contact: string | null;
        email: string | null;
        first_name: string;
        last_name: string;
      }>`
        WITH due AS (
          UPDATE requests SET expiry_warning_for = storage_limit
           WHERE request_id IN (
             SELECT request_id FROM requests
              WHERE state_of_request_id = ${RequestState.DRAFT} AND storage_limit <= ${lastDay}
                AND expiry_warning_for IS DISTINCT FROM storage_limit
              ORDER BY storage_limit LIMIT ${PURGE_BATCH} FOR UPDATE SKIP LOCKED)
             AND state_of_request_id = ${RequestState.DRAFT} AND expiry_warning_for IS DISTINCT FROM storage_limit
          RETURNING request_id, storage_limit, language, procedure_notification ->> 'value' AS contact, user_id
        )
        SELECT due.request_id, due.storage_limit, due.language, due.contact, u.email, u.first_name, u.last_name
          FROM due JOIN users u ON u.user_id = due.user_id`.execute(trx);
      for (const row of due.rows) {
        const to = row.contact ?? row.email;
        if (!to) continue; // nobody to write to: marked all the same, so it is not looked at again
        const message = draftExpiryWarning(
          { requestId: row.request_id, storageLimit: row.storage_limit, language: row.language, to, firstName: row.first_name, lastName: row.last_name },
          options.portalUrl,
          options.retentionDays,
        );
        await enqueue(trx, row.request_id, [message]);
      }
      return due.rows.length;
    });
    warned += batch;
    if (batch < PURGE_BATCH) return warned;
  }
}
