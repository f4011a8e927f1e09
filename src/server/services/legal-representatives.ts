// Spec §7 check-legal-rep behind one seam (docs/architecture.md "Who the business is"): whether a
// person is the legal representative of a company. The route of the same name and the send of a
// request (services/requests/citizen.ts) ask it, always with the caller's own fiscal code as
// cfPersona, never one from a body. Three registers answer:
// - the embedded demo's companies (the `legal_representatives` table the demo seed fills), wherever
//   the demo people exist;
// - the national service, when a deployment names it (LEGAL_REP_CHECK_URL): a GET with the spec's
//   four query parameters, reading `esito`;
// - none: in production with no register configured, the applicant's self-declaration (DPR 445/2000)
//   stands and is recorded as such ('declared'), which the office sees as "declared, not verified".
import type { Kysely } from 'kysely';
import { ErrorKey } from '#shared/api/error-keys.ts';
import { needsLegalRepCheck, type Business, type LegalRepOutcome } from '#shared/business.ts';
import type { CallerRow, Database } from '../db/schema.ts';
import { ApiError } from '../plugins/errors.ts';

export interface LegalRepQuery {
  /** The person's fiscal code: always the verified caller's. */
  cfPersona: string;
  /** The company's fiscal code (for a company, its VAT number). */
  cfImpresa: string;
  euPublicServiceId?: string | undefined;
  ipaCode?: string | undefined;
}

/** The register's answer: OK, KO, or 'declared' when no register is configured. */
export type LegalRepAnswer = 'OK' | 'KO' | 'declared';

export interface LegalRepRegister {
  check(query: LegalRepQuery): Promise<LegalRepAnswer>;
}

/** The embedded demo's companies and their representatives. */
export function demoLegalRepRegister(db: Kysely<Database>): LegalRepRegister {
  return {
    async check({ cfPersona, cfImpresa }) {
      const link = await db
        .selectFrom('legal_representatives')
        .select('company_fiscal_code')
        .where('person_fiscal_code', '=', cfPersona.toUpperCase())
        .where('company_fiscal_code', '=', cfImpresa.toUpperCase())
        .executeTakeFirst();
      return link ? 'OK' : 'KO';
    },
  };
}

/** The register cannot be asked (unreachable, or an answer that is not OK or KO): the send waits and says so (503). */
export class LegalRepRegisterUnavailable extends Error {}

/** The national service a deployment names: GET `url` with the spec's query, reading `esito`. */
export function httpLegalRepRegister(url: string, fetchImpl: typeof fetch = fetch, timeoutMs = 10_000): LegalRepRegister {
  return {
    async check(query) {
      const target = new URL(url);
      for (const [key, value] of Object.entries(query)) if (value) target.searchParams.set(key, value);
      let body: unknown;
      try {
        const response = await fetchImpl(target, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
        if (!response.ok) throw new LegalRepRegisterUnavailable(`the legal-representative register answered ${response.status}`);
        body = await response.json();
      } catch (error) {
        if (error instanceof LegalRepRegisterUnavailable) throw error;
        throw new LegalRepRegisterUnavailable('the legal-representative register could not be reached');
      }
      const esito = (body as { esito?: unknown } | null)?.esito;
      if (esito === 'OK' || esito === 'KO') return esito;
      throw new LegalRepRegisterUnavailable('the legal-representative register answered without an esito');
    },
  };
}

/** No register configured: the self-declaration stands, and is recorded as declared, not verified. */
export const selfDeclarationRegister: LegalRepRegister = {
  check: async () => 'declared',
};

/** The register a configuration names: the national service's URL first, then the demo's companies, else the self-declaration. */
export function legalRepRegisterFor(options: { url: string | null; demo: boolean }, db: Kysely<Database>): LegalRepRegister {
  if (options.url) return httpLegalRepRegister(options.url);
  if (options.demo) return demoLegalRepRegister(db);
  return selfDeclarationRegister;
}

/** Asks the register; one it cannot reach answers 503 (try again later), never a KO. */
export async function askLegalRepRegister(register: LegalRepRegister, query: LegalRepQuery): Promise<LegalRepAnswer> {
  try {
    return await register.check(query);
  } catch (error) {
    if (error instanceof LegalRepRegisterUnavailable) throw new ApiError({ status: 503, description: `${error.message}: try again later.` });
    throw error;
  }
}

/**
 * The check a send repeats (spec §7, docs/architecture.md "Who the business is"): a company's legal
 * representative must be one for the register, asked with the verified caller's fiscal code. Answers
 * what is recorded on the request ('verified', 'declared', or null where no check applies: a sole
 * trader, an intermediary); a KO refuses the send with 409 `legal-rep-not-confirmed`, before anything
 * is written.
 */
export async function settleLegalRep(
  register: LegalRepRegister,
  caller: Pick<CallerRow, 'fiscal_code'>,
  business: Business | null | undefined,
  partitaIva: string | null | undefined,
  ipaCode?: string,
): Promise<LegalRepOutcome | null> {
  if (!needsLegalRepCheck(business)) return null;
  if (!caller.fiscal_code || !partitaIva) {
    throw new ApiError({
      status: 400,
      field: 'partitaIva',
      description: "a company's legal representative needs the company's VAT number and their own fiscal code.",
    });
  }
  const answer = await askLegalRepRegister(register, { cfPersona: caller.fiscal_code, cfImpresa: partitaIva, ipaCode });
  if (answer === 'KO') {
    throw new ApiError({
      status: 409,
      field: 'personalData.business.role',
      errorKey: ErrorKey.legalRepNotConfirmed,
      description: 'the register does not name you as a legal representative of this company: check the VAT number, or apply as an intermediary.',
    });
  }
  return answer === 'OK' ? 'verified' : 'declared';
}
