// What each initiative needs (docs/architecture.md "What each initiative needs"): the catalogue of
// documents a request may carry and, per initiative, which of them it asks for.
// - document_requirement: one kind of document (the SCIA form, the floor plan…), its names and
//   descriptions in both languages, the kinds of file it accepts (DOCUMENT_TYPES, a JSON array),
//   its size and count limits, whether it must be signed, and its place in the catalogue.
// - iniziative_requirement: an initiative asks for a kind, required or not; `required_when` names a
//   condition (REQUIREMENT_CONDITIONS: 'intermediary') that makes a non-required one required.
// The catalogue is the installation's: the seed's defaults are filled here for a database created
// before (its initiatives are already there) and by the seed for a new one; an initiative that
// already lists its documents is left as it is, so running this again changes nothing.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { runScript } from '../script.ts';
import { fillRequirementCatalogue } from '../seed/requirements.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE document_requirement (
      code text PRIMARY KEY CHECK (code ~ '^[A-Z][A-Z0-9_]{1,39}$'),
      position integer NOT NULL,
      name_it text NOT NULL,
      name_en text NOT NULL,
      description_it text NOT NULL,
      description_en text NOT NULL,
      accepted_types jsonb NOT NULL,
      max_bytes integer NOT NULL CHECK (max_bytes > 0),
      max_files integer NOT NULL CHECK (max_files > 0),
      signature_required boolean NOT NULL
    );

    CREATE TABLE iniziative_requirement (
      iniziative_id integer NOT NULL REFERENCES iniziative ON DELETE CASCADE,
      requirement_code text NOT NULL REFERENCES document_requirement ON UPDATE CASCADE,
      required boolean NOT NULL,
      required_when text CHECK (required_when IN ('intermediary')),
      PRIMARY KEY (iniziative_id, requirement_code)
    );
  `,
  );
  await fillRequirementCatalogue(db as Kysely<Database>);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    DROP TABLE iniziative_requirement;
    DROP TABLE document_requirement;
  `,
  );
}
