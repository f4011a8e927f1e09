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
