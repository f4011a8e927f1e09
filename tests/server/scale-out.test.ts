// Two portal instances behind nginx (Debian's package) on loopback, one PostgreSQL: journeys keep
// working while an instance is killed and restarted, a token revoked through one instance is
// refused by the other, and concurrent draft saves through both never lose an update.
// Runs where nginx and TEST_DATABASE_URL are present; under CI a missing one fails the suite.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServer, type RunningServer } from '../support/server.ts';
import { signInOverHttp } from '../support/sign-in.ts';
import { HOW_TO_GET, NGINX_PATH, missing } from '../requirements.ts';
import { postgresUrlFor, uniqueDatabaseName } from './support/names.ts';
import { createDatabase, dropDatabase } from './support/postgres-admin.ts';

// `npm test` leaves this file out, saying why, where nginx or PostgreSQL is missing (tests/requirements.ts).
const absent = missing(['postgres', 'nginx']);
if (absent.length > 0) throw new Error(`The scale-out suite needs ${absent.map((service) => HOW_TO_GET[service]).join(' and ')}.`);
const nginx = NGINX_PATH!;
const adminUrl = process.env.TEST_DATABASE_URL!;

describe('two instances behind nginx', () => {
  let databaseName: string;
  let work: string;
  let publicUrl: string;
  let instances: RunningServer[] = [];
  let proxy: ChildProcess;
  const env = () => ({
    STATIC_DIR: '',
    DATABASE_URL: postgresUrlFor(adminUrl, databaseName),
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: 'loopback',
    RATE_LIMITS: 'false',
  });

  beforeAll(async () => {
    databaseName = uniqueDatabaseName('suap_scale');
    await createDatabase(adminUrl, databaseName);
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'suap-scale-'));
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    // Both instances share the data folder, where the embedded provider keeps its signing key.
    const first = await startServer(env(), work);
    const second = await startServer(env(), work);
    instances = [first, second];
    const upstreams = instances.map((i) => `server ${new URL(i.baseUrl).host.replace('localhost', '127.0.0.1')} max_fails=1 fail_timeout=2s;`).join('\n    ');
    await fs.writeFile(
      path.join(work, 'nginx.conf'),
      `daemon off;\npid ${work}/nginx.pid;\nerror_log ${work}/error.log;\nevents { worker_connections 256; }\nhttp {\n  access_log off;\n  client_body_temp_path ${work}/body; proxy_temp_path ${work}/proxy; fastcgi_temp_path ${work}/fcgi; uwsgi_temp_path ${work}/uwsgi; scgi_temp_path ${work}/scgi;\n  upstream portal {\n    ${upstreams}\n  }\n  server {\n    listen 127.0.0.1:${port};\n    location / {\n      proxy_pass http://portal;\n      proxy_next_upstream error timeout http_502 http_503 non_idempotent;\n      proxy_set_header Host $http_host;\n      proxy_set_header X-Forwarded-For $remote_addr;\n      proxy_set_header X-Forwarded-Proto $scheme;\n    }\n  }\n}\n`,
    );
    proxy = spawn(nginx, ['-c', path.join(work, 'nginx.conf'), '-p', work], { stdio: 'ignore' });
    for (let i = 0; i < 50; i++) {
      try {
        if ((await fetch(`${publicUrl}/api/health/ready`)).ok) break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }, 240_000);

  afterAll(async () => {
    proxy?.kill('SIGTERM');
    await Promise.all(instances.map((i) => i.stop()));
    await dropDatabase(adminUrl, databaseName);
    await fs.rm(work, { recursive: true, force: true });
  });

  const api = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

  it('completes a citizen journey and a clerk session while one instance is killed and restarted', async () => {
    const citizen = await signInOverHttp(publicUrl, publicUrl, 'FO', 'mario');
    await fetch(`${publicUrl}/api/suap/v1/request/getUserInfo?fiscalCode=RSSMRA80A01H501U`, { headers: api(citizen) });
    const clerk = await signInOverHttp(publicUrl, publicUrl, 'BO', 'luca');
    let draft = (
      (await (
        await fetch(`${publicUrl}/api/suap/v1/request`, {
          method: 'POST',
          headers: api(citizen),
          body: JSON.stringify({ procedureNotification: { type: 1, value: 'mario.rossi@example.org' } }),
        })
      ).json()) as { request: Record<string, unknown> & { requestId: number } }
    ).request;

    // Kill one instance outright in the middle of the journey.
    instances[0]!.process.kill('SIGKILL');
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const saved = await fetch(`${publicUrl}/api/suap/v1/request/${draft.requestId}`, {
        method: 'PUT',
        headers: api(citizen),
        body: JSON.stringify({ ...draft, procedureNotification: { type: 1, value: `mario.rossi+${i}@example.org` } }),
      });
      statuses.push(saved.status);
      if (saved.status === 200) draft = ((await saved.json()) as { request: typeof draft }).request;
      statuses.push((await fetch(`${publicUrl}/api/suap/v1/backoffice/list?filter=Rossi`, { headers: api(clerk) })).status);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    instances[0] = await startServer(env(), work);
    expect((await fetch(`${publicUrl}/api/suap/v1/request/${draft.requestId}`, { headers: api(citizen) })).status).toBe(200);
  }, 120_000);

  it('refuses on one instance a token revoked through the other', async () => {
    const token = await signInOverHttp(publicUrl, publicUrl, 'FO', 'mario');
    const [one, two] = instances.map((i) => i.baseUrl);
    expect((await fetch(`${two}/api/suap/v1/request/getUserInfo?fiscalCode=RSSMRA80A01H501U`, { headers: api(token) })).status).toBe(200);
    const revoked = await fetch(`${one}/api/usersession/v1/user-session/revoke`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accessToken: token }),
    });
    expect(revoked.status).toBe(200);
    expect((await fetch(`${two}/api/suap/v1/request/getUserInfo?fiscalCode=RSSMRA80A01H501U`, { headers: api(token) })).status).toBe(401);
  });

  it('never loses an update when both instances save the same draft at once', async () => {
    const token = await signInOverHttp(publicUrl, publicUrl, 'FO', 'mario');
    const [one, two] = instances.map((i) => i.baseUrl);
    const created = (
      (await (await fetch(`${one}/api/suap/v1/request`, { method: 'POST', headers: api(token), body: '{}' })).json()) as {
        request: Record<string, unknown> & { requestId: number; version: number };
      }
    ).request;
    // Each writer appends its own digit, retrying on a stale version with the latest copy.
    const writer = async (origin: string, digit: string) => {
      for (let done = 0; done < 5;) {
        const latest = (
          (await (await fetch(`${origin}/api/suap/v1/request/${created.requestId}`, { headers: api(token) })).json()) as {
            request: typeof created & { personalData: { telephone?: string } | null };
          }
        ).request;
        const telephone = `${latest.personalData?.telephone ?? ''}${digit}`;
        const saved = await fetch(`${origin}/api/suap/v1/request/${created.requestId}`, {
          method: 'PUT',
          headers: api(token),
          body: JSON.stringify({ ...latest, personalData: { firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA80A01H501U', telephone } }),
        });
        if (saved.status === 200) done++;
        else expect(saved.status).toBe(409);
      }
    };
    await Promise.all([writer(one!, '1'), writer(two!, '2')]);
    const final = (
      (await (await fetch(`${one}/api/suap/v1/request/${created.requestId}`, { headers: api(token) })).json()) as {
        request: { version: number; personalData: { telephone: string } };
      }
    ).request;
    expect(final.version).toBe(created.version + 10);
    expect([...final.personalData.telephone].sort().join('')).toBe('1111122222');
  }, 60_000);
});
