// Security headers on every answer: a strict Content-Security-Policy (no inline script, no
// plugins, no framing, no <base>), nosniff, a referrer policy, and HSTS when served over TLS.
// The headers depend only on the configuration, so helmet computes them once at start-up and every
// answer gets a precomputed set (helmet's per-request work was a measurable share of the cost of a
// cached master-data answer). API answers are JSON, never rendered as a page: they get OWASP's set
// for REST services (a CSP that allows nothing, no framing, nosniff, same-origin resource policy,
// referrer policy, HSTS) instead of the document headers that only mean something to a page.
// Every answer also carries a Permissions-Policy that switches off the browser features the portal
// never uses (camera, microphone, location, payment…), so an injected script or a framed page
// cannot ask for them (docs/architecture.md, "Security headers").
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { API_BASE } from '#shared/api/paths.ts';

const API_PREFIX = `${API_BASE}/`;

export interface SecurityOptions {
  /** Origins the page may talk to besides itself (an external identity provider). */
  connectOrigins: string[];
  https: boolean;
}

/**
 * Features the portal never asks the browser for: each is allowed to no origin at all. Written once
 * here for pages and API answers alike. Only features Chromium knows: an unknown one (bluetooth) is a console warning on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * What an operator should hear about the transport at start-up: in production a PUBLIC_URL over
 * plain http means sessions and personal data cross the network readable (and no HSTS can be sent).
 */
export function transportWarnings(mode: string, baseUrl: string): string[] {
  if (mode !== 'production' || !baseUrl.startsWith('http:')) return [];
  return [
    `PUBLIC_URL is ${baseUrl}, plain http in production: sign-in and personal data travel unencrypted and no HSTS is sent. Serve the portal over https (docs/deployment.md).`,
  ];
}

interface HeaderSet {
  set: Record<string, string>;
  removed: string[];
}

/** What helmet's middleware does to a response, recorded once. */
function record(middleware: ReturnType<typeof helmet>): HeaderSet {
  const set: Record<string, string> = {};
  const removed: string[] = [];
  // helmet only calls setHeader/removeHeader on the response; a recorder stands in for it.
  const recorder = {
    setHeader: (name: string, value: string) => void (set[name] = value),
    removeHeader: (name: string) => void removed.push(name),
  };
  let failure: unknown = null;
  middleware({} as never, recorder as unknown as ServerResponse, (error?: unknown) => void (failure = error ?? null));
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  // helmet has no Permissions-Policy of its own.
  set['Permissions-Policy'] = PERMISSIONS_POLICY;
  return { set, removed };
}

/** The headers of an API answer (JSON). */
export function apiSecurityHeaders(options: SecurityOptions): HeaderSet {
  return record(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xFrameOptions: { action: 'deny' },
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    }),
  );
}

/** The headers of a page and of everything else the portal serves (assets, PDFs of /downloads, the provider). */
export function securityHeaders(options: SecurityOptions): HeaderSet {
  return record(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", ...options.connectOrigins],
          formAction: ["'self'", ...options.connectOrigins],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: options.https ? [] : null,
        },
      },
      strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    }),
  );
}

export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  const documents = securityHeaders(options);
  const api = apiSecurityHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    const { set, removed } = request.url.startsWith(API_PREFIX) ? api : documents;
    reply.headers(set);
    for (const name of removed) reply.raw.removeHeader(name);
    done();
  });
}
