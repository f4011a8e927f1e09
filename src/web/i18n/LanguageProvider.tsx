// Current language for the whole SPA: react-intl for our messages, react-aria's I18nProvider for
// the widgets' own strings, and <html lang> for assistive technology and search engines.
// It lives inside the router because the URL (`?lang=`) is part of the state. Catalogues load on
// demand (messages.ts): after a switch the page stays in the previous language until the new
// catalogue has arrived, so no screen ever shows raw message keys.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { IntlProvider } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#shared/constants.ts';
import { initialLanguage, languageFromSearch, searchWithLanguage, storeLanguage } from './language.ts';
import { loadedMessages, loadMessages } from './messages.ts';

interface LanguageContextValue {
  language: Language;
  setLanguage: (language: Language) => void;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

/**
 * The language to start in, when the caller already knows it: the server's prerendering, and the
 * browser hydrating that prerendered page (main.tsx). Absent, the page's own rules apply (language.ts).
 */
export const StartLanguageContext = createContext<Language | null>(null);

/** The language on screen: the one asked for once its catalogue is here, else one that is. */
function shownLanguage(wanted: Language, current: Language | null): Language | null {
  if (loadedMessages(wanted)) return wanted;
  if (current && loadedMessages(current)) return current;
  return LANGUAGES.find((language) => loadedMessages(language)) ?? null;
}

export function LanguageProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const startLanguage = useContext(StartLanguageContext);
  const urlLanguage = languageFromSearch(location.search);
  const [chosen, setChosen] = useState<Language>(() => startLanguage ?? initialLanguage(location.search));
  // A `?lang=` in the URL wins (shared links, back button); remembering it means that following
  // an internal link without the parameter does not switch the language back.
  const wanted = urlLanguage ?? chosen;
  useEffect(() => {
    if (urlLanguage && urlLanguage !== chosen) setChosen(urlLanguage);
  }, [urlLanguage, chosen]);

  const [shown, setShown] = useState<Language | null>(() => shownLanguage(wanted, null));
  const language = shownLanguage(wanted, shown) ?? wanted;
  const messages = loadedMessages(language);
  useEffect(() => {
    if (language !== shown) setShown(language);
    if (loadedMessages(wanted)) return;
    let current = true;
    loadMessages(wanted).then(
      () => current && setShown(wanted),
      // Offline or a failed chunk: the page stays in the language it has.
      () => {},
    );
    return () => {
      current = false;
    };
  }, [wanted, language, shown]);

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
  // Nothing to show until a first catalogue has arrived (main.tsx loads it before rendering).
  if (!messages) return null;
  return (
    <LanguageContext.Provider value={value}>
      <IntlProvider locale={language} defaultLocale={DEFAULT_LANGUAGE} messages={messages}>
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
