// An operator sees, in the log and in GET /api/health/ready, which of the services the portal
// depends on is failing: the identity provider (the token exchange then answers 502, as the OpenAPI
// document says, not the 401 of a refused code) and the mail relay. Both make the instance
// "degraded", still ready (docs/deployment.md, "Readiness"); the log lines carry no personal data.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '#shared/api/paths.ts';
import type { Readiness } from '#shared/api/health.ts';
import { startBackgroundJobs } from '#server/services/background.ts';
import { DependencyHealth } from '#server/services/dependency-health.ts';
import { mailObserver, smtpTransport } from '#server/services/notifications/transports.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

/** An identity provider that can be switched off (every connection reset) and on again. */
async function switchableProvider() {
  let up = false;
  let base = '';
  const sockets = new Set<net.Socket>();
  const server = http.createServer((request, response) => {
    if (!up) return request.socket.destroy();
    if (request.url === '/.well-known/openid-configuration') {
      response.setHeader('content-type', 'application/json');
      return response.end(JSON.stringify({ issuer: base, token_endpoint: `${base}/token`, jwks_uri: `${base}/jwks`, authorization_endpoint: `${base}/auth` }));
    }
    response.statusCode = 400;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ error: 'invalid_grant' }));
  });
  server.on('connection', (socket) => sockets.add(socket.on('close', () => sockets.delete(socket))));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    base,
    set: (state: boolean) => (up = state),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const parsed = (logs: string[]) =>
  logs.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((line) => JSON.parse(line) as Record<string, unknown> & { level: number; msg: string });

describe.each(testDatabases())('failing dependencies on $kind', ({ open }) => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof switchableProvider>>;
  let now = Date.UTC(2026, 10, 27, 9, 0, 0);
  beforeAll(async () => {
    provider = await switchableProvider();
    t = await startTestApp(
      await open(),
      { EMBEDDED_IDP: 'false', OIDC_ISSUER: provider.base, OIDC_FO_CLIENT_SECRET: 'fo-secret', OIDC_BO_CLIENT_SECRET: 'bo-secret' },
      { clock: () => now },
    );
  });
  afterAll(async () => {
    await t?.close();
    await t?.database.close();
    await provider?.close();
  });

  const ready = async () => {
    const response = await t.app.inject({ url: `/api${ApiPaths.ready}` });
    return { status: response.statusCode, body: response.json() as Readiness };
  };

  it('answers 502 on both token exchanges while the identity provider cannot be reached, logs it, and the probe names it', async () => {
    provider.set(false);
    const code = 'a-code-the-provider-never-saw';
    for (const path of [ApiPaths.foAuthToken, ApiPaths.boAuthToken]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api${path}`,
        payload: { grant_type: 'authorization_code', code, redirect_uri: 'http://localhost:3000/auth/callback' },
      });
      expect(response.statusCode, response.body).toBe(502);
      expect(response.json()).toMatchObject({ code: 502, errorKey: 'bad-gateway', description: 'The identity provider could not be reached.' });
    }
    const lines = parsed(t.logs).filter((line) => line.dependency === 'identityProvider');
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [50, 'identity provider unreachable'],
      [40, 'identity provider still unreachable'],
    ]);
    expect(lines[0]!.reason).toMatch(/^[A-Z_]+$/); // a code (undici's UND_ERR_SOCKET), never a message
    expect(t.logs.join('')).not.toContain(code);

    const { status, body } = await ready();
    expect(status).toBe(200);
    expect(body.description).toBe('degraded: identity provider not reachable');
    expect(body.dependencies.database.state).toBe('up');
    expect(body.dependencies.identityProvider).toEqual({ state: 'down', since: new Date(now).toISOString() });
  });

  it('notices the provider back by asking it once the last word from it is 30 s old', async () => {
    provider.set(true);
    // Within 30 s of the last failure the probe trusts what it saw.
    now += 29_000;
    expect((await ready()).body.dependencies.identityProvider.state).toBe('down');
    now += 1_000;
    const { body } = await ready();
    expect(body.dependencies.identityProvider).toEqual({ state: 'up', since: new Date(now).toISOString() });
    expect(body.description).toBe('ready');
    expect(parsed(t.logs).some((line) => line.msg === 'identity provider answers again' && line.level === 30)).toBe(true);
    // A provider that answers and refuses the code is the person's 401, not a 502.
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api${ApiPaths.foAuthToken}`,
      payload: { grant_type: 'authorization_code', code: 'expired', redirect_uri: 'http://localhost:3000/auth/callback' },
    });
    expect(refused.statusCode).toBe(401);
  });

  it('logs undeliverable mail without the recipient and shows mail delivery down in the probe', async () => {
    const recipient = 'giulia.bianchi@example.org';
    await t.database.db
      .insertInto('outbox')
      .values({
        message_id: `dependency-test-${Date.now()}`,
        request_id: null,
        kind: 'receipt',
        to_address: recipient,
        subject: 'Ricevuta',
        body_text: 'Gentile Giulia Bianchi',
        attachment_name: null,
        attachment: null,
      })
      .execute();
    const smtp = smtpTransport(`smtp://127.0.0.1:${await closedPort()}`, 'SUAP <noreply@suap.example.org>');
    const jobs = startBackgroundJobs(t.database.db, smtp, t.app.log, { outboxMs: 3_600_000, sweepMs: 3_600_000 }, undefined, undefined, {
      dependencies: t.app.dependencies,
    });
    try {
      // The job starts by delivering: wait for its verdict, not for time.
      while ((await t.app.dependencies.check('mail')).state !== 'down') await new Promise((resolve) => setImmediate(resolve));
    } finally {
      await jobs.stop();
    }
    const line = parsed(t.logs).find((entry) => entry.dependency === 'mail');
    expect(line).toMatchObject({ level: 50, msg: 'mail delivery unreachable' });
    expect(String(line!.reason)).toMatch(/^E[A-Z]+/);
    expect(t.logs.join('')).not.toContain(recipient);
    expect(t.logs.join('')).not.toContain('Giulia');

    const { status, body } = await ready();
    expect(status).toBe(200);
    expect(body.description).toBe('degraded: mail delivery not reachable');
    expect(body.dependencies.mail.state).toBe('down');
  });
});

describe('a notification the relay refuses', () => {
  it('is a WARN of its own, without the address, and does not mark mail delivery down', async () => {
    const lines: { level: string; obj: object; msg: string }[] = [];
    const log = {
      error: (obj: object, msg: string) => lines.push({ level: 'error', obj, msg }),
      warn: (obj: object, msg: string) => lines.push({ level: 'warn', obj, msg }),
      info: (obj: object, msg: string) => lines.push({ level: 'info', obj, msg }),
    };
    const health = new DependencyHealth(log);
    const observer = mailObserver(health, log);
    observer.sent();
    observer.failed(
      Object.assign(new Error("Can't send mail - all recipients were rejected: 550 <giulia.bianchi@example.org> unknown"), {
        code: 'EENVELOPE',
        responseCode: 550,
      }),
    );
    expect(await health.check('mail')).toMatchObject({ state: 'up' });
    expect(lines).toEqual([{ level: 'warn', obj: { reason: 'EENVELOPE 550' }, msg: 'the mail relay refused a notification; it is retried with backoff' }]);
    observer.failed(Object.assign(new Error('Greeting never received'), { code: 'ETIMEDOUT' }));
    expect(await health.check('mail')).toMatchObject({ state: 'down' });
    expect(lines.at(-1)).toEqual({ level: 'error', obj: { dependency: 'mail', reason: 'ETIMEDOUT' }, msg: 'mail delivery unreachable' });
  });
});
