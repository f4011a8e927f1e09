// Where the help-online and feedback links lead (spec §1, §2), as pure functions.
import type { Area } from '#machines/auth/types.ts';
import type { Language } from '#shared/constants.ts';
import { Paths } from '../routes/paths.ts';

/**
 * The help-online area for the visitor: the configured route (the public area) for anonymous
 * visitors, the private area for a logged citizen, the back-office area for logged staff.
 */
export function helpOnlineTarget(configured: string | null | undefined, loggedArea: Area | null): string {
  if (loggedArea === 'FO') return Paths.helpOnlinePrivate;
  if (loggedArea === 'BO') return Paths.helpOnlineBackOffice;
  return configured && configured.startsWith('/') ? configured : Paths.helpOnlinePublic;
}

/**
 * The European services portal's feedback form: the configured address plus `lang` and, when the
 * page's address is known, `referer_url` (encoded). The referer is the page without its query
 * string or fragment, so nothing a query may carry (a login callback's code) leaves the portal.
 */
export function feedbackHref(feedbackUrl: string, language: Language, refererUrl: string | null): string {
  const url = new URL(feedbackUrl);
  url.searchParams.set('lang', language);
  if (refererUrl) {
    const referer = new URL(refererUrl);
    url.searchParams.set('referer_url', `${referer.origin}${referer.pathname}`);
  }
  return url.toString();
}
