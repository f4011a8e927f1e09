// Slow clients and forwarded addresses (docs/deployment.md, "Slow clients" and "Behind a proxy"):
// headers must arrive within HEADERS_TIMEOUT_MS and a silent connection is closed after
// IDLE_TIMEOUT_MS, while an upload that keeps flowing is never cut; X-Forwarded-For is believed
// only from the proxies TRUST_PROXY names, so a client cannot choose the address it is limited by.
// The timeouts are set to a few hundred milliseconds here, so nothing waits for 30 s.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '#shared/api/paths.ts';
import { buildApp } from '#server/app.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { LIMITS } from '#server/plugins/rate-limits.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { TEST_IPA_CODE } from './support/names.ts';

const HEADERS_MS = 400;
const IDLE_MS = 200;
const UPLOAD_BYTES = 20 * 1024 * 1024;

/** A raw connection that records what the server sends and when it closes. */
function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
  const opened = new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  return { socket, closed, opened, received: () => received };
}

/** Writes `chunks` pieces of `size` bytes, one every `everyMs`, while the socket is open. */
function trickle(socket: net.Socket, piece: Buffer, count: number, everyMs: number): Promise<number> {
  return new Promise((resolve) => {
    let sent = 0;
    const timer = setInterval(() => {
      if (socket.destroyed || sent === count) {
        clearInterval(timer);
        resolve(sent);
        return;
      }
      socket.write(piece);
      sent++;
    }, everyMs);
  });
}

describe('slow clients', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let port: number;
  const uploads: number[] = [];

  beforeAll(async () => {
    database = await testDatabases()[0]!.open();
    const config = loadConfig({
      NODE_ENV: 'test',
      STATIC_DIR: '',
      IPA_CODE: TEST_IPA_CODE,
      HEADERS_TIMEOUT_MS: String(HEADERS_MS),
      IDLE_TIMEOUT_MS: String(IDLE_MS),
    });
    app = await buildApp({ config, database });
    // A probe that takes a 20 MB body (the API's own limit is far smaller): what matters is the
    // server's timeouts, which are the same for every route.
    app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: UPLOAD_BYTES + 1 }, (_request, body, done) => done(null, body));
    app.post('/upload-probe', { bodyLimit: UPLOAD_BYTES + 1 }, async (request) => {
      uploads.push((request.body as Buffer).length);
      return { received: (request.body as Buffer).length };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers 408 and closes a connection whose headers trickle in for longer than the headers timeout', async () => {
    const client = connect(port);
    await client.opened;
    const started = Date.now();
    // One byte at a time, faster than the idle timeout: only the headers timeout can end this.
    void trickle(client.socket, Buffer.from('X'), 10_000, IDLE_MS / 4);
    client.socket.write(`GET /api${ApiPaths.regionList} HTTP/1.1\r\nHost: localhost\r\nX-Slow: `);
    const closedAt = await client.closed;
    expect(closedAt - started).toBeGreaterThanOrEqual(HEADERS_MS - 50);
    expect(closedAt - started).toBeLessThan(HEADERS_MS + 1500);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection that sent its headers and then nothing', async () => {
    const client = connect(port);
    await client.opened;
    const started = Date.now();
    client.socket.write(`POST /upload-probe HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/octet-stream\r\nContent-Length: 1000\r\n\r\n0123456789`);
    const closedAt = await client.closed;
    expect(closedAt - started).toBeLessThan(IDLE_MS + 1500);
    expect(uploads).toEqual([]);
  });

  it('never cuts a 20 MB upload that keeps flowing, however long it takes in all', async () => {
    const client = connect(port);
    await client.opened;
    const started = Date.now();
    client.socket.write(
      `POST /upload-probe HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/octet-stream\r\nContent-Length: ${UPLOAD_BYTES}\r\nConnection: close\r\n\r\n`,
    );
    // 16 pieces of 1.25 MB, one every IDLE_MS / 4: steady, and longer in all than both timeouts.
    const pieces = 16;
    const sent = await trickle(client.socket, Buffer.alloc(UPLOAD_BYTES / pieces, 7), pieces, IDLE_MS / 4);
    await client.closed;
    expect(sent).toBe(pieces);
    expect(Date.now() - started).toBeGreaterThan(HEADERS_MS + IDLE_MS);
    expect(client.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(uploads).toEqual([UPLOAD_BYTES]);
  });
});

