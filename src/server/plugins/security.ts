// Security headers on every answer: a strict Content-Security-Policy (no inline script, no
// plugins, no framing, no <base>), nosniff, a referrer policy, and HSTS when served over TLS.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityOptions {
  /** Origins the page may talk to besides itself (an external identity provider). */
  connectOrigins: string[];
  https: boolean;
}

export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  await app.register(helmet, {
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
  });
}
