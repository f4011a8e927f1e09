// Gives the requests sent before the pratica's lifecycle existed the machine's context (migration
// 023): the one their initiative's regime gives from their send date, as if sent then; an accepted
// or rejected one is concluded on its decision's day. Their state ids stay as they are (1 to 5 keep
// their meaning) and a request with no "sent" entry in its history gets one, dated its send.
import type { Kysely } from 'kysely';
import { romeDayOf } from '#shared/calendar.ts';
import { PraticaRole, PraticaState } from '#shared/pratica.ts';
import { decide, startPratica } from '#machines/pratica/decide.ts';
import type { Database } from '../../schema.ts';
import { initiativeTimes } from '#server/services/pratica/times.ts';

const SENT_STATES = [PraticaState.PRESENTED, PraticaState.ACCEPTED, PraticaState.REJECTED];

export async function backfillPratiche(db: Kysely<Database>): Promise<void> {
  const rows = await db
    .selectFrom('requests as r')
    .leftJoin('iniziative as i', 'i.iniziative_id', 'r.iniziative_id')
    .select([
      'r.request_id',
      'r.user_id',
      'r.suap_id',
      'r.state_of_request_id',
      'r.sent_request_date',
      'r.decided_on',
      'i.regime',
      'i.proceeding_days',
      'i.integration_request_days',
      'i.integration_answer_days',
    ])
    .where('r.state_of_request_id', 'in', SENT_STATES)
    .where('r.pratica', 'is', null)
    .execute();
  for (const row of rows) {
    const sentAt = new Date(row.sent_request_date ?? row.decided_on ?? Date.now()).toISOString();
    const { regime, times } = initiativeTimes(row.regime === null ? null : (row as never));
    const draft = startPratica({ regime, times, applicantId: row.user_id, officeId: row.suap_id ?? 0 });
    const sent = decide(draft, { type: 'SEND', at: sentAt }, { role: PraticaRole.APPLICANT, userId: row.user_id });
    if (!sent.ok) throw new Error(`migration 023: request ${row.request_id} cannot be sent again (${sent.reason})`);
    const context = { ...sent.next.context };
    if (row.state_of_request_id !== PraticaState.PRESENTED) {
      context.concludedOn = row.decided_on ? romeDayOf(new Date(row.decided_on).toISOString()) : context.receivedOn;
    }
    const open = row.state_of_request_id === PraticaState.PRESENTED && context.concludedOn === null;
    await db
      .updateTable('requests')
      .set({ pratica: JSON.stringify(context), due_on: open ? context.dueOn : null })
      .where('request_id', '=', row.request_id)
      .execute();
    const hasSent = await db
      .selectFrom('request_history')
      .select('history_id')
      .where('request_id', '=', row.request_id)
      .where('to_state', '=', PraticaState.PRESENTED)
      .executeTakeFirst();
    if (!hasSent) {
      await db
        .insertInto('request_history')
        .values({
          request_id: row.request_id,
          from_state: PraticaState.DRAFT,
          to_state: PraticaState.PRESENTED,
          at: new Date(sentAt),
          actor_user_id: row.user_id,
          actor_profile_id: PraticaRole.APPLICANT,
          reason: null,
          event: 'SEND',
        })
        .execute();
    }
  }
}
