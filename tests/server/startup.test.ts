// Starts the real entry point (src/server/main.ts) the way `npm start` does.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer } from '../support/server.ts';

function runMain(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['src/server/main.ts'], { env: { ...process.env, STATIC_DIR: '', ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
});

describe('start-up', () => {
  it.each([
    [{ PORT: 'abc' }, /^Cannot start the portal: PORT must be a whole number/],
    [{ NODE_ENV: 'staging' }, /^Cannot start the portal: NODE_ENV must be one of/],
    [{ DATABASE_URL: 'http://db' }, /^Cannot start the portal: DATABASE_URL must use postgres:/],
    [{ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }, /^Cannot start the portal: the database named by DATABASE_URL does not answer/],
  ])('stops on %o with one clear sentence and no stack trace', async (env, expected) => {
    const { code, stderr } = await runMain(env);
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(expected);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it('names the port when it is already in use', async () => {
    const port = await freePort();
    const blocker = net.createServer().listen(port, '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'suap-port-'));
    dirs.push(dataDir);
    const { code, stderr } = await runMain({ PORT: String(port), DATA_DIR: dataDir });
    blocker.close();
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(`Cannot start the portal: PORT ${port} is already in use; stop the other program or set PORT to a free port.`);
  });

  it('seeds the embedded database on first start, reuses it on the second, and stops cleanly', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'suap-start-'));
    dirs.push(dataDir);
    const first = await startServer({ STATIC_DIR: '', LOG_LEVEL: 'info' }, dataDir);
    const regions = (await (await fetch(`${first.baseUrl}/api/suap/v1/anagrafica/region/list`)).json()) as { regionList: unknown[] };
    expect(regions.regionList).toHaveLength(20);
    expect(first.output()).toMatch(/pglite, seeded/);
    expect(await first.stop()).toBe(0);

    const second = await startServer({ STATIC_DIR: '', LOG_LEVEL: 'info' }, dataDir);
    expect(second.output()).toMatch(/Portal ready at .* \(pglite, development\)/);
    expect(second.output()).not.toMatch(/seeded/);
    expect(await second.stop()).toBe(0);
    expect((await fs.readdir(dataDir)).sort()).toEqual(['idp-secrets.json', 'pglite']);
  });
});
