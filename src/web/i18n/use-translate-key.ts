// Translation of message keys that arrive as plain strings (from the machines: modal titles,
// identity-matcher errors). A key missing from the catalogues is shown as it is rather than
// breaking the screen, and react-intl is never asked for an unknown id.
import { useCallback } from 'react';
import { isLoadedKey, type MessageKey } from './messages.ts';
import { useT } from './use-t.ts';

export function isMessageKey(key: string): key is MessageKey {
  return isLoadedKey(key);
}

export function useTranslateKey(): (key: string, values?: Readonly<Record<string, string | number>>) => string {
  const t = useT();
  return useCallback((key, values) => (isMessageKey(key) ? t(key, values ? { ...values } : undefined) : key), [t]);
}
