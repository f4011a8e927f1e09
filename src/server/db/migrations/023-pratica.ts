// The pratica's lifecycle (docs/architecture.md "The pratica's lifecycle"): states 6 to 15, the
// clerk's profile, which offices each staff member works for, each initiative's regime and times,
// the machine's context on every sent request, and history entries that name their event.
// - state_of_request 6–15 and profile 4 (the clerk, "istruttore") are added to a database seeded
//   before; a new one gets them from the seed (seed/reference.ts), which runs after the migrations.
// - staff_office: a staff account belongs to a list of offices; every account that exists now
//   gets every office, so nobody is locked out (the desk's office screens change it later).
// - iniziative.regime and its times: SCIA, SILENZIO-ASSENSO, AUTORIZZAZIONE or COMUNICAZIONE; the
//   days are the initiative's own where the law lets it set them, null for the regime's default
//   (src/shared/pratica.ts REGIME_DEFAULTS). seed/regimes.ts fills each initiative's regime.
// - requests.pratica: the machine's context (machines/pratica.ts) once the request is sent; null for
//   drafts. assignee_user_id and due_on repeat two of its fields for the desk's lists and indexes.
// - request_history.event names the machine's event; assignee_user_id the colleague an ASSIGN chose.
// Existing rows keep their ids (1 to 5 mean what they meant); a sent, accepted or rejected request
// gets the context its initiative's regime gives from its send date, and a request sent before
// history was written gets its "sent" entry.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { runScript } from '../script.ts';
import { PROFILES, REQUEST_STATES } from '../seed/reference.ts';
import { fillRegimes } from '../seed/regimes.ts';
import { backfillPratiche } from './support/pratica-backfill.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE staff_office (
      user_id integer NOT NULL REFERENCES users ON DELETE CASCADE,
      suap_id integer NOT NULL REFERENCES suap ON DELETE CASCADE,
      PRIMARY KEY (user_id, suap_id)
    );
    CREATE INDEX staff_office_suap ON staff_office (suap_id);
    INSERT INTO staff_office (user_id, suap_id)
      SELECT u.user_id, s.suap_id FROM users u CROSS JOIN suap s WHERE u.realm = 'BO';

    ALTER TABLE iniziative
      ADD COLUMN regime text NOT NULL DEFAULT 'SCIA'
        CHECK (regime IN ('SCIA', 'SILENZIO-ASSENSO', 'AUTORIZZAZIONE', 'COMUNICAZIONE')),
      ADD COLUMN proceeding_days integer CHECK (proceeding_days > 0),
      ADD COLUMN integration_request_days integer CHECK (integration_request_days > 0),
      ADD COLUMN integration_answer_days integer CHECK (integration_answer_days BETWEEN 1 AND 30);

    ALTER TABLE requests
      ADD COLUMN pratica jsonb,
      ADD COLUMN assignee_user_id integer REFERENCES users,
      ADD COLUMN due_on date;
    CREATE INDEX requests_assignee ON requests (assignee_user_id) WHERE assignee_user_id IS NOT NULL;
    CREATE INDEX requests_due_on ON requests (due_on) WHERE due_on IS NOT NULL;

    ALTER TABLE request_history
      ADD COLUMN event text,
      ADD COLUMN assignee_user_id integer REFERENCES users;
  `,
  );
  const typed = db as unknown as Kysely<Database>;
  // Only a database seeded before lacks them; a new one is empty here and the seed adds them all.
  const seeded = await typed.selectFrom('state_of_request').select('state_of_request_id').limit(1).executeTakeFirst();
  if (seeded) {
    await typed
      .insertInto('state_of_request')
      .values(REQUEST_STATES.filter((state) => state.state_of_request_id > 5))
      .onConflict((oc) => oc.column('state_of_request_id').doNothing())
      .execute();
    await typed
      .insertInto('profiles')
      .values(PROFILES.filter((profile) => !['FRONT_OFFICE', 'BO_ADMIN', 'BO_COLLAB', 'BACK_OFFICE'].includes(profile.code)))
      .onConflict((oc) => oc.column('profile_id').doNothing())
      .execute();
  }
  await fillRegimes(typed);
  await backfillPratiche(typed);
}
