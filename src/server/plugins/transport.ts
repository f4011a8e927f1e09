// How the HTTP server treats its peers (docs/deployment.md, "Behind a proxy" and "Slow clients"):
// whose X-Forwarded-For is believed, so the per-address abuse limits count real clients, and how
// long a client may take to send its headers or leave its connection silent.
import type { ServerOptions } from 'node:http';
import { BlockList, isIPv4 } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { TimeoutConfig, TrustProxy } from '../config.ts';

/** Loopback, link-local and private ranges: where a proxy counted by hops must sit. */
const PRIVATE_RANGES = (() => {
  const list = new BlockList();
  for (const [network, prefix] of [
    ['127.0.0.0', 8],
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['169.254.0.0', 16],
  ] as const) {
    list.addSubnet(network, prefix, 'ipv4');
  }
  for (const [network, prefix] of [
    ['::1', 128],
    ['fc00::', 7],
    ['fe80::', 10],
  ] as const)
    list.addSubnet(network, prefix, 'ipv6');
  return list;
})();

function isPrivate(address: string): boolean {
  const plain = address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
  return PRIVATE_RANGES.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
}

/**
 * TRUST_PROXY as Fastify's trustProxy. Fastify refuses a bare hop count (it would let a client
 * that reaches the portal directly choose its own address), so a count here trusts that many hops
 * only while each sits at a loopback or private address: a client on the Internet can never pass
 * for a proxy. Addresses and ranges are handed over as they are (the exact, safest form).
 */
export function trustProxyOption(value: TrustProxy): NonNullable<FastifyServerOptions['trustProxy']> {
  if (typeof value !== 'number') return value;
  return (address: string, hop: number) => hop < value && isPrivate(address);
}

/**
 * The server's timeouts as Fastify options. Headers must all arrive within `headersMs` (Node's
 * headersTimeout, checked every quarter of it, at most each second); a connection silent for
 * `idleMs` is closed whatever it was doing (Node's socket timeout, Fastify's connectionTimeout).
 * There is no total limit (requestTimeout 0), so a large upload that keeps flowing is never cut.
 */
export function timeoutOptions(timeouts: TimeoutConfig): { connectionTimeout: number; requestTimeout: number; http: ServerOptions } {
  return {
    connectionTimeout: timeouts.idleMs,
    requestTimeout: 0,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: 0,
      connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(timeouts.headersMs / 4))),
    },
  };
}

/**
 * Node arms the idle timeout when a connection opens and leaves the keep-alive timeout in its
 * place after the first answer, so a second request on a kept-alive connection could stall its
 * body forever: each request's arrival arms the idle timeout again.
 */
export function registerIdleTimeout(app: FastifyInstance, idleMs: number): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const socket = request.raw.socket as { setTimeout?: (ms: number) => unknown } | undefined;
    if (typeof socket?.setTimeout === 'function') socket.setTimeout(idleMs);
    done();
  });
}
