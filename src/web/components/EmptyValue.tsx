// The one way a screen shows a value nobody gave (src/shared/empty-value.ts): the dash for the eye,
// "dato non indicato" / "not provided" for a screen reader.
import type { ReactNode } from 'react';
import { EMPTY_VALUE, isEmptyValue } from '#shared/empty-value.ts';
import { useT } from '../i18n/use-t.ts';

export function EmptyValue() {
  const t = useT();
  return (
    <span className="app-empty-value">
      <span aria-hidden="true">{EMPTY_VALUE}</span>
      <span className="visually-hidden">{t('common.not-provided')}</span>
    </span>
  );
}

/** `value`, or the empty value when there is none. */
export function ValueOrEmpty({ value }: { value: ReactNode }) {
  return isEmptyValue(value) ? <EmptyValue /> : <>{value}</>;
}
