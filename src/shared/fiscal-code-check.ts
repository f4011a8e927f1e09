// The check character of an Italian fiscal code (DM 23/12/1976, art. 7): the 16th character is
// computed from the first 15, so a mistyped code is caught in the form before the server sees it.
// Shared by the back office's staff form and anything else that checks codes in the browser.

// Value of a character in an odd position (1st, 3rd, …), digits and letters alike.
const ODD: Record<string, number> = {};
const ODD_VALUES = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
for (let i = 0; i < 26; i++) ODD[String.fromCharCode(65 + i)] = ODD_VALUES[i]!;
for (let i = 0; i < 10; i++) ODD[String(i)] = ODD_VALUES[i]!;

/** Value of a character in an even position: a digit counts as itself, a letter as its index. */
function evenValue(char: string): number {
  return /\d/.test(char) ? Number(char) : char.charCodeAt(0) - 65;
}

/** The check character of a code's first 15 characters (upper case), or null when they are not 15 letters or digits. */
export function fiscalCodeCheckCharacter(body: string): string | null {
  const upper = body.toUpperCase();
  if (!/^[A-Z0-9]{15}$/.test(upper)) return null;
  let sum = 0;
  for (let i = 0; i < 15; i++) sum += i % 2 === 0 ? ODD[upper[i]!]! : evenValue(upper[i]!);
  return String.fromCharCode(65 + (sum % 26));
}

/** Whether the 16th character of `code` is the one its first 15 give. */
export function hasValidCheckCharacter(code: string): boolean {
  const upper = code.trim().toUpperCase();
  return upper.length === 16 && fiscalCodeCheckCharacter(upper.slice(0, 15)) === upper[15];
}

/** Omocodic letters standing for the digits 0–9 (a code altered to tell two people apart). */
const OMOCODE_DIGITS = 'LMNPQRSTUV';

/**
 * The gender a fiscal code records (DM 23/12/1976, art. 5): characters 10–11 are the day of birth,
 * plus 40 for women. Null when the code is not 16 characters or its day cannot be read.
 */
export function genderOfFiscalCode(code: string | null | undefined): 'F' | 'M' | null {
  const upper = (code ?? '').trim().toUpperCase();
  if (upper.length !== 16) return null;
  const digits = [...upper.slice(9, 11)].map((char) => (/\d/.test(char) ? char : String(OMOCODE_DIGITS.indexOf(char)))).join('');
  if (!/^\d\d$/.test(digits)) return null;
  const day = Number(digits);
  if (day >= 41 && day <= 71) return 'F';
  if (day >= 1 && day <= 31) return 'M';
  return null;
}
