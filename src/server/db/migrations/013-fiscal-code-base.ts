// Fiscal codes compared by their base form (docs/architecture.md "Identity"): when two
// people share a code, the Agenzia delle Entrate replaces digits of the second one's with the
// letters LMNPQRSTUV (omocodia), so an omocodic variant names the same base code.
// - fiscal_code_base(code): the first 15 characters with those letters turned back into digits
//   (the 16th, the check character, follows from them); services/fiscal-code.ts has its twin.
// - Lookups by base form are indexed on both tables that hold codes.
// - A matched code is unique by base form: bindings that already collide that way (the matcher once
//   compared exact strings) are unbound first, as migration 007 did; those people match again.
import type { Kysely } from 'kysely';
import { runScript } from '../script.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE FUNCTION fiscal_code_base(code text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN substr(code, 1, 6) || translate(substr(code, 7, 2), 'LMNPQRSTUV', '0123456789') || substr(code, 9, 1)
          || translate(substr(code, 10, 2), 'LMNPQRSTUV', '0123456789') || substr(code, 12, 1)
          || translate(substr(code, 13, 3), 'LMNPQRSTUV', '0123456789');

    UPDATE identity_subjects AS s SET fiscal_code = NULL, matched = false
     WHERE s.matched
       AND (EXISTS (SELECT 1 FROM identity_subjects o WHERE fiscal_code_base(o.fiscal_code) = fiscal_code_base(s.fiscal_code) AND o.subject <> s.subject)
            OR EXISTS (SELECT 1 FROM users u WHERE fiscal_code_base(u.fiscal_code) = fiscal_code_base(s.fiscal_code) AND (u.realm = 'BO' OR u.eidas_id IS DISTINCT FROM s.eidas_id)));
    DROP INDEX identity_subjects_matched_code;
    CREATE UNIQUE INDEX identity_subjects_matched_code_base ON identity_subjects (fiscal_code_base(fiscal_code)) WHERE matched;
    CREATE INDEX identity_subjects_fiscal_code_base ON identity_subjects (fiscal_code_base(fiscal_code)) WHERE fiscal_code IS NOT NULL;
    CREATE INDEX users_fiscal_code_base ON users (fiscal_code_base(fiscal_code)) WHERE fiscal_code IS NOT NULL;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    DROP INDEX users_fiscal_code_base;
    DROP INDEX identity_subjects_fiscal_code_base;
    DROP INDEX identity_subjects_matched_code_base;
    CREATE UNIQUE INDEX identity_subjects_matched_code ON identity_subjects (fiscal_code) WHERE matched;
    DROP FUNCTION fiscal_code_base(text);
  `,
  );
}
