// Serves the built SPA: hashed assets cached for a year, index.html never cached, and every page
// path the SPA knows (src/shared/spa-paths.ts) answered with index.html so client-side routes
// survive a reload. Any other path answers 404: still with index.html for a browser's GET, so the
// SPA shows its not-found page, but with the status a crawler or a monitor needs to hear.
// The public pages come with their content: the build prerenders them in each language
// (scripts/vite-plugins.ts writes `.prerendered.json`), and that markup goes inside #root, marked
// with its language for the browser to hydrate (src/web/main.tsx).
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE } from '#shared/api/paths.ts';
import { LANGUAGES, type Language } from '#shared/constants.ts';
import { isSpaPath } from '#shared/spa-paths.ts';
import { requestLanguage } from '../language.ts';
import { type HeadOptions, renderHead, robotsTxt, sitemapXml } from '../seo/head.ts';
import { sendError } from './errors.ts';

/** Written by the build: language → page path → the markup inside #root. */
const PRERENDERED_FILE = '.prerendered.json';
type Prerendered = Partial<Record<Language, Record<string, string>>>;

function readPrerendered(file: string): Prerendered | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Prerendered;
  } catch {
    // A build without prerendering (or none at all): every page renders in the browser.
    return null;
  }
}

const EMPTY_ROOT = '<div id="root"></div>';

/** The page's prerendered markup inside #root, when the build made one for this path and language. */
function withContent(html: string, prerendered: Prerendered | null, pathname: string, language: Language): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const content = prerendered?.[language]?.[path];
  if (content === undefined) return html;
  return html.replace(EMPTY_ROOT, `<div id="root" data-prerendered="${language}">${content}</div>`);
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * The same page at PUBLIC_URL, when the browser reached this machine by another loopback name
 * (http://127.0.0.1:3000 for a PUBLIC_URL of http://localhost:3000). Sign-in needs one origin: the
 * provider's redirect comes back to PUBLIC_URL, and the browser keeps the sign-in state (PKCE
 * verifier, return path) per origin, so a session started at 127.0.0.1 would be lost at
 * localhost. Only loopback names are redirected: behind a proxy the Host header may be an
 * internal name, and redirecting it would loop.
 */
export function canonicalPageUrl(requestHostname: string, requestUrl: string, baseUrl: string): string | null {
  const base = new URL(baseUrl);
  if (!LOOPBACK.has(base.hostname) || !LOOPBACK.has(requestHostname) || requestHostname === base.hostname) return null;
  return `${base.origin}${requestUrl}`;
}

export async function registerSpa(app: FastifyInstance, staticDir: string | null, head: HeadOptions): Promise<void> {
  const indexFile = staticDir ? path.join(staticDir, 'index.html') : null;
  const hasSpa = indexFile !== null && fs.existsSync(indexFile);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: staticDir!,
      index: false,
      wildcard: false,
      // Build by-products (.prerendered.json, Vite's .vite/) are not for the public.
      dotfiles: 'ignore',
      // The build writes .br and .gz copies of every text asset (scripts/vite-plugins.ts):
      // sent as they are, smaller than on-the-fly compression and without its CPU cost.
      preCompressed: true,
      // Our own Cache-Control below; the plugin's default (max-age=0) would override it.
      cacheControl: false,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const indexHtml = hasSpa ? fs.readFileSync(indexFile!, 'utf8') : null;
  const prerendered = hasSpa ? readPrerendered(path.join(staticDir!, PRERENDERED_FILE)) : null;

  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) => reply.type('text/plain; charset=utf-8').send(robotsTxt(head.baseUrl)));
  app.get('/sitemap.xml', { schema: { hide: true } }, (_request, reply) => reply.type('application/xml; charset=utf-8').send(sitemapXml(head.baseUrl)));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isApi = request.url === API_BASE || request.url.startsWith(`${API_BASE}/`);
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !wantsPage || !indexHtml) {
      return sendError(reply, { status: 404, description: `No resource at ${request.method} ${request.url.split('?')[0]}` });
    }
    const canonical = canonicalPageUrl(request.hostname, request.url, head.baseUrl);
    if (canonical) return reply.redirect(canonical, 307);
    // The page's own head (title, description, social tags, structured data) in the language asked.
    const url = new URL(request.url, 'http://portal');
    const lang = url.searchParams.get('lang');
    const language = lang && (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : requestLanguage(request);
    // The not-found handler is not a route, so @fastify/compress (which hooks routes) does not
    // compress it: the page is compressed here.
    const html = withContent(renderHead(indexHtml, url.pathname, language, head), prerendered, url.pathname, language);
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (!isSpaPath(url.pathname)) reply.code(404);
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Language, Accept-Encoding').type('text/html; charset=utf-8');
    if (/\bbr\b/.test(accepted)) return reply.header('Content-Encoding', 'br').send(brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
    if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(gzipSync(html));
    return reply.send(html);
  });
}
