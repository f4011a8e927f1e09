// The office's copy of a new request carries its recap as a PDF. The message is written with the
// submission, in its transaction; the PDF is rendered only after the transaction has committed and
// then attached to the waiting message (docs/architecture.md, "PDF rendering": a render never holds
// a transaction open). Should that fail (the pool full, the process stopped), the delivery job
// renders the copy itself before sending (outbox.ts, `renderAttachment`): the office is never told
// without it, and the submission never waits on it.
import type { Kysely } from 'kysely';
import type { SuapRequest } from '#shared/api/requests.ts';
import type { Database } from '../../db/schema.ts';

export type OfficeRecapRenderer = (request: SuapRequest) => Promise<Buffer>;

/** Renders and attaches the office's recap; false (and nothing changed) when that failed. */
export async function attachOfficeRecap(db: Kysely<Database>, request: SuapRequest, render: OfficeRecapRenderer): Promise<boolean> {
  try {
    const pdf = await render(request);
    await db
      .updateTable('outbox')
      .set({ attachment: pdf })
      .where('request_id', '=', request.requestId)
      .where('kind', '=', 'office-new-request')
      .where('attachment', 'is', null)
      .where('attachment_name', 'is not', null)
      .where('delivered_at', 'is', null)
      .execute();
    return true;
  } catch {
    // The submission has committed: whatever failed here, the delivery job attaches the copy.
    return false;
  }
}
