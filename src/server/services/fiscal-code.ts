// Fiscal code (codice fiscale) check of the EU evidence requester's identity checks (spec §7): the
// code is recomputed from the person's data and compared with the one given, omocodia tolerated.
// The library's matchPersonalInfo is not used: it has a known bug refusing valid omocodic codes, so
// the given code is normalised to its base form and compared with the recomputed one instead.
import { belfioreConnector, type BelfiorePlace } from '@marketto/belfiore-connector-embedded';
import { CheckDigitizer, Parser } from '@marketto/codice-fiscale-utils';
import type { CheckPersonRequest } from '#shared/api/auth.ts';
import { foldForSearch } from '#shared/text.ts';

export type FiscalCodeVerdict = { valid: true } | { valid: false; reason: 'mismatch' | 'unknown-place' | 'malformed' };

/** Omocodic letters standing for the digits 0–9, and the 0-based positions where they may appear. */
const OMOCODE_LETTERS = 'LMNPQRSTUV';
const OMOCODE_POSITIONS = [6, 7, 9, 10, 12, 13, 14];
/** A fiscal code with or without omocodic substitutions (month letters: A B C D E H L M P R S T). */
const FISCAL_CODE_SHAPE = /^[A-Z]{6}[0-9LMNP-V]{2}[ABCDEHLMPRST][0-9LMNP-V]{2}[A-Z][0-9LMNP-V]{3}[A-Z]$/;

const parser = new Parser(belfioreConnector);

/** Cadastral places by folded name, built once from the embedded data set (about half a second). */
let placesByName: Promise<Map<string, BelfiorePlace[]>> | undefined;

