import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#shared/constants.ts';

/** The reader's language: an explicit `lang` query parameter, else Accept-Language, else Italian. */
export function requestLanguage(request: FastifyRequest): Language {
  const fromQuery = (request.query as { lang?: string } | undefined)?.lang;
  if (fromQuery && (LANGUAGES as readonly string[]).includes(fromQuery)) return fromQuery as Language;
  const header = request.headers['accept-language'] ?? '';
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
    if (tag && (LANGUAGES as readonly string[]).includes(tag)) return tag as Language;
  }
  return DEFAULT_LANGUAGE;
}
