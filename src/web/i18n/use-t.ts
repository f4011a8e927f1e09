// A typed shortcut over react-intl: `t('nav.home')` only accepts keys that exist in the catalogues,
// so a typo is a type error rather than a raw key on screen.
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { MessageKey } from './messages.ts';

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export function useT(): Translate {
  const intl = useIntl();
  return useCallback((key, values) => intl.formatMessage({ id: key }, values), [intl]);
}
