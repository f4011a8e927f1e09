// Renders index.html for one address and language: <html lang>, title, description, keywords,
// canonical link, Open Graph and Twitter tags, and JSON-LD for the startup service.
import type { Language } from '#shared/constants.ts';
import { message, PUBLIC_PAGES, type PublicPage } from './pages.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** JSON inside <script> must not be able to close the element. */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export interface HeadOptions {
  baseUrl: string;
  administrationName: string;
}

export function pageFor(pathname: string): PublicPage | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PUBLIC_PAGES.find((p) => p.path === path) ?? null;
}

export function renderHead(indexHtml: string, pathname: string, language: Language, options: HeadOptions): string {
  const page = pageFor(pathname);
  const headerTitle = message(language, 'header.title');
  const title = page && page.inDocumentTitle ? `${headerTitle} - ${message(language, page.titleKey)}` : headerTitle;
  const description = message(language, page ? `seo.${page.seo}.description` : 'seo.default.description');
  const canonical = `${options.baseUrl}${page?.path === '/' ? '/' : (page?.path ?? pathname)}?lang=${language}`;
  const tags = [`<link rel="canonical" href="${escapeHtml(canonical)}">`];
  if (page) tags.push(`<meta name="keywords" content="${escapeHtml(message(language, `seo.${page.seo}.keywords`))}">`);
  for (const other of ['it', 'en'] as const) {
    tags.push(`<link rel="alternate" hreflang="${other}" href="${escapeHtml(`${options.baseUrl}${page?.path ?? pathname}?lang=${other}`)}">`);
  }
  if (page?.socialTags) {
    tags.push(
      `<meta property="og:type" content="website">`,
      `<meta property="og:site_name" content="${escapeHtml(headerTitle)}">`,
      `<meta property="og:title" content="${escapeHtml(title)}">`,
      `<meta property="og:description" content="${escapeHtml(description)}">`,
      `<meta property="og:url" content="${escapeHtml(canonical)}">`,
      `<meta property="og:locale" content="${language === 'it' ? 'it_IT' : 'en_GB'}">`,
      `<meta name="twitter:card" content="summary">`,
      `<meta name="twitter:title" content="${escapeHtml(title)}">`,
      `<meta name="twitter:description" content="${escapeHtml(description)}">`,
    );
  }
  if (page?.structuredData) {
    const service = {
      '@context': 'https://schema.org',
      '@type': 'GovernmentService',
      name: message(language, page.titleKey),
      description,
      serviceType: message(language, 'pages.startup-service.title'),
      url: canonical,
      availableLanguage: ['it', 'en'],
      areaServed: { '@type': 'Country', name: 'Italia' },
      provider: { '@type': 'GovernmentOrganization', name: options.administrationName },
      serviceOperator: { '@type': 'GovernmentOrganization', name: options.administrationName },
    };
    tags.push(`<script type="application/ld+json">${safeJson(service)}</script>`);
  }
  return indexHtml
    .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(/<meta\s+name="description"[\s\S]*?\/?>/, `<meta name="description" content="${escapeHtml(description)}">`)
    .replace('</head>', `${tags.join('\n')}\n</head>`);
}

export function robotsTxt(baseUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /auth/',
    'Disallow: /idp',
    'Disallow: /back-office',
    'Disallow: /private-area',
    'Disallow: /startup/',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(baseUrl: string): string {
  const urls = PUBLIC_PAGES.flatMap((page) =>
    (['it', 'en'] as const).map((language) => {
      const alternates = (['it', 'en'] as const).map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${baseUrl}${page.path}?lang=${l}"/>`).join('');
      return `<url><loc>${baseUrl}${page.path}?lang=${language}</loc>${alternates}</url>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}
