// Current language for the whole SPA: react-intl for our messages, react-aria's I18nProvider for
// the widgets' own strings, and <html lang> for assistive technology and search engines.
// It lives inside the router because the URL (`?lang=`) is part of the state.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { IntlProvider } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/constants.ts';
import { initialLanguage, languageFromSearch, searchWithLanguage, storeLanguage } from './language.ts';
import { messages } from './messages.ts';

interface LanguageContextValue {
  language: Language;
  setLanguage: (language: Language) => void;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

export function LanguageProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const urlLanguage = languageFromSearch(location.search);
  const [chosen, setChosen] = useState<Language>(() => initialLanguage(location.search));
  // A `?lang=` in the URL wins (shared links, back button); remembering it means that following
  // an internal link without the parameter does not switch the language back.
  const language = urlLanguage ?? chosen;
  useEffect(() => {
    if (urlLanguage && urlLanguage !== chosen) setChosen(urlLanguage);
  }, [urlLanguage, chosen]);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const setLanguage = useCallback(
    (next: Language) => {
      setChosen(next);
      storeLanguage(next);
      // Same path, same state, only `lang` changes: replace, so the switch is not a history step,
      // and no scroll reset, so the reader stays where they were (text typed so far is kept too,
      // since the route elements do not remount).
      navigate(
        { pathname: location.pathname, search: searchWithLanguage(location.search, next), hash: location.hash },
        { replace: true, preventScrollReset: true, state: location.state },
      );
    },
    [location, navigate],
  );

  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return (
    <LanguageContext.Provider value={value}>
      <IntlProvider locale={language} defaultLocale={DEFAULT_LANGUAGE} messages={messages[language]}>
        <I18nProvider locale={language}>{children}</I18nProvider>
      </IntlProvider>
    </LanguageContext.Provider>
  );
}

export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useLanguage must be used inside <LanguageProvider>');
  return value;
}
