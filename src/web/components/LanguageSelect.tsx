// The language selector is react-aria's Select, ~140 KB of JavaScript (43 KB compressed) that no
// first paint needs. Until the visitor reaches for it, a plain button that looks and is named
// like the Select's trigger stands in: hovering or focusing it fetches the widget's chunk, pressing
// it swaps in the widget already open (focus follows), so nothing of it loads before interaction.
import { lazy, Suspense, useState } from 'react';
import { prefetchCode, retryable } from '../app/code-loading.ts';
import { useLanguage } from '../i18n/LanguageProvider.tsx';
import { useT } from '../i18n/use-t.ts';
import { Icon } from './Icon.tsx';

const loadWidget = () => import('./LanguageSelectWidget.tsx');
const LanguageSelectWidget = lazy(retryable(() => loadWidget().then((m) => ({ default: m.LanguageSelectWidget }))));

export function LanguageSelect() {
  const { language } = useLanguage();
  const t = useT();
  const [active, setActive] = useState(false);
  const trigger = (
    <button
      type="button"
      className="app-language-button"
      aria-haspopup="listbox"
      aria-expanded="false"
      onPointerEnter={() => prefetchCode(loadWidget)}
      onFocus={() => prefetchCode(loadWidget)}
      onClick={() => setActive(true)}
    >
      <span>{language.toUpperCase()}</span>
      <span className="visually-hidden"> {t('header.language')}</span>
      <Icon name="expand" className="icon-white icon-sm" />
    </button>
  );
  if (!active) return trigger;
  return (
    <Suspense fallback={trigger}>
      <LanguageSelectWidget defaultOpen />
    </Suspense>
  );
}
