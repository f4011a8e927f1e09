// The embedded database has one writer, and its folder is private: a second portal on the same
// DATA_DIR refuses to start (naming the folder and the running process) while the first keeps every
// draft; a lock left by a killed portal is taken over; the project's commands refuse beside a running
// portal; everything created in DATA_DIR is 0600/0700 whatever the umask; a folder others can write
// is refused. docs/deployment.md, "One process per data folder" and "Files at rest".
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { openDatabaseForCommand } from '#server/db/command-database.ts';
import { DataDirInUseError } from '#server/db/data-dir-lock.ts';
import { emlFolderTransport } from '#server/services/notifications/transports.ts';
import { freePort, startServer, type RunningServer } from '../support/server.ts';
import { signInOverHttp } from '../support/sign-in.ts';

const env = { STATIC_DIR: '', RATE_LIMITS: 'false' };

/** Runs `node src/server/main.ts` to its exit and returns its exit code and output. */
function runPortal(dataDir: string, extra: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  return freePort().then(
    (port) =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, ['src/server/main.ts'], {
          env: { ...process.env, NODE_ENV: 'development', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env, ...extra },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('exit', (code) => resolve({ code, output }));
      }),
  );
}

/** Every file and folder below `folder` whose mode gives group or others any right. */
function notPrivate(folder: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
    const target = path.join(entry.parentPath, entry.name);
    if (!entry.isSymbolicLink() && fs.statSync(target).mode & 0o077) found.push(path.relative(folder, target));
  }
  return found;
}

describe('one portal per embedded database', () => {
  let work: string;
  let first: RunningServer;

  beforeAll(async () => {
    work = await fsp.mkdtemp(path.join(os.tmpdir(), 'suap-lock-'));
    // A careless umask: without the portal's own, PGlite's files would be world-writable.
    const umask = process.umask(0);
    try {
      first = await startServer(env, work);
    } finally {
      process.umask(umask);
    }
  }, 240_000);

  afterAll(async () => {
    await first?.stop();
    await fsp.rm(work, { recursive: true, force: true });
  });

  it('refuses a second portal with one sentence, and the first keeps every draft', async () => {
    const token = await signInOverHttp(first.baseUrl, first.baseUrl, 'FO', 'mario');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await fetch(`${first.baseUrl}/api/suap/v1/request`, { method: 'POST', headers, body: '{}' });
    expect(created.status).toBe(200);
    const { request } = (await created.json()) as { request: { requestId: number } };

    const second = await runPortal(work);
    expect(second.code).toBe(1);
    const sentence = second.output.trim();
    expect(sentence.split('\n')).toHaveLength(1);
    expect(sentence).toContain(`DATA_DIR (${work})`);
    expect(sentence).toContain(`process ${first.process.pid}`);

    const again = await fetch(`${first.baseUrl}/api/suap/v1/request`, { method: 'POST', headers, body: '{}' });
    const next = ((await again.json()) as { request: { requestId: number } }).request;
    expect(next.requestId).toBeGreaterThan(request.requestId);
    expect((await fetch(`${first.baseUrl}/api/suap/v1/request/${request.requestId}`, { headers })).status).toBe(200);
  }, 120_000);

  it('refuses npm start before it rebuilds the SPA the running portal serves, and lets it through on a free folder', async () => {
    const check = (dataDir: string) =>
      spawnSync(process.execPath, ['scripts/check-data-dir.ts'], { encoding: 'utf8', env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development' } });
    const refused = check(work);
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim()).toMatch(
      new RegExp(
        `^Cannot start the portal: the embedded database in DATA_DIR \\(${work.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\) is in use by process ${first.process.pid} `,
      ),
    );
    const free = await fsp.mkdtemp(path.join(os.tmpdir(), 'suap-free-'));
    try {
      expect(check(free).status).toBe(0);
    } finally {
      await fsp.rm(free, { recursive: true, force: true });
    }
  });

  it('refuses a project command on the folder while the portal runs', async () => {
    const config = loadConfig({ DATA_DIR: work, NODE_ENV: 'test' });
    await expect(openDatabaseForCommand(config, 'npm run import:offices')).rejects.toThrow(DataDirInUseError);
    await expect(openDatabaseForCommand(config, 'npm run import:offices')).rejects.toThrow(`is in use by process ${first.process.pid}`);
  });

  it('creates every file and folder of DATA_DIR private, whatever the umask', () => {
    expect(fs.statSync(work).mode & 0o777).toBe(0o700);
    expect(fs.readdirSync(path.join(work, 'pglite')).length).toBeGreaterThan(10);
    expect(notPrivate(work)).toEqual([]);
  });

  it('takes over the lock of a portal that was killed', async () => {
    await first.stop('SIGKILL');
    expect(fs.existsSync(path.join(work, 'portal.lock'))).toBe(true);
    first = await startServer(env, work);
    expect((await fetch(`${first.baseUrl}/api/health/ready`)).status).toBe(200);
  }, 240_000);
});

describe('files at rest', () => {
  it('refuses a DATA_DIR that every user can write, with one sentence', async () => {
    const open = await fsp.mkdtemp(path.join(os.tmpdir(), 'suap-open-'));
    await fsp.chmod(open, 0o777);
    try {
      const { code, output } = await runPortal(open);
      expect(code).toBe(1);
      expect(output.trim()).toBe(
        `Cannot start the portal: DATA_DIR (${open}) can be written by every user of this machine (mode 777); make it private with "chmod 700 ${open}".`,
      );
      expect(fs.readdirSync(open)).toEqual([]);
    } finally {
      await fsp.rm(open, { recursive: true, force: true });
    }
  });

  it('writes outbox messages readable by the portal user only', async () => {
    const folder = path.join(await fsp.mkdtemp(path.join(os.tmpdir(), 'suap-outbox-')), 'outbox');
    const umask = process.umask(0);
    try {
      await emlFolderTransport(folder, 'SUAP <noreply@example.org>')({ messageId: 'm1', to: 'a@example.org', subject: 's', text: 't', attachment: null });
    } finally {
      process.umask(umask);
    }
    expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(folder, 'm1.eml')).mode & 0o777).toBe(0o600);
    await fsp.rm(path.dirname(folder), { recursive: true, force: true });
  });
});
