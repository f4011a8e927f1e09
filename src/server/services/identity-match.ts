// The identity matcher (spec §4 Login, §7 check/pf) for people whose provider asserts no Italian
// fiscal code (eIDAS). It must not let anyone become somebody else, so:
// - given name, family name and birth date are the ones the provider asserted for the signed-in
//   identity, and so are sex (`gender`) and country and place of birth (`place_of_birth`, OpenID
//   Connect for Identity Assurance) whenever the provider asserts them; the body may repeat them
//   (spec §3 lists them) but a body that disagrees is refused;
// - the person supplies only what the provider does not assert; the code is recomputed from all
//   that and compared (a foreign birth country asserted means the code must carry its Z code);
// - codes are compared by their base form (omocodia undone, docs/architecture.md "Identity"): an
//   omocodic variant of a code someone holds is that code;
// - a code is bound to an identity once (a later login confirms the same code), never over a code another identity holds or that an
//   account already has (a provider asserted it, or another identity matched it); the binding is
//   one conditional UPDATE, and a unique index on the base form stops two identities matching the same code at once;
// - every attempt is recorded (time, the issuer's pseudonymous subject, outcome), nothing personal.
import { type Kysely, sql } from 'kysely';
import type { CheckPersonRequest } from '#shared/api/auth.ts';
import { foldForSearch } from '#shared/text.ts';
import type { Subject } from '../auth/subjects.ts';
import type { Database } from '../db/schema.ts';
import { ApiError, type ApiErrorInit } from '../plugins/errors.ts';
import { NO_AUDIT_CONTEXT, type AuditContext } from './audit/log.ts';
import { checkFiscalCode, fiscalCodeBase, isItaly, sameBirthCountry } from './fiscal-code.ts';
import { birthplaceOf, findOrRegisterCitizen } from './users.ts';

/** How an attempt ended; recorded in identity_match_attempts. */
export type MatchOutcome =
  'matched' | 'confirmed' | 'mismatch' | 'unknown-place' | 'malformed' | 'already-bound' | 'code-taken' | 'claims-disagree' | 'claims-missing';

/** What the matcher reads from the body: the provider-asserted fields are optional and only checked. */
export type MatchInput = CheckPersonRequest;

/** What the provider asserted: names and birth date always, sex and birthplace when it asserts them. */
interface AssertedPerson {
  nome: string;
  cognome: string;
  dataNascita: string;
  sesso?: 'M' | 'F';
  statoNascita?: string;
  comuneNascita?: string;
}

