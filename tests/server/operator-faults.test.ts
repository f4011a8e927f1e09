// What an operator reads when something outside the portal fails: a client that hangs up is not a
// database outage, and a database that refuses connections in any of its ways answers 503 (never
// the 500 of a bug), with one WARN line. Each failure is produced for real: a socket cut by the
// client, node-postgres against servers that refuse, slam the door or are out of connections, a
// closed PGlite and (with TEST_DATABASE_URL) a PostgreSQL backend terminated mid-query.
import net from 'node:net';
import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/database.ts';
import { isDatabaseUnavailable, registerErrorHandling } from '#server/plugins/errors.ts';

interface LoggedApp {
  app: FastifyInstance;
  logs: { level: number; msg: string }[];
}

async function appWith(route: () => Promise<unknown>): Promise<LoggedApp> {
  const logs: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line) as { level: number; msg: string });
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  registerErrorHandling(app);
  app.get('/api/probe', route);
  app.post('/api/upload', async (request) => ({ size: JSON.stringify(request.body).length }));
  await app.ready();
  return { app, logs };
}

/** Resolves once a log line satisfies `test` (state, not time: the line is what we wait for). */
async function logLine(logs: LoggedApp['logs'], test: (line: LoggedApp['logs'][number]) => boolean) {
  for (;;) {
    const line = logs.find(test);
    if (line) return line;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A TCP server answering each connection with `onConnection`; closed after each test. */
const servers: net.Server[] = [];
const sockets = new Set<net.Socket>();
async function fakeServer(onConnection: (socket: net.Socket) => void): Promise<number> {
  const server = net.createServer((socket) => {
    sockets.add(socket.on('close', () => sockets.delete(socket)));
    onConnection(socket);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}
const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const socket of sockets) socket.destroy();
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

/** A PostgreSQL ErrorResponse message, as a server sends it during the start-up exchange. */
function fatal(code: string, message: string): Buffer {
  const fields = Buffer.concat([Buffer.from(`SFATAL\0C${code}\0M${message}\0`), Buffer.from([0])]);
  const head = Buffer.alloc(5);
  head.write('E');
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

async function closedPort(): Promise<number> {
  const port = await fakeServer(() => {});
  await new Promise((resolve) => servers.pop()!.close(resolve));
  return port;
}

const refusals: { kind: string; database: () => Promise<() => Promise<unknown>> }[] = [
  {
    kind: 'nothing listens on the port (ECONNREFUSED)',
    database: async () => {
      const pool = new pg.Pool({ connectionString: `postgres://suap@127.0.0.1:${await closedPort()}/suap` });
      return () => pool.query('SELECT 1');
    },
  },
  {
    kind: 'the server closes every connection at once',
    database: async () => {
      const pool = new pg.Pool({ connectionString: `postgres://suap@127.0.0.1:${await fakeServer((socket) => socket.destroy())}/suap` });
      return () => pool.query('SELECT 1');
    },
  },
  {
    kind: 'the server is out of connections (53300)',
    database: async () => {
      const port = await fakeServer((socket) => socket.once('data', () => socket.end(fatal('53300', 'sorry, too many clients already'))));
      const pool = new pg.Pool({ connectionString: `postgres://suap@127.0.0.1:${port}/suap` });
      return () => pool.query('SELECT 1');
    },
  },
  {
    kind: 'the server is starting up (57P03)',
    database: async () => {
      const port = await fakeServer((socket) => socket.once('data', () => socket.end(fatal('57P03', 'the database system is starting up'))));
      const pool = new pg.Pool({ connectionString: `postgres://suap@127.0.0.1:${port}/suap` });
      return () => pool.query('SELECT 1');
    },
  },
  {
    kind: 'the pool gives up waiting for a connection',
    database: async () => {
      // A server that accepts and never answers: the pool's own connection timeout fires.
      const port = await fakeServer(() => {});
      const pool = new pg.Pool({ connectionString: `postgres://suap@127.0.0.1:${port}/suap`, connectionTimeoutMillis: 50 });
      return () => pool.query('SELECT 1');
    },
  },
  {
    kind: 'the embedded PGlite is closed',
    database: async () => {
      const pglite = await PGlite.create();
      await pglite.close();
      return () => pglite.query('SELECT 1');
    },
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          kind: 'a PostgreSQL backend is terminated mid-query (57P01)',
          database: async () => {
            const url = process.env.TEST_DATABASE_URL!;
            const pool = new pg.Pool({ connectionString: url, max: 1 });
            pool.on('error', () => {});
            return async () => {
              const client = await pool.connect();
              client.on('error', () => {}); // the termination also arrives as the client's error event
              try {
                const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
                const admin = new pg.Client({ connectionString: url });
                await admin.connect();
                const slow = client.query('SELECT pg_sleep(30)');
                slow.catch(() => {}); // rejected while the admin connection still works; awaited below
                // The sleep is running once the backend reports it: wait for that state, then end it.
                for (;;) {
                  const active = await admin.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND query LIKE 'SELECT pg_sleep%' AND state = 'active'", [
                    rows[0]!.pid,
                  ]);
                  if (active.rowCount) break;
                }
                await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
                await admin.end();
                return await slow;
              } finally {
                client.release(true);
                await pool.end();
              }
            };
          },
        },
      ]
    : []),
];

describe('a database that cannot be reached', () => {
  it.each(refusals)(
    'answers 503 with the envelope, never 500, when $kind',
    async ({ database }) => {
      const query = await database();
      const { app, logs } = await appWith(query);
      apps.push(app);
      const response = await app.inject({ url: '/api/probe' });
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json()).toMatchObject({ code: 503, description: 'The service is temporarily unavailable, please try again shortly.' });
      expect(logs.filter((line) => line.msg === 'database unavailable').map((line) => line.level)).toEqual([40]);
      expect(logs.some((line) => line.msg === 'request failed')).toBe(false);
    },
    40_000,
  );

  it('still answers 500 for an error that is not the database’s', async () => {
    const { app, logs } = await appWith(async () => {
      throw new Error('Connection to the moon lost');
    });
    apps.push(app);
    expect((await app.inject({ url: '/api/probe' })).statusCode).toBe(500);
    expect(logs.some((line) => line.msg === 'database unavailable')).toBe(false);
  });
});

describe('a client that hangs up', () => {
  it('is logged as a closed connection, not as the database being unavailable', async () => {
    const { app, logs } = await appWith(async () => null);
    apps.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    // Half a body, then the client is gone.
    socket.write('POST /api/upload HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"data":"');
    await logLine(logs, (line) => line.msg === 'incoming request');
    socket.destroy();
    const line = await logLine(logs, (entry) => entry.msg === 'client closed the connection before the answer' || entry.msg === 'database unavailable');
    expect(line.msg).toBe('client closed the connection before the answer');
    expect(line.level).toBe(30);
  });
});

describe('a PostgreSQL server that accepts and never answers', () => {
  it('fails the portal’s calls after the connect time-out instead of holding them, as an unavailable database', async () => {
    const port = await fakeServer(() => {});
    const handle = await openDatabase({ databaseUrl: `postgres://suap@127.0.0.1:${port}/suap`, pgliteDir: null, connectTimeoutMs: 100 });
    try {
      const error = await handle.ping().then(
        () => null,
        (e: Error) => e,
      );
      expect(error).not.toBeNull();
      expect(isDatabaseUnavailable(error!)).toBe(true);
    } finally {
      await handle.close();
    }
  });
});
