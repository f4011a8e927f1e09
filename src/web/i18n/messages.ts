// The two message catalogues (locales/*.json). Italian is the reference: its keys define
// MessageKey, and typing the English catalogue as Record<MessageKey, string> makes `tsc` fail when
// a key is missing from it, so the two languages cannot drift apart.
import type { Language } from '../../shared/constants.ts';
import en from '../../../locales/en.json' with { type: 'json' };
import it from '../../../locales/it.json' with { type: 'json' };

export type MessageKey = keyof typeof it;
export type Messages = Record<MessageKey, string>;

export const messages: Record<Language, Messages> = { it, en };
