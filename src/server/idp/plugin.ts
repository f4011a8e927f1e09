// Mounts the embedded provider at /idp (its Koa app gets the raw request, body unread) and our
// sign-in pages at /idp-login.
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { LANGUAGES, type Language } from '#shared/constants.ts';
import { requestLanguage } from '../language.ts';
import { DEMO_IDENTITIES, findIdentity } from './accounts.ts';
import { LOGIN_CSS, renderLoginPage } from './login-page.ts';
import { LOGOUT_JS } from './logout-page.ts';
import { IDP_MOUNT, LOGIN_MOUNT } from './provider.ts';

function loginLanguage(request: FastifyRequest, uiLocales: unknown): Language {
  const fromQuery = (request.query as { lang?: string }).lang;
  if (fromQuery && (LANGUAGES as readonly string[]).includes(fromQuery)) return fromQuery as Language;
  const fromParams = typeof uiLocales === 'string' ? uiLocales.split(' ')[0]?.slice(0, 2) : undefined;
  if (fromParams && (LANGUAGES as readonly string[]).includes(fromParams)) return fromParams as Language;
  return requestLanguage(request);
}

/**
 * Hands a request to the provider as the portal's public address sees it. The provider builds its
 * issuer, endpoints and redirects from the request, so the host and protocol are PUBLIC_URL's,
 * whatever Host or X-Forwarded-* the client sent (a forged Host must not move the endpoints).
 */
function asPublicAddress(request: FastifyRequest, publicUrl: URL): void {
  const headers = request.raw.headers;
  headers.host = publicUrl.host;
  headers['x-forwarded-host'] = publicUrl.host;
  headers['x-forwarded-proto'] = publicUrl.protocol.replace(':', '');
  // The client address is the proxy's to tell only behind a trusted proxy (Fastify already decided).
  headers['x-forwarded-for'] = request.ip;
}

/**
 * A hijacked answer skips Fastify's onSend: the security headers the onRequest hook prepared
 * (CSP, frame-ancestors 'none', nosniff…) are written to the raw response before the provider runs.
 */
function carrySecurityHeaders(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value as string);
  }
}

export async function registerEmbeddedIdp(app: FastifyInstance, provider: Provider, publicUrl: string): Promise<void> {
  const address = new URL(publicUrl);
  // The provider trusts the X-Forwarded-* headers, which asPublicAddress always overwrites.
  provider.proxy = true;
  // The provider reads its own bodies: this scope has no body parsers.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const handler = (request: FastifyRequest, reply: FastifyReply) => {
      asPublicAddress(request, address);
      carrySecurityHeaders(reply);
      reply.hijack();
      // Like Express's mounting: the provider finds its mount path by comparing originalUrl and url.
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(IDP_MOUNT.length) || '/';
      provider.callback()(request.raw, reply.raw);
    };
    scope.all(IDP_MOUNT, { schema: { hide: true } }, handler);
    scope.all(`${IDP_MOUNT}/*`, { schema: { hide: true } }, handler);
  });

  await app.register(async (scope) => {
    await scope.register(formbody);
    scope.get(`${LOGIN_MOUNT}/assets/login.css`, { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(LOGIN_CSS),
    );
    scope.get(`${LOGIN_MOUNT}/assets/logout.js`, { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(LOGOUT_JS),
    );

    scope.get<{ Params: { uid: string } }>(`${LOGIN_MOUNT}/:uid`, { schema: { hide: true } }, async (request, reply) => {
      asPublicAddress(request, address);
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.uid !== request.params.uid) return reply.code(400).send({ code: 400, message: 'Bad Request', description: 'interaction mismatch' });
      const html = renderLoginPage({ uid: details.uid, language: loginLanguage(request, details.params.ui_locales), people: DEMO_IDENTITIES });
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
    });

    scope.post<{ Params: { uid: string }; Body: { person?: string } }>(`${LOGIN_MOUNT}/:uid`, { schema: { hide: true } }, async (request, reply) => {
      const person = request.body?.person ? findIdentity(request.body.person) : undefined;
      if (!person) return reply.code(400).send({ code: 400, message: 'Bad Request', description: 'person: unknown identity' });
      asPublicAddress(request, address);
      carrySecurityHeaders(reply);
      reply.hijack();
      await provider.interactionFinished(request.raw, reply.raw, { login: { accountId: person.key } }, { mergeWithLastSubmission: false });
    });

    scope.post<{ Params: { uid: string } }>(`${LOGIN_MOUNT}/:uid/abort`, { schema: { hide: true } }, async (request, reply) => {
      asPublicAddress(request, address);
      carrySecurityHeaders(reply);
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
        { mergeWithLastSubmission: false },
      );
    });
  });
}
