// Offices come from the administration, not from us (docs/deployment.md, "Offices and their PEC
// addresses"): `npm run import:offices` loads them by IPA code, so an office has one. A PEC address
// may be missing until the administration configures it, and such an office receives no request.
// Databases of earlier versions got 199 invented offices whose PEC addresses sat on example.it, a
// real domain: outside the demo those addresses are removed (the offices stay, since requests may
// name them, and receive nothing until imported); in the demo they move to example.org (RFC 2606).
import type { Kysely } from 'kysely';
import { runScript } from '../script.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE suap ALTER COLUMN pec DROP NOT NULL;
    ALTER TABLE suap ADD COLUMN ipa_code text;
    CREATE UNIQUE INDEX suap_ipa_code ON suap (ipa_code);
    UPDATE suap SET pec = NULL, url = NULL, type = 'INT' WHERE pec LIKE '%.example.it' AND NOT EXISTS (SELECT 1 FROM app_config WHERE key = 'demo_seed_version');
    UPDATE suap SET pec = replace(pec, '.example.it', '.example.org'), url = replace(url, '.example.it', '.example.org') WHERE pec LIKE '%.example.it';
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    DROP INDEX suap_ipa_code;
    ALTER TABLE suap DROP COLUMN ipa_code;
  `,
  );
}
