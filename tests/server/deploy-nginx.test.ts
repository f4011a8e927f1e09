// deploy/nginx/portal.conf run by Debian's nginx on loopback, in front of two stand-ins for the
// portal instances that answer with what reached them (docs/deployment.md, "Behind a proxy"): the
// client's own X-Forwarded-For never gets through, both instances get requests, a document of 20 MB
// passes and a larger body is refused, and a request finds the other instance when one is down.
// Runs where nginx is present (tests/requirements.ts); under CI a missing one fails the suite.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/server.ts';
import { HOW_TO_GET, NGINX_PATH, missing } from '../requirements.ts';

const absent = missing(['nginx']);
if (absent.length > 0) throw new Error(`The nginx configuration suite needs ${absent.map((service) => HOW_TO_GET[service]).join(' and ')}.`);
const nginx = NGINX_PATH!;

interface Seen {
  instance: string;
  forwardedFor: string | undefined;
  forwardedProto: string | undefined;
  host: string | undefined;
  bodyBytes: number;
}

/** A stand-in instance: answers every request with the headers and body size that reached it. */
function instance(name: string): http.Server {
  return http.createServer((request, response) => {
    let bodyBytes = 0;
    request.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
    request.on('end', () => {
      const seen: Seen = {
        instance: name,
        forwardedFor: request.headers['x-forwarded-for'] as string | undefined,
        forwardedProto: request.headers['x-forwarded-proto'] as string | undefined,
        host: request.headers.host,
        bodyBytes,
      };
      response.setHeader('content-type', 'application/json').end(JSON.stringify(seen));
    });
  });
}

const listen = (server: http.Server, port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
const close = (server: http.Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** Resolves once something accepts connections on the port (nginx after its start), or fails with nginx's error log. */
async function accepting(port: number, errorLog: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end(() => resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not start: ${await fs.readFile(errorLog, 'utf8').catch(() => '')}`);
}

describe('deploy/nginx/portal.conf in front of two instances', () => {
  let work: string;
  let proxy: ChildProcess;
  let origin: string;
  let proxyPort: number;
  const instances = [instance('portal-1'), instance('portal-2')];

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'suap-nginx-'));
    // nginx started as root buffers large bodies in its workers' user's name: they must reach the folder.
    await fs.chmod(work, 0o711);
    const [first, second, front] = [await freePort(), await freePort(), await freePort()];
    await listen(instances[0]!, first);
    await listen(instances[1]!, second);
    proxyPort = front;
    origin = `http://127.0.0.1:${front}`;
    // The compose file's names and port become loopback addresses; every directive stays as it is.
    const conf = (await fs.readFile('deploy/nginx/portal.conf', 'utf8'))
      .replace('server portal-1:3000', `server 127.0.0.1:${first}`)
      .replace('server portal-2:3000', `server 127.0.0.1:${second}`)
      .replace(/listen 8080;/, `listen 127.0.0.1:${front};`);
    await fs.writeFile(path.join(work, 'portal.conf'), conf);
    await fs.writeFile(
      path.join(work, 'nginx.conf'),
      `daemon off;\npid ${work}/nginx.pid;\nerror_log ${work}/error.log;\nevents { worker_connections 64; }\nhttp {\n  access_log off;\n  client_body_temp_path ${work}/body; proxy_temp_path ${work}/proxy; fastcgi_temp_path ${work}/fcgi; uwsgi_temp_path ${work}/uwsgi; scgi_temp_path ${work}/scgi;\n  include ${work}/portal.conf;\n}\n`,
    );
    proxy = spawn(nginx, ['-c', path.join(work, 'nginx.conf'), '-p', work], { stdio: 'ignore' });
    await accepting(front, path.join(work, 'error.log'));
  }, 60_000);

  afterAll(async () => {
    proxy?.kill('SIGTERM');
    await Promise.all(instances.filter((server) => server.listening).map(close));
    await fs.rm(work, { recursive: true, force: true });
  });

  const seen = async (init?: RequestInit) => {
    const response = await fetch(`${origin}/api/health/ready`, init);
    return { status: response.status, body: response.status === 200 ? ((await response.json()) as Seen) : null };
  };

  it("replaces the client's X-Forwarded-For with its address and passes the scheme and host", async () => {
    const { body } = await seen({ headers: { 'x-forwarded-for': '203.0.113.9, 198.51.100.7' } });
    expect(body).toMatchObject({ forwardedFor: '127.0.0.1', forwardedProto: 'http', host: `127.0.0.1:${proxyPort}` });
  });

  it('sends requests to both instances', async () => {
    const answered = new Set<string>();
    for (let i = 0; i < 4; i++) answered.add((await seen()).body!.instance);
    expect([...answered].sort()).toEqual(['portal-1', 'portal-2']);
  });

  it('lets a 20 MB document through and refuses a body over its limit', async () => {
    const document = new Uint8Array(20 * 1024 * 1024 + 64 * 1024);
    expect(await seen({ method: 'POST', body: document })).toMatchObject({ status: 200, body: { bodyBytes: document.length } });
    expect((await seen({ method: 'POST', body: new Uint8Array(26 * 1024 * 1024) })).status).toBe(413);
  });

  it('answers from the other instance while one is down', async () => {
    await close(instances[0]!);
    for (let i = 0; i < 4; i++) expect(await seen()).toMatchObject({ status: 200, body: { instance: 'portal-2' } });
  });
});
