// Identity binding (docs/architecture.md "Identity"): a fiscal code belongs to one identity, and is stored upper-case.
// - Fiscal codes are normalised to upper case and kept so by CHECK constraints, so that every
//   comparison ("own code", staff accounts, legal representatives) is a plain equality.
// - A code the identity matcher bound to an eIDAS identity is unbound here when it collides with an
//   account or another identity (the matcher used to allow that); each such person signs in again
//   and matches their own code. Then a unique index makes a matched code bound to one identity only.
// - identity_match_attempts records every matcher attempt: when, which identity (the issuer's
//   pseudonymous subject), the outcome. No name, birth date or code is kept.
import type { Kysely } from 'kysely';
import { runScript } from '../script.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    UPDATE users SET fiscal_code = upper(fiscal_code) WHERE fiscal_code <> upper(fiscal_code);
    UPDATE identity_subjects SET fiscal_code = upper(fiscal_code) WHERE fiscal_code <> upper(fiscal_code);
    UPDATE legal_representatives SET person_fiscal_code = upper(person_fiscal_code) WHERE person_fiscal_code <> upper(person_fiscal_code);
    ALTER TABLE users ADD CONSTRAINT users_fiscal_code_upper CHECK (fiscal_code = upper(fiscal_code));
    ALTER TABLE identity_subjects ADD CONSTRAINT identity_subjects_fiscal_code_upper CHECK (fiscal_code = upper(fiscal_code));
    ALTER TABLE legal_representatives ADD CONSTRAINT legal_representatives_person_upper CHECK (person_fiscal_code = upper(person_fiscal_code));

    UPDATE identity_subjects AS s SET fiscal_code = NULL, matched = false
     WHERE s.matched
       AND (EXISTS (SELECT 1 FROM identity_subjects o WHERE o.fiscal_code = s.fiscal_code AND o.subject <> s.subject)
            OR EXISTS (SELECT 1 FROM users u WHERE u.fiscal_code = s.fiscal_code AND (u.realm = 'BO' OR u.eidas_id IS DISTINCT FROM s.eidas_id)));
    CREATE UNIQUE INDEX identity_subjects_matched_code ON identity_subjects (fiscal_code) WHERE matched;
    CREATE INDEX identity_subjects_fiscal_code ON identity_subjects (fiscal_code) WHERE fiscal_code IS NOT NULL;

    CREATE TABLE identity_match_attempts (
      attempt_id bigserial PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      subject text NOT NULL,
      outcome text NOT NULL
    );
    CREATE INDEX identity_match_attempts_subject ON identity_match_attempts (subject, at);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    DROP TABLE identity_match_attempts;
    DROP INDEX identity_subjects_fiscal_code;
    DROP INDEX identity_subjects_matched_code;
    ALTER TABLE legal_representatives DROP CONSTRAINT legal_representatives_person_upper;
    ALTER TABLE identity_subjects DROP CONSTRAINT identity_subjects_fiscal_code_upper;
    ALTER TABLE users DROP CONSTRAINT users_fiscal_code_upper;
  `,
  );
}
