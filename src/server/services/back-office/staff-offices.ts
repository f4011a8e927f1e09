// Which offices a staff account works for (docs/architecture.md "Roles and offices"): the pratiche
// of those offices are the only ones it reads and moves; any other looks missing (404). Until the
// desk's office screens assign them, a new account (the bootstrap administrator, one an
// administrator creates, the demo's staff) works for every office, as migration 023 gave every
// account that existed then.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The offices (suap ids) `userId` works for, in id order. */
export async function officesOf(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('staff_office').select('suap_id').where('user_id', '=', userId).orderBy('suap_id').execute();
  return rows.map((row) => row.suap_id);
}

/** Makes each of `userIds` work for every office there is. */
export async function joinEveryOffice(db: Kysely<Database>, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('staff_office')
    .columns(['user_id', 'suap_id'])
    .expression((eb) =>
      eb
        .selectFrom('users as u')
        .innerJoin('suap as s', (join) => join.onTrue())
        .select(['u.user_id', 's.suap_id'])
        .where('u.user_id', 'in', [...userIds])
        .where('u.realm', '=', 'BO'),
    )
    .onConflict((oc) => oc.columns(['user_id', 'suap_id']).doNothing())
    .execute();
}