function claim(claims: Record<string, unknown>, name: string): string | null {
  const value = claims[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** OpenID Connect's `gender` ("male"/"female") or SPID's ("M"/"F"); any other value asserts no sex a code can carry. */
function assertedSex(claims: Record<string, unknown>): 'M' | 'F' | null {
  const gender = claim(claims, 'gender')?.toLowerCase();
  return gender === 'm' || gender === 'male' ? 'M' : gender === 'f' || gender === 'female' ? 'F' : null;
}

/**
 * OpenID Connect for Identity Assurance's `place_of_birth` object: `country` (ISO 3166 alpha-2, or
 * a name) and `locality`. The locality counts only for Italy, where it is the municipality the code
 * encodes; abroad the code carries the state alone.
 */
function assertedBirthplace(claims: Record<string, unknown>): Pick<AssertedPerson, 'statoNascita' | 'comuneNascita'> {
  const place = claims.place_of_birth;
  if (!place || typeof place !== 'object') return {};
  const fields = place as Record<string, unknown>;
  const raw = claim(fields, 'country');
  if (!raw) return {};
  const country = /^[a-z]{2}$/i.test(raw) ? raw.toUpperCase() : raw;
  const locality = claim(fields, 'locality');
  return isItaly(country) && locality ? { statoNascita: country, comuneNascita: locality } : { statoNascita: country };
}

/** The person as the provider asserted them, or null when it asserted too little to match on. */
export function assertedPerson(subject: Subject): AssertedPerson | null {
  const nome = claim(subject.claims, 'given_name');
  const cognome = claim(subject.claims, 'family_name');
  const dataNascita = claim(subject.claims, 'birthdate');
  if (!nome || !cognome || !dataNascita || !/^\d{4}-\d{2}-\d{2}$/.test(dataNascita)) return null;
  const sesso = assertedSex(subject.claims);
  return { nome, cognome, dataNascita, ...(sesso ? { sesso } : {}), ...assertedBirthplace(subject.claims) };
}

/** Names compare as people write them: case, accents, apostrophes and spacing aside. */
const sameName = (a: string, b: string) => foldForSearch(a).replace(/[’'\s-]+/g, '') === foldForSearch(b).replace(/[’'\s-]+/g, '');

/** The body's copy of an asserted field that disagrees with the provider, if any. */
async function disagreement(body: MatchInput, asserted: AssertedPerson): Promise<keyof AssertedPerson | null> {
  if (body.nome !== undefined && !sameName(body.nome, asserted.nome)) return 'nome';
  if (body.cognome !== undefined && !sameName(body.cognome, asserted.cognome)) return 'cognome';
  if (body.dataNascita !== undefined && body.dataNascita !== asserted.dataNascita) return 'dataNascita';
  if (asserted.sesso && body.sesso !== asserted.sesso) return 'sesso';
  if (asserted.statoNascita && !(await sameBirthCountry(body.statoNascita, asserted.statoNascita, asserted.dataNascita))) return 'statoNascita';
  if (asserted.comuneNascita && body.comuneNascita !== undefined && !sameName(body.comuneNascita, asserted.comuneNascita)) return 'comuneNascita';
  return null;
}

/** The database's twin of fiscalCodeBase (migration 013), indexed on both tables that hold codes. */
const baseOf = (column: string) => sql<string>`fiscal_code_base(${sql.ref(column)})`;

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

export class IdentityMatcher {
  private readonly db: Kysely<Database>;
  private readonly context: AuditContext;
  /** `context`: where the attempt came from, for its audit line (one matcher per call). */
  constructor(db: Kysely<Database>, context: AuditContext = NO_AUDIT_CONTEXT) {
    this.db = db;
    this.context = context;
  }

  /**
   * The attempt and its audit line (docs/architecture.md "Audit log"), in one statement. `fiscalCode`:
   * the identity's code once matched or confirmed, so the audit log finds the person by it.
   */
  private async record(subject: string, outcome: MatchOutcome, fiscalCode: string | null = null): Promise<void> {
    await this.db
      .with('attempt', (db) => db.insertInto('identity_match_attempts').values({ subject, outcome }))
      .insertInto('audit_log')
      .values({ action: 'identity-match', outcome, actor_subject: subject, actor_fiscal_code: fiscalCode, client_address: this.context.clientAddress })
      .execute();
  }

  /** Refuses with `refusal`, recording the attempt first. */
  private async refuse(subject: string, outcome: MatchOutcome, refusal: ApiErrorInit): Promise<never> {
    await this.record(subject, outcome);
    throw new ApiError(refusal);
  }

  /** Checks the code against the signed-in identity and binds it; `valid: false` is a wrong code. */
  async match(subject: Subject, body: MatchInput): Promise<{ valid: boolean }> {
    const who = subject.subject;
    const code = body.codiceFiscale.trim().toUpperCase();
    if (subject.fiscalCode && !subject.matched) {
      return this.refuse(who, 'already-bound', { status: 409, description: 'Your identity provider asserts your fiscal code: there is nothing to match.' });
    }
    const asserted = assertedPerson(subject);
    if (!asserted)
      return this.refuse(who, 'claims-missing', {
        status: 400,
        description: 'Your identity provider did not assert your name and date of birth, so your fiscal code cannot be checked.',
      });
    const field = await disagreement(body, asserted);
    if (field) return this.refuse(who, 'claims-disagree', { status: 400, field, description: 'does not match the identity your provider asserted.' });

    const verdict = await checkFiscalCode({ ...body, ...asserted, codiceFiscale: code });
    const base = fiscalCodeBase(code);
    if (!verdict.valid) {
      await this.record(who, verdict.reason);
      return { valid: false };
    }
    // An identity already bound is not sent here again (the token answer brings its code,
    // docs/architecture.md "Identity"); a client that asks anyway may confirm its own code (a
    // mistyped one is simply not valid, above), and may never bind another, even one its data would
    // also give (another sex or birthplace).
    if (subject.fiscalCode) {
      if (code !== subject.fiscalCode)
        return this.refuse(who, 'already-bound', {
          status: 409,
          description: 'Your identity is already bound to a fiscal code; it cannot be bound to another.',
        });
      await this.record(who, 'confirmed', code);
      await this.register(subject, code, body, asserted);
      return { valid: true };
    }

    let bound;
    try {
      bound = await this.db
        .updateTable('identity_subjects as s')
        .set({ fiscal_code: code, matched: true, updated_at: new Date() })
        .where('s.subject', '=', who)
        .where('s.fiscal_code', 'is', null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(selectFrom('identity_subjects as o').select('o.subject').where(baseOf('o.fiscal_code'), '=', base).whereRef('o.subject', '<>', 's.subject')),
          ),
        )
        // An account holding the code blocks the binding, unless it is this same eIDAS person's own
        // citizen account (the provider asserts the eIDAS identifier; its subject may have changed).
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('users as u')
                .select('u.user_id')
                .where(baseOf('u.fiscal_code'), '=', base)
                .where((u) =>
                  subject.eidasId ? u.or([u('u.realm', '<>', 'FO'), u('u.eidas_id', 'is', null), u('u.eidas_id', '<>', subject.eidasId)]) : u.lit(true),
                ),
            ),
          ),
        )
        .returning('s.subject')
        .executeTakeFirst();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      bound = undefined;
    }
    if (!bound) {
      // Nothing was bound: the code belongs to someone else, or this identity was bound meanwhile.
      return this.refuse(who, 'code-taken', {
        status: 409,
        description: 'This fiscal code is already registered to another identity. If it is yours, contact the office.',
      });
    }
    await this.record(who, 'matched', code);
    await this.register(subject, code, body, asserted);
    return { valid: true };
  }

  /**
   * The person's account, with the place of birth the code was checked against: the provider's
   * where it asserted one, else what the person gave here (the state, and for Italy the
   * municipality), so that it is shown wherever personal data are, not "not provided".
   */
  private async register(subject: Subject, code: string, body: MatchInput, asserted: AssertedPerson): Promise<void> {
    const country = asserted.statoNascita ?? body.statoNascita;
    const municipality = isItaly(country) ? (asserted.comuneNascita ?? body.comuneNascita?.trim() ?? null) : null;
    await findOrRegisterCitizen(this.db, subject, code, birthplaceOf(country, municipality || null));
  }
}