/** "Forli'" and "Forlì", "Sant’Elena" and "Sant'Elena", any case and spacing, fold to the same key. */
function placeKey(name: string): string {
  return foldForSearch(name.replace(/’/g, "'").replace(/([aeiou])'(?=\s|$)/gi, '$1')).replace(/\s+/g, ' ');
}

async function placeIndex(): Promise<Map<string, BelfiorePlace[]>> {
  placesByName ??= belfioreConnector.toArray().then((places) => {
    const index = new Map<string, BelfiorePlace[]>();
    for (const place of places) {
      const key = placeKey(place.name);
      index.set(key, [...(index.get(key) ?? []), place]);
    }
    return index;
  });
  return placesByName;
}

/** Foreign states by ISO 3166 alpha-2 code (a state's code may span several Belfiore entries over time). */
let statesByIso: Promise<Map<string, BelfiorePlace[]>> | undefined;

async function stateIndex(): Promise<Map<string, BelfiorePlace[]>> {
  statesByIso ??= belfioreConnector.toArray().then((places) => {
    const index = new Map<string, BelfiorePlace[]>();
    for (const place of places) {
      const iso = place.iso3166?.trim();
      if (place.belfioreCode.startsWith('Z') && iso) index.set(iso, [...(index.get(iso) ?? []), place]);
    }
    return index;
  });
  return statesByIso;
}

/** An ISO 3166 alpha-2 country code (what the matcher's country list sends) rather than a name. */
const ISO_COUNTRY = /^[A-Z]{2}$/;

/**
 * Belfiore codes of the places that existed on the birth date: Italian municipalities by name, or
 * foreign states (Zxxx) by ISO code or by Italian name.
 */
async function birthplaceCodes(name: string, country: boolean, birthDate: Date): Promise<string[]> {
  const atBirth = belfioreConnector.active(birthDate);
  const codes: string[] = [];
  const candidates = country && ISO_COUNTRY.test(name) ? ((await stateIndex()).get(name) ?? []) : ((await placeIndex()).get(placeKey(name)) ?? []);
  for (const place of candidates) {
    if (place.belfioreCode.startsWith('Z') === country && (await atBirth.findByCode(place.belfioreCode))) codes.push(place.belfioreCode);
  }
  return codes;
}

/**
 * YYYY-MM-DD at local noon, or null if no such day. The library parses date strings as UTC midnight
 * but reads the local day, so a string would give the previous day west of Greenwich.
 */
function localNoon(isoDate: string): Date | null {
  const [, y, m, d] = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate)?.map(Number) ?? [];
  if (y === undefined || m === undefined || d === undefined) return null;
  const date = new Date(y, m - 1, d, 12);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date : null;
}

/**
 * The library refuses surnames over 32 characters: spaces, apostrophes and hyphens (Hans-Peter) do not count in the code,
 * and the first 24 letters of any real name hold the 3 (surname) or 4 (name) consonants it uses.
 */
function nameLetters(name: string): string {
  return name
    .normalize('NFC')
    .replace(/[\s'’-]+/g, '')
    .slice(0, 24);
}

/**
 * Maps the omocodic letters (L M N P Q R S T U V) back to digits at positions 7, 8, 10, 11, 13, 14
 * and 15 and recomputes the check character. Upper-cases; throws a RangeError unless given 16 letters or digits.
 */
export function normaliseOmocode(code: string): string {
  const chars = [...code.trim().toUpperCase()];
  if (chars.length !== 16 || chars.some((c) => !/[A-Z0-9]/.test(c))) throw new RangeError('A fiscal code has 16 letters or digits');
  for (const i of OMOCODE_POSITIONS) {
    const digit = OMOCODE_LETTERS.indexOf(chars[i] ?? '');
    if (digit >= 0) chars[i] = String(digit);
  }
  const body = chars.slice(0, 15).join('');
  return body + (CheckDigitizer.checkDigit(body) ?? '');
}

/**
 * The code's first 15 characters with omocodia undone: the form two codes are compared by, since an
 * omocodic variant names the same base code (spec §5; docs/architecture.md "Identity"). The
 * database has the same function, fiscal_code_base(text), for lookups and indexes (migration 013).
 * Throws a RangeError unless given 16 letters or digits.
 */
export function fiscalCodeBase(code: string): string {
  return normaliseOmocode(code).slice(0, 15);
}

/** Whether a birth country written as "IT"/"Italia" means Italy. */
export function isItaly(country: string): boolean {
  return country.trim().toUpperCase() === 'IT' || placeKey(country) === 'italia';
}

/**
 * Whether two ways of naming a birth country (ISO 3166 alpha-2 or Italian name) name the same state
 * on the birth date: both Italy, or foreign states sharing a Belfiore Z code. An unknown name matches nothing.
 */
export async function sameBirthCountry(a: string, b: string, isoBirthDate: string): Promise<boolean> {
  if (isItaly(a) || isItaly(b)) return isItaly(a) && isItaly(b);
  const birthDate = localNoon(isoBirthDate);
  if (!birthDate) return false;
  const [left, right] = await Promise.all([birthplaceCodes(a.trim(), true, birthDate), birthplaceCodes(b.trim(), true, birthDate)]);
  return left.some((code) => right.includes(code));
}

/**
 * Recomputes the fiscal code from surname, name, birth date, sex and birthplace (the municipality
 * in force on the birth date when born in Italy, the foreign state's Z code otherwise) and compares
 * it with the given one, omocodia normalised. `malformed`: the code's shape or check character is
 * wrong, or the data cannot be encoded (a date that does not exist, no municipality for Italy);
 * `unknown-place`: no such municipality or state on that date; `mismatch`: any other difference.
 */
/** Whether a code is well formed: shape (month letters included) and check character. */
export function isWellFormedFiscalCode(code: string): boolean {
  const given = code.trim().toUpperCase();
  return FISCAL_CODE_SHAPE.test(given) && CheckDigitizer.checkDigit(given.slice(0, 15)) === given[15];
}

/** The data a fiscal code is computed from (the matcher's input with the provider's fields filled in). */
export type FiscalCodePerson = Required<Pick<CheckPersonRequest, 'nome' | 'cognome' | 'dataNascita'>> & CheckPersonRequest;

export async function checkFiscalCode(person: FiscalCodePerson): Promise<FiscalCodeVerdict> {
  const given = person.codiceFiscale.trim().toUpperCase();
  if (!isWellFormedFiscalCode(given)) return { valid: false, reason: 'malformed' };
  const bornInItaly = isItaly(person.statoNascita);
  const placeName = bornInItaly ? person.comuneNascita?.trim() : person.statoNascita.trim();
  const birthDate = localNoon(person.dataNascita);
  const prefix = [
    parser.lastNameToCf(nameLetters(person.cognome)),
    parser.firstNameToCf(nameLetters(person.nome)),
    birthDate && parser.dateGenderToCf(birthDate, person.sesso),
  ];
  if (!placeName || !birthDate || prefix.some((part) => !part)) return { valid: false, reason: 'malformed' };

  const places = await birthplaceCodes(placeName, !bornInItaly, birthDate);
  if (places.length === 0) return { valid: false, reason: 'unknown-place' };
  const expected = places.map((place) => {
    const body = prefix.join('') + place;
    return body + CheckDigitizer.checkDigit(body);
  });
  return expected.includes(normaliseOmocode(given)) ? { valid: true } : { valid: false, reason: 'mismatch' };
}
