// Periodic work of every instance: deliver the outbox, expire old drafts (warning their owners
// first) and remove their documents, sweep abandoned uploads, purge personal data past its period (retention.ts), forget revocations of
// tokens that have expired anyway. Safe to run on many instances at once (see each job).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { RevocationStore } from '../auth/revocations.ts';
import { deliverDue, type AttachmentRenderer, type Transport } from './notifications/outbox.ts';
import { purgeDeletedDraftDocuments, purgePersonalData, sweepExpiredDrafts, warnOfExpiringDrafts, type RetentionPeriods } from './requests/retention.ts';
import type { DependencyHealth } from './dependency-health.ts';
import { sweepAbandonedUploads } from './documents/store.ts';
import { mailObserver } from './notifications/transports.ts';
import { DEFAULT_AUDIT_RETENTION_DAYS, purgeAuditLog } from './audit/retention.ts';

export interface BackgroundJobs {
  stop(): Promise<void>;
}

export function startBackgroundJobs(
  db: Kysely<Database>,
  transport: Transport,
  log: { warn: (obj: object, msg: string) => void },
  intervals = { outboxMs: 5000, sweepMs: 3_600_000 },
  /** Renders an office copy's recap that was not attached after its submission (office-recap.ts). */
  renderAttachment?: AttachmentRenderer,
  /** The audit log's retention (AUDIT_RETENTION_DAYS): older lines go on each sweep. */
  audit = { retentionDays: DEFAULT_AUDIT_RETENTION_DAYS },
  /**
   * Personal data's retention (warning before a draft expires, purges: retention.ts), mail's state
   * for the readiness probe, and the clock (tests move it instead of waiting).
   */
  personal: { retention?: RetentionPeriods & { draftRetentionDays: number; portalUrl: string }; dependencies?: DependencyHealth; now?: () => Date } = {},
): BackgroundJobs {
  const now = personal.now ?? (() => new Date());
  const transportObserver = personal.dependencies ? mailObserver(personal.dependencies, log) : undefined;
  let running: Promise<unknown> = Promise.resolve();
  const guard = (name: string, job: () => Promise<unknown>) => () => {
    // One run at a time per job kind; a failure is logged and retried on the next tick.
    running = running.then(job).catch((error: Error) => log.warn({ err: error }, `${name} failed`));
  };
  const deliver = guard('outbox delivery', async () => {
    let report;
    do report = await deliverDue(db, transport, { renderAttachment, transportObserver });
    while (report.delivered + report.failed > 0 && report.failed === 0);
  });
  const sweep = guard('retention sweep', async () => {
    await sweepExpiredDrafts(db, now());
    // Documents: an expired draft's, and uploads an instance left unfinished when it stopped.
    await purgeDeletedDraftDocuments(db);
    await sweepAbandonedUploads(db, now());
    const { retention } = personal;
    if (retention) {
      await warnOfExpiringDrafts(
        db,
        { warningDays: retention.draftWarningDays, retentionDays: retention.draftRetentionDays, portalUrl: retention.portalUrl },
        now(),
      );
      await purgePersonalData(db, retention, now());
    }
    await new RevocationStore(db).sweep();
    await purgeAuditLog(db, audit.retentionDays);
  });
  const timers = [setInterval(deliver, intervals.outboxMs), setInterval(sweep, intervals.sweepMs)];
  for (const timer of timers) timer.unref();
  deliver();
  sweep();
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await running;
    },
  };
}
