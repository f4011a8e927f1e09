// Messages whose keys the spec fixes outside the enrolment's own `ep.` namespace (spec §5, §8:
// "search-bar.errors.<key>", "bo.errors.<key>"): the spec's key when the catalogues have it, else
// the enrolment's copy under `ep.` with the same tail, so a missing shared key never shows raw.
import { useCallback } from 'react';
import { isMessageKey, useTranslateKey } from '../i18n/use-translate-key.ts';

export function useSpecMessage(): (key: string, values?: Readonly<Record<string, string | number>>) => string {
  const translate = useTranslateKey();
  return useCallback((key, values) => translate(isMessageKey(key) ? key : `ep.${key}`, values), [translate]);
}
