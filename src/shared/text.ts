// Text normalisation shared by the server (search columns, filters) and the SPA (client-side hints).

/**
 * Lower-case, strip diacritics and write every apostrophe as the ASCII one, so "Città" and "citta"
 * match (spec: filters ignore case and accents) and "Sant’Angelo" typed on a phone finds ISTAT's
 * "Sant'Angelo". Stored search columns use ASCII apostrophes already, so they need no rewrite.
 */
export function foldForSearch(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[’‘ʼ]/g, "'")
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}
