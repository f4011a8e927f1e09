// Text normalisation shared by the server (search columns, filters) and the SPA (client-side hints).

/** Lower-case and strip diacritics, so "Città" and "citta" match (spec: filters ignore case and accents). */
export function foldForSearch(value: string): string {
  return value.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}
