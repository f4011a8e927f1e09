// One way to show a value nobody gave, on every screen and in the PDF recap: an em
// dash, the same in both languages and neutral in gender (an Italian "non indicato" would have to
// agree with each field: "data non indicata", "CAP non indicato"). Assistive technology hears words
// instead of the dash: the screens add a visually hidden "dato non indicato" / "not provided"
// (locales `common.not-provided`, src/web/components/EmptyValue.tsx), and the PDF recap gives the
// same words as the value's ActualText (src/server/services/pdf/recap.ts).
export const EMPTY_VALUE = '—';

/** No value to show: absent, or only blanks. */
export function isEmptyValue(value: unknown): value is null | undefined | '' {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}
