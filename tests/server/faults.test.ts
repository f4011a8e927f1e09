// Faults on real server processes: a kill -9 in the middle of a burst of draft saves loses no
// acknowledged save (PGlite and PostgreSQL), and a database outage under load turns into 503
// envelopes and a red readiness probe, with service resuming by itself when the database returns.
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { uploadRequiredDocuments } from '../support/documents-upload.ts';
import { freePort, startServer, type RunningServer } from '../support/server.ts';
import { signInOverHttp } from '../support/sign-in.ts';
import { postgresUrlFor, uniqueDatabaseName } from './support/names.ts';
import { createDatabase, dropDatabase } from './support/postgres-admin.ts';

const baseUrl = process.env.TEST_DATABASE_URL;

async function citizenSession(server: RunningServer) {
  const token = await signInOverHttp(server.baseUrl, server.baseUrl, 'FO', 'mario');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  await fetch(`${server.baseUrl}/api/suap/v1/request/getUserInfo?fiscalCode=RSSMRA80A01H501U`, { headers });
  return headers;
}

async function killDuringSaves(env: Record<string, string>, dataDir: string) {
  const server = await startServer({ STATIC_DIR: '', ...env }, dataDir);
  const headers = await citizenSession(server);
  const drafts = await Promise.all(
    Array.from({ length: 5 }, async () => {
      const response = await fetch(`${server.baseUrl}/api/suap/v1/request`, { method: 'POST', headers, body: '{}' });
      return ((await response.json()) as { request: Record<string, unknown> & { requestId: number; version: number } }).request;
    }),
  );
  const acknowledged = new Map<number, { version: number; telephone: string }>();
  let saves = 0;
  let killed = false;
  const worker = async (draft: (typeof drafts)[number]) => {
    let current = draft;
    for (let i = 0; !killed; i++) {
      const telephone = `06 ${current.requestId} ${i}`;
      try {
        const response = await fetch(`${server.baseUrl}/api/suap/v1/request/${current.requestId}`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ ...current, personalData: { firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA80A01H501U', telephone } }),
        });
        if (response.status !== 200) break;
        current = ((await response.json()) as { request: typeof current }).request;
        acknowledged.set(current.requestId, { version: current.version, telephone });
        if (++saves === 60) {
          killed = true;
          server.process.kill('SIGKILL');
        }
      } catch {
        break; // the connection died with the server
      }
    }
  };
  await Promise.all(drafts.map(worker));
  if (server.process.exitCode === null && server.process.signalCode === null) {
    await new Promise((resolve) => server.process.once('exit', resolve).kill('SIGKILL'));
  }

  const restarted = await startServer({ STATIC_DIR: '', ...env }, dataDir);
  try {
    const again = await citizenSession(restarted);
    for (const [requestId, ack] of acknowledged) {
      const stored = (await (await fetch(`${restarted.baseUrl}/api/suap/v1/request/${requestId}`, { headers: again })).json()) as {
        request: { version: number; personalData: { telephone: string } };
      };
      expect(stored.request.version).toBeGreaterThanOrEqual(ack.version);
      if (stored.request.version === ack.version) expect(stored.request.personalData.telephone).toBe(ack.telephone);
    }
    expect(saves).toBeGreaterThanOrEqual(60);
  } finally {
    await restarted.stop();
  }
}

/** Where the server keeps its data for each kind of database the suite can reach. */
const backends = [
  { kind: 'embedded PGlite', setup: async () => ({ env: {}, cleanup: async () => {} }) },
  ...(baseUrl
    ? [
        {
          kind: 'PostgreSQL',
          setup: async () => {
            const name = uniqueDatabaseName('suap_kill');
            await createDatabase(baseUrl, name);
            return { env: { DATABASE_URL: postgresUrlFor(baseUrl, name) }, cleanup: () => dropDatabase(baseUrl, name) };
          },
        },
      ]
    : []),
];

/** A TCP relay to PostgreSQL that the test can cut and restore: a database outage on demand. */
async function cuttableRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(p));
    });
  });
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server?.close(() => resolve());
    });
  await open();
  return { port, open, cut };
}

