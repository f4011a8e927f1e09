// Writing to the outbox (inside the caller's transaction) and delivering from it (the worker).
import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { OutgoingMessage } from './messages.ts';

export async function enqueue(trx: Transaction<Database>, requestId: number | null, messages: (OutgoingMessage | null)[]): Promise<void> {
  const rows = messages
    .filter((m): m is OutgoingMessage => m !== null)
    .map((m) => ({
      message_id: randomUUID(),
      request_id: requestId,
      kind: m.kind,
      to_address: m.to,
      subject: m.subject,
      body_text: m.text,
      attachment_name: m.attachment?.name ?? null,
      attachment: m.attachment?.content ?? null,
    }));
  if (rows.length > 0) await trx.insertInto('outbox').values(rows).execute();
}

export interface Envelope {
  messageId: string;
  to: string;
  subject: string;
  text: string;
  attachment: { name: string; content: Buffer } | null;
}

/** A message's attachment: stored, or rendered now when it was left to render (never sent without it). */
async function attachmentOf(row: { attachment: Uint8Array | null; request_id: number | null }, render: AttachmentRenderer | undefined): Promise<Buffer> {
  if (row.attachment) return Buffer.from(row.attachment);
  if (!render || row.request_id === null) throw new Error('attachment not rendered yet');
  return render(row.request_id);
}

/** Something that delivers one message; delivering the same messageId twice must be harmless. */
export type Transport = (message: Envelope) => Promise<void>;

/**
 * Renders an attachment that was left to render when its message was written (office-recap.ts):
 * the office's copy of request `requestId`'s recap.
 */
export type AttachmentRenderer = (requestId: number) => Promise<Buffer>;

export interface DeliveryReport {
  delivered: number;
  failed: number;
}

/** Told whether the transport took each message: the readiness probe's view of mail (dependency-health.ts). */
export interface TransportObserver {
  sent(): void;
  failed(error: unknown): void;
}

/**
 * Claims a batch of due messages (SKIP LOCKED, so several instances share the work without
 * overlap), delivers them, and marks each delivered or schedules a retry with backoff. A crash
 * after delivery but before marking re-delivers the message later: at least once, same id.
 */
export async function deliverDue(
  db: Kysely<Database>,
  transport: Transport,
  options: { batch?: number; leaseSeconds?: number; renderAttachment?: AttachmentRenderer; transportObserver?: TransportObserver } = {},
): Promise<DeliveryReport> {
  const batch = options.batch ?? 10;
  const lease = options.leaseSeconds ?? 60;
  const claimed = await db
    .updateTable('outbox')
    .set({ locked_until: sql`now() + make_interval(secs => ${lease})`, attempts: sql`attempts + 1` })
    .where('message_id', 'in', (eb) =>
      eb
        .selectFrom('outbox')
        .select('message_id')
        .where('delivered_at', 'is', null)
        .where('available_at', '<=', sql<Date>`now()`)
        .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<', sql<Date>`now()`)]))
        .orderBy('created_at')
        .limit(batch)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
  const report: DeliveryReport = { delivered: 0, failed: 0 };
  for (const row of claimed) {
    let sending = false;
    try {
      const attachment = row.attachment_name ? { name: row.attachment_name, content: await attachmentOf(row, options.renderAttachment) } : null;
      sending = true;
      await transport({ messageId: row.message_id, to: row.to_address, subject: row.subject, text: row.body_text, attachment });
      sending = false;
      options.transportObserver?.sent();
      await db.updateTable('outbox').set({ delivered_at: new Date(), locked_until: null, last_error: null }).where('message_id', '=', row.message_id).execute();
      report.delivered++;
    } catch (error) {
      if (sending) options.transportObserver?.failed(error);
      const backoffSeconds = Math.min(3600, 2 ** Math.min(row.attempts, 12) * 5);
      await db
        .updateTable('outbox')
        .set({
          locked_until: null,
          available_at: new Date(Date.now() + backoffSeconds * 1000),
          last_error: String((error as Error).message ?? error).slice(0, 500),
        })
        .where('message_id', '=', row.message_id)
        .execute();
      report.failed++;
    }
  }
  return report;
}
