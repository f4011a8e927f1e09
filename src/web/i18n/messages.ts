// The two message catalogues (locales/*.json), each its own chunk: a page loads the catalogue of
// its language only (main.tsx waits for it before the first render; a language switch loads the
// other one first). Italian is the reference: its keys define MessageKey, and the type check below
// makes `tsc` fail when a key is missing from the English catalogue, so the languages cannot drift.
import type { Language } from '#shared/constants.ts';

type Italian = typeof import('#locales/it.json');
type English = typeof import('#locales/en.json');

export type MessageKey = keyof Italian;
export type Messages = Record<MessageKey, string>;

/** `true` only when every Italian key is in the English catalogue. */
const englishIsComplete: [Exclude<MessageKey, keyof English>] extends [never] ? true : never = true;
void englishIsComplete;

const LOADERS: Record<Language, () => Promise<{ default: unknown }>> = {
  it: () => import('#locales/it.json'),
  en: () => import('#locales/en.json'),
};

const loaded: Partial<Record<Language, Messages>> = {};
const pending: Partial<Record<Language, Promise<Messages>>> = {};

/** The catalogue of a language, once loaded (undefined before). */
export function loadedMessages(language: Language): Messages | undefined {
  return loaded[language];
}

/** Loads a language's catalogue (once; later calls share the download). */
export function loadMessages(language: Language): Promise<Messages> {
  const ready = loaded[language];
  if (ready) return Promise.resolve(ready);
  pending[language] ??= LOADERS[language]().then(
    (module) => (loaded[language] = module.default as Messages),
    (error: unknown) => {
      delete pending[language];
      throw error;
    },
  );
  return pending[language];
}

/** Whether a string is a message key (of the catalogues loaded so far; all of them hold the same keys). */
export function isLoadedKey(key: string): key is MessageKey {
  return Object.values(loaded).some((messages) => Object.prototype.hasOwnProperty.call(messages, key));
}
