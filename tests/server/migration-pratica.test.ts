// Migration 023 on a database that has lived before the pratica's lifecycle (docs/architecture.md
// "The pratica's lifecycle"): its states 6-15 and the clerk's profile are added, every staff
// account works for every office, initiatives get their regime, and the requests sent before get
// the machine's context from their send date, keep their state ids and get their "sent" history
// entry once.
import { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { pgliteHandle, pgliteOptions } from '#server/db/database.ts';
import { migrateTo, migrateToLatest } from '#server/db/migrate.ts';
import type { Database } from '#server/db/schema.ts';
import { PROFILES, REQUEST_STATES } from '#server/db/seed/reference.ts';
import { PraticaState } from '#shared/pratica.ts';

const OLD_STATE_IDS = [1, 2, 3, 4, 5];

async function livedBefore(db: Kysely<Database>) {
  await db
    .insertInto('profiles')
    .values(PROFILES.filter((p) => ['FRONT_OFFICE', 'BO_ADMIN', 'BO_COLLAB', 'BACK_OFFICE'].includes(p.code)))
    .execute();
  await db
    .insertInto('state_of_request')
    .values(REQUEST_STATES.filter((s) => OLD_STATE_IDS.includes(s.state_of_request_id)))
    .execute();
  await db
    .insertInto('type_of_service')
    .values({ type_of_service_id: 1, name_it: 'Avvio', name_en: 'Start', description_it: 'x', description_en: 'x' })
    .execute();
  await db
    .insertInto('type_iniziative')
    .values([
      { type_iniziative_id: 1, description_it: 'Avvio attività', description_en: 'Starting a business' },
      { type_iniziative_id: 3, description_it: 'Cessazione', description_en: 'Closure' },
    ])
    .execute();
  const initiative = (code: string, type: number) => ({
    code,
    type_iniziative_id: type,
    description_it: code,
    description_en: code,
    activity_it: code,
    activity_en: code,
    area_it: 'Commercio',
    area_en: 'Trade',
    search_text_it: code,
    search_text_en: code,
  });
  const [open, close] = await db
    .insertInto('iniziative')
    .values([initiative('X-OPEN', 1), initiative('X-CLOSE', 3)])
    .returning('iniziative_id')
    .execute();
  const offices = await db
    .insertInto('suap')
    .values([
      { name: 'SUAP Uno', pec: 'uno@pec.example.org', type: 'INT', url: null, search_text: 'uno', ipa_code: null },
      { name: 'SUAP Due', pec: 'due@pec.example.org', type: 'INT', url: null, search_text: 'due', ipa_code: null },
    ])
    .returning('suap_id')
    .execute();
  const person = (realm: 'FO' | 'BO', fiscal_code: string, profile_id: number) => ({ realm, fiscal_code, first_name: 'A', last_name: 'B', profile_id });
  const [citizen, admin, collab] = await db
    .insertInto('users')
    .values([person('FO', 'RSSMRA80A01H501U', 1), person('BO', 'VRDNNA75D52F839Y', 2), person('BO', 'NRELCU90S23L219G', 3)])
    .returning('user_id')
    .execute();
  const request = (state: number, sent: string | null, decided: string | null, iniziative: number) => ({
    type_of_service_id: 1,
    state_of_request_id: state,
    user_id: citizen!.user_id,
    suap_id: offices[0]!.suap_id,
    iniziative_id: iniziative,
    sent_request_date: sent,
    decided_on: decided,
  });
  const rows = await db
    .insertInto('requests')
    .values([
      request(PraticaState.DRAFT, null, null, open!.iniziative_id),
      // Sent on a Friday evening in Rome (still Friday there): a SCIA's 60 days from that day.
      request(PraticaState.PRESENTED, '2026-03-06T18:30:00Z', null, open!.iniziative_id),
      request(PraticaState.ACCEPTED, '2026-02-02T09:00:00Z', '2026-02-20T10:00:00Z', open!.iniziative_id),
      request(PraticaState.REJECTED, '2026-01-12T09:00:00Z', '2026-01-30T23:30:00Z', close!.iniziative_id),
    ])
    .returning('request_id')
    .execute();
  // The rejected one had its history written when it was sent and decided.
  await db
    .insertInto('request_history')
    .values([
      {
        request_id: rows[3]!.request_id,
        from_state: 1,
        to_state: 3,
        at: '2026-01-12T09:00:00Z',
        actor_user_id: citizen!.user_id,
        actor_profile_id: 1,
        reason: null,
      },
      {
        request_id: rows[3]!.request_id,
        from_state: 3,
        to_state: 5,
        at: '2026-01-30T23:30:00Z',
        actor_user_id: admin!.user_id,
        actor_profile_id: 2,
        reason: 'No',
      },
    ])
    .execute();
  return { rows: rows.map((r) => r.request_id), staff: [admin!.user_id, collab!.user_id], citizen: citizen!.user_id, offices: offices.map((o) => o.suap_id) };
}

describe('migration 023 on a database that lived before the lifecycle', () => {
  it('adds states and the clerk, gives staff every office, sets regimes and carries the sent requests over', async () => {
    const handle = pgliteHandle(new PGlite(await pgliteOptions()));
    try {
      const db = handle.db;
      await migrateTo(db, '022-document-requirements');
      const before = await livedBefore(db);
      await migrateToLatest(db);

      const states = await db
        .selectFrom('state_of_request')
        .select(['state_of_request_id', 'description_it', 'description_en'])
        .orderBy('state_of_request_id')
        .execute();
      expect(states.map((s) => s.state_of_request_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
      expect(states.find((s) => s.state_of_request_id === 11)).toMatchObject({ description_en: 'Closed, integration overdue' });
      expect(await db.selectFrom('profiles').select('code').where('profile_id', '=', 4).executeTakeFirst()).toEqual({ code: 'BO_CLERK' });

      const memberships = await db.selectFrom('staff_office').select(['user_id', 'suap_id']).orderBy('user_id').orderBy('suap_id').execute();
      expect(memberships).toEqual(before.staff.flatMap((user_id) => before.offices.map((suap_id) => ({ user_id, suap_id }))));

      const regimes = await db.selectFrom('iniziative').select(['code', 'regime']).orderBy('code').execute();
      expect(regimes).toEqual([
        { code: 'X-CLOSE', regime: 'COMUNICAZIONE' },
        { code: 'X-OPEN', regime: 'SCIA' },
      ]);

      const requests = await db.selectFrom('requests').select(['request_id', 'state_of_request_id', 'pratica', 'due_on']).orderBy('request_id').execute();
      expect(requests.map((r) => r.state_of_request_id)).toEqual([1, 3, 4, 5]);
      const [draft, presented, accepted, rejected] = requests;
      expect(draft!.pratica).toBeNull();
      // Received on Friday 6 March 2026 (day 0): 60 days end on Tuesday 5 May, a working day.
      expect(presented!.pratica).toMatchObject({
        regime: 'SCIA',
        receivedOn: '2026-03-06',
        dueOn: '2026-05-05',
        concludedOn: null,
        applicantId: before.citizen,
      });
      expect(presented!.due_on).toBe('2026-05-05');
      expect(accepted!.pratica).toMatchObject({ receivedOn: '2026-02-02', concludedOn: '2026-02-20' });
      expect(accepted!.due_on).toBeNull();
      // Decided at 23:30 UTC on 30 January: already 31 January in Rome.
      expect(rejected!.pratica).toMatchObject({ regime: 'COMUNICAZIONE', concludedOn: '2026-01-31' });

      const history = await db.selectFrom('request_history').select(['request_id', 'from_state', 'to_state', 'event']).orderBy('history_id').execute();
      const sentEntries = (requestId: number) => history.filter((h) => h.request_id === requestId && h.to_state === 3);
      expect(sentEntries(presented!.request_id)).toEqual([{ request_id: presented!.request_id, from_state: 1, to_state: 3, event: 'SEND' }]);
      expect(sentEntries(accepted!.request_id)).toHaveLength(1);
      // Written before: not written twice.
      expect(sentEntries(rejected!.request_id)).toEqual([{ request_id: rejected!.request_id, from_state: 1, to_state: 3, event: null }]);
      expect(history.filter((h) => h.request_id === draft!.request_id)).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
