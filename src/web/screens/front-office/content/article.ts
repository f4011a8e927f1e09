// Long-form page content (service sheet, help, support, privacy) as data: sections of paragraphs,
// lists and links, one object per language. It lives with the page's own chunk rather than in
// locales/*.json, so the first download does not carry every help text of the portal.
// Placeholders in braces ({administration}, {days}) are filled at render time.
import type { Language } from '#shared/constants.ts';

export type Block =
  | { kind: 'p'; text: string }
  | { kind: 'ul' | 'ol'; items: readonly string[] }
  /** `to`: a path of the SPA (opened in place) or an https address (opened in a new tab). */
  | { kind: 'link'; text: string; to: string }
  | { kind: 'note'; text: string };

export interface Section {
  /** Anchor of the section (page index link target), unique in the page. */
  id: string;
  title: string;
  blocks: readonly Block[];
}

export interface Article {
  lead: string;
  sections: readonly Section[];
}

export type Localized<T> = Record<Language, T>;

export function fill(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
