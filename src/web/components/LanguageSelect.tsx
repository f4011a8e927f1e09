// The language selector is react-aria's Select, ~140 KB of JavaScript (43 KB compressed) that no
// first paint needs. It is split into its own chunk, requested as soon as the header renders;
// until it arrives the current language code is shown as plain text.
import { lazy, Suspense } from 'react';
import { useLanguage } from '../i18n/LanguageProvider.tsx';

const LanguageSelectWidget = lazy(() =>
  import('./LanguageSelectWidget.tsx').then((m) => ({ default: m.LanguageSelectWidget })),
);

export function LanguageSelect() {
  const { language } = useLanguage();
  return (
    <Suspense fallback={<span className="app-language-button">{language.toUpperCase()}</span>}>
      <LanguageSelectWidget />
    </Suspense>
  );
}
