// Which language to show, as pure functions: `?lang=` in the URL, else the last choice kept in
// localStorage, else the browser's preferences, else Italian.
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#shared/constants.ts';

export const LANGUAGE_PARAM = 'lang';
/** Own key: the encoded session store of later work lives under a different one. */
export const LANGUAGE_STORAGE_KEY = 'suap.language';

/** Exact match only: `?lang=` and storage hold our own codes, anything else is ignored. */
export function parseLanguage(value: string | null | undefined): Language | null {
  const code = value?.trim().toLowerCase();
  return (LANGUAGES as readonly string[]).includes(code ?? '') ? (code as Language) : null;
}

/** First supported language among BCP 47 tags such as navigator.languages ("en-GB" → en). */
export function browserLanguage(tags: readonly string[]): Language | null {
  for (const tag of tags) {
    const language = parseLanguage(tag.split('-')[0]);
    if (language) return language;
  }
  return null;
}

export function languageFromSearch(search: string): Language | null {
  return parseLanguage(new URLSearchParams(search).get(LANGUAGE_PARAM));
}

// Storage can throw (privacy modes, disabled storage): the language choice is a convenience,
// never a reason to fail.
export function readStoredLanguage(): Language | null {
  try {
    return parseLanguage(window.localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return null;
  }
}

export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not kept across visits; the URL still carries it.
  }
}

export function initialLanguage(search: string): Language {
  return languageFromSearch(search) ?? readStoredLanguage() ?? browserLanguage(typeof navigator === 'undefined' ? [] : navigator.languages) ?? DEFAULT_LANGUAGE;
}

/** The same location with `lang` set, every other query parameter kept. */
export function searchWithLanguage(search: string, language: Language): string {
  const params = new URLSearchParams(search);
  params.set(LANGUAGE_PARAM, language);
  return `?${params.toString()}`;
}
