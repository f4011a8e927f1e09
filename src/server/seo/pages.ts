// What search engines and link previews get for each public page, in the HTML the server sends
// (crawlers and previewers do not run JavaScript). Texts come from the same locale files the SPA uses.
import en from '#locales/en.json' with { type: 'json' };
import it from '#locales/it.json' with { type: 'json' };
import type { Language } from '#shared/constants.ts';

const MESSAGES: Record<Language, Record<string, string>> = { it, en };

export interface PublicPage {
  path: string;
  titleKey: string;
  seo: string;
  /** Home shows the header title alone (spec: "plus a dash and the page title when set"). */
  inDocumentTitle: boolean;
  socialTags: boolean;
  structuredData: boolean;
}

export const PUBLIC_PAGES: PublicPage[] = [
  { path: '/', titleKey: 'pages.home.title', seo: 'home', inDocumentTitle: false, socialTags: true, structuredData: false },
  { path: '/startup-service', titleKey: 'pages.startup-service.title', seo: 'startup-service', inDocumentTitle: true, socialTags: true, structuredData: true },
  { path: '/help-page', titleKey: 'pages.help-page.title', seo: 'help-page', inDocumentTitle: true, socialTags: false, structuredData: false },
  { path: '/privacy-policy', titleKey: 'pages.privacy-policy.title', seo: 'privacy-policy', inDocumentTitle: true, socialTags: false, structuredData: false },
];

export function message(language: Language, key: string): string {
  return MESSAGES[language][key] ?? MESSAGES.it[key] ?? key;
}