describe('forwarded addresses', () => {
  const BASE = 'http://localhost:3999';
  let t: TestApp;
  let hops: TestApp;
  beforeAll(async () => {
    t = await startTestApp(await testDatabases()[0]!.open(), { PUBLIC_URL: BASE, TRUST_PROXY: '10.0.0.5' });
    hops = await startTestApp(t.database, { PUBLIC_URL: BASE, TRUST_PROXY: '1', DATA_DIR: t.config.dataDir });
  });
  afterAll(async () => {
    await hops.close();
    await t.close();
    await t.database.close();
  });

  const exchange = (app: TestApp, remoteAddress: string, forwardedFor: string) =>
    app.app.inject({
      method: 'POST',
      url: `/api${ApiPaths.foAuthToken}`,
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { grant_type: 'authorization_code', code: 'x', redirect_uri: `${BASE}/auth/callback` },
    });
  const countedAddresses = async () =>
    (await t.database.db.selectFrom('rate_limits').select('key').where('key', 'like', '%ip:%').execute())
      .map((row) => row.key.slice(row.key.indexOf('ip:') + 3))
      .sort();

  it('counts a client that is not a configured proxy by its own address, whatever X-Forwarded-For says', async () => {
    for (let i = 0; i < LIMITS.tokenExchange.max; i++) expect((await exchange(t, '203.0.113.9', `198.51.100.${i}`)).statusCode).toBe(401);
    expect((await exchange(t, '203.0.113.9', '198.51.100.200')).statusCode).toBe(429);
    expect(await countedAddresses()).toEqual(['203.0.113.9']);
  });

  it('counts the client the configured proxy names', async () => {
    expect((await exchange(t, '10.0.0.5', '198.51.100.77')).statusCode).toBe(401);
    expect(await countedAddresses()).toContain('198.51.100.77');
  });

  it('with a hop count, believes only a proxy at a private address, never a client from the Internet', async () => {
    expect((await exchange(hops, '203.0.113.50', '198.51.100.88')).statusCode).toBe(401);
    expect((await exchange(hops, '10.1.2.3', '198.51.100.99')).statusCode).toBe(401);
    const counted = await countedAddresses();
    expect(counted).toContain('203.0.113.50');
    expect(counted).not.toContain('198.51.100.88');
    expect(counted).toContain('198.51.100.99');
  });
});

describe('TRUST_PROXY', () => {
  const load = (value: string, mode = 'test') => loadConfig({ NODE_ENV: mode, EMBEDDED_IDP: 'true', TRUST_PROXY: value }).trustProxy;

  it('takes false, a number of proxies, or their addresses and ranges', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).trustProxy).toBe(false);
    expect(load('false')).toBe(false);
    expect(load('0')).toBe(false);
    expect(load('2')).toBe(2);
    expect(load('10.0.0.5, 10.0.1.0/24,::1,loopback')).toEqual(['10.0.0.5', '10.0.1.0/24', '::1', 'loopback']);
    expect(load('true')).toBe(true);
  });

  it('names the variable when the value is none of these, and refuses "every hop" in production', () => {
    for (const value of ['maybe', '10.0.0.300', '10.0.0.0/33', 'proxy.example.org', '11']) {
      expect(() => load(value)).toThrow(ConfigError);
      expect(() => load(value)).toThrow(/^TRUST_PROXY must be/);
    }
    expect(() => load('true', 'production')).toThrow(/^TRUST_PROXY=true would believe any X-Forwarded-For in production/);
    expect(load('1', 'production')).toBe(1);
  });
});

describe('HEADERS_TIMEOUT_MS and IDLE_TIMEOUT_MS', () => {
  it('default to 30 seconds and name themselves when wrong', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).timeouts).toEqual({ headersMs: 30_000, idleMs: 30_000 });
    expect(() => loadConfig({ NODE_ENV: 'test', HEADERS_TIMEOUT_MS: 'soon' })).toThrow(/^HEADERS_TIMEOUT_MS must be a whole number/);
    expect(() => loadConfig({ NODE_ENV: 'test', IDLE_TIMEOUT_MS: '0' })).toThrow(/^IDLE_TIMEOUT_MS must be a whole number/);
  });
});
