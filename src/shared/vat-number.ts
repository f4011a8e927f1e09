// The Italian VAT number (partita IVA): eleven digits, the last a check digit computed from the
// first ten by the Agenzia delle Entrate's rule (a Luhn variant): the digits in odd places are added
// as they are, those in even places doubled (less 9 when over 9), and the check digit brings the sum
// to a multiple of 10. Forms, the server and the mocks refuse a number whose check digit is wrong
// (docs/architecture.md "Who the business is"), so a typo is caught where it is typed.

/** Eleven digits (spec §5's VAT number, without its empty alternative). */
const ELEVEN_DIGITS = /^[0-9]{11}$/;

/** The check digit the first ten digits give. */
function checkDigitOf(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const digit = first10.charCodeAt(i) - 48;
    if (i % 2 === 0) sum += digit;
    else sum += digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * Whether `value` is an Italian VAT number: eleven digits, the last the check digit of the first ten,
 * and not all zeros (no office number 0000000 is ever given). `00743110157` is one, `12345678901` is not.
 */
export function isVatNumber(value: string): boolean {
  if (!ELEVEN_DIGITS.test(value) || value === '00000000000') return false;
  return checkDigitOf(value.slice(0, 10)) === value.charCodeAt(10) - 48;
}

/** The prefix an identity provider puts before a VAT number it asserts (SPID's `ivaCode`: `VATIT-01234567897`). */
const ASSERTED_VAT_PREFIX = /^VATIT-/i;

/** The VAT number in a provider's `ivaCode` claim, or null when it is not a valid Italian one. */
export function vatNumberFromClaim(ivaCode: unknown): string | null {
  if (typeof ivaCode !== 'string') return null;
  const digits = ivaCode.trim().replace(ASSERTED_VAT_PREFIX, '');
  return isVatNumber(digits) ? digits : null;
}
