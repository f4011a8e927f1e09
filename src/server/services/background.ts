// Periodic work of every instance: deliver the outbox, expire old drafts, forget revocations of
// tokens that have expired anyway. Safe to run on many instances at once (see each job).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { RevocationStore } from '../auth/revocations.ts';
import { deliverDue, type AttachmentRenderer, type Transport } from './notifications/outbox.ts';
import { sweepExpiredDrafts } from './requests/retention.ts';
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
): BackgroundJobs {
  let running: Promise<unknown> = Promise.resolve();
  const guard = (name: string, job: () => Promise<unknown>) => () => {
    // One run at a time per job kind; a failure is logged and retried on the next tick.
    running = running.then(job).catch((error: Error) => log.warn({ err: error }, `${name} failed`));
  };
  const deliver = guard('outbox delivery', async () => {
    let report;
    do report = await deliverDue(db, transport, { renderAttachment });
    while (report.delivered + report.failed > 0 && report.failed === 0);
  });
  const sweep = guard('retention sweep', async () => {
    await sweepExpiredDrafts(db);
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
