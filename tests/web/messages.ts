// The two catalogues as the tests read them (the app loads one at a time, src/web/i18n/messages.ts).
import type { Language } from '#shared/constants.ts';
import type { Messages } from '#web/i18n/messages.ts';
import en from '#locales/en.json' with { type: 'json' };
import it from '#locales/it.json' with { type: 'json' };

export const messages: Record<Language, Messages> = { it, en };