describe('faults', () => {
  it.each(backends)(
    'keeps every acknowledged draft save across a kill -9 ($kind)',
    async ({ setup }) => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'suap-kill-'));
      const { env, cleanup } = await setup();
      try {
        await killDuringSaves(env, dataDir);
      } finally {
        await cleanup();
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    },
    180_000,
  );

  it.each(baseUrl ? [baseUrl] : [])(
    'answers 503 while PostgreSQL is unreachable, writes nothing half, and recovers by itself',
    async (admin) => {
      const name = uniqueDatabaseName('suap_outage');
      await createDatabase(admin, name);
      const target = new URL(postgresUrlFor(admin, name));
      const relay = await cuttableRelay(target);
      const viaRelay = new URL(target);
      viaRelay.host = `127.0.0.1:${relay.port}`;
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'suap-outage-'));
      const server = await startServer({ STATIC_DIR: '', DATABASE_URL: viaRelay.toString() }, dataDir);
      try {
        const headers = await citizenSession(server);
        const draft = (
          (await (await fetch(`${server.baseUrl}/api/suap/v1/request`, { method: 'POST', headers, body: '{}' })).json()) as {
            request: Record<string, unknown> & { requestId: number };
          }
        ).request;
        const get = (url: string) => fetch(`${server.baseUrl}${url}`, { headers });

        await relay.cut();
        const ready = await get('/api/health/ready');
        expect(ready.status).toBe(503);
        expect(await ready.json()).toMatchObject({ code: 503 });
        const list = await get('/api/suap/v1/request/list');
        expect(list.status).toBe(503);
        expect(Object.keys((await list.json()) as object).sort()).toEqual(['code', 'description', 'errorKey', 'message']);
        const write = await fetch(`${server.baseUrl}/api/suap/v1/request/${draft.requestId}`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ ...draft, partitaIva: '01234567897' }),
        });
        expect(write.status).toBe(503);

        await relay.open();
        // Recovery needs nobody: the pool reconnects on the next request.
        let recovered = 0;
        for (let attempt = 0; attempt < 50 && recovered !== 200; attempt++) {
          recovered = (await get('/api/health/ready')).status;
          if (recovered !== 200) await new Promise((r) => setTimeout(r, 100));
        }
        expect(recovered).toBe(200);
        const after = (await (await get(`/api/suap/v1/request/${draft.requestId}`)).json()) as { request: { version: number; partitaIva: string | null } };
        expect(after.request).toMatchObject({ version: draft.version, partitaIva: null });
      } finally {
        await server.stop();
        await relay.cut();
        await dropDatabase(admin, name);
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});

describe('outbox across a crash', () => {
  it('delivers both notifications of a submission after the server is killed between commit and delivery', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'suap-outbox-kill-'));
    // An SMTP server that is never there: delivery keeps failing, so the messages wait in the outbox.
    const deadSmtp = `smtp://127.0.0.1:${await freePort()}`;
    const server = await startServer({ STATIC_DIR: '', SMTP_URL: deadSmtp }, dataDir);
    try {
      const headers = await citizenSession(server);
      const draft = (
        (await (
          await fetch(`${server.baseUrl}/api/suap/v1/request`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ procedureNotification: { type: 1, value: 'mario.rossi@example.org' } }),
          })
        ).json()) as { request: Record<string, unknown> & { requestId: number } }
      ).request;
      const offices = (await (await fetch(`${server.baseUrl}/api/suap/v1/anagrafica/suap/list?municipalityId=58091`)).json()) as {
        suapList: { suapId: number }[];
      };
      const initiatives = (await (await fetch(`${server.baseUrl}/api/suap/v1/anagrafica/iniziative/list`)).json()) as {
        iniziativeList: { iniziativeId: number }[];
      };
      const filled = {
        ...draft,
        suap: { suapId: offices.suapList[0]!.suapId },
        municipalityId: 58091,
        iniziative: { iniziativeId: initiatives.iniziativeList[0]!.iniziativeId },
        personalData: {
          firstName: 'Mario',
          lastName: 'Rossi',
          fiscalCode: 'RSSMRA80A01H501U',
          business: { kind: 'sole-trader', atecoCode: '56.10.11', role: 'legal-representative' },
          activityAddress: { street: 'Via del Corso', streetNumber: '12', zipCode: '00186' },
        },
      };
      // Saved with its initiative, the draft takes the documents the send asks for (docs/architecture.md "Documents").
      const saved = await fetch(`${server.baseUrl}/api/suap/v1/request/${draft.requestId}`, { method: 'PUT', headers, body: JSON.stringify(filled) });
      expect(saved.status).toBe(200);
      const { version } = ((await saved.json()) as { request: { version: number } }).request;
      await uploadRequiredDocuments(draft.requestId, { baseUrl: server.baseUrl, token: headers.authorization.slice('Bearer '.length) });
      const sent = await fetch(`${server.baseUrl}/api/suap/v1/request/${draft.requestId}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ ...filled, version, stateOfRequest: { stateOfRequestId: 3 } }),
      });
      expect(sent.status).toBe(200);
    } finally {
      server.process.kill('SIGKILL');
      await new Promise((resolve) =>
        server.process.exitCode !== null || server.process.signalCode !== null ? resolve(null) : server.process.once('exit', resolve),
      );
    }
    // Restarted without SMTP: the worker writes .eml files, and both messages are there, once each.
    const restarted = await startServer({ STATIC_DIR: '' }, dataDir);
    try {
      const outbox = path.join(dataDir, 'outbox');
      let files: string[] = [];
      // The failed attempt before the kill put each message off by its first backoff (10 s), and the
      // worker looks every 5 s, then renders the office's recap: up to a minute on a busy machine
      // (24 s seen on two shared cores), where 10 s were once enough.
      for (let i = 0; i < 600 && files.length < 2; i++) {
        files = (await fs.readdir(outbox).catch(() => [])).filter((f) => f.endsWith('.eml'));
        if (files.length < 2) await new Promise((r) => setTimeout(r, 100));
      }
      expect(files).toHaveLength(2);
      const contents = await Promise.all(files.map((f) => fs.readFile(path.join(outbox, f), 'utf8')));
      expect(contents.some((c) => /To: mario\.rossi@example\.org/.test(c))).toBe(true);
      expect(contents.some((c) => /application\/pdf/.test(c))).toBe(true);
    } finally {
      await restarted.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
    // Two server starts, a signed upload and the delivery: past two minutes on two shared cores.
  }, 300_000);
});
