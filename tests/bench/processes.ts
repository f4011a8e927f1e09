// Starts the servers a benchmark compares, each in its own process so the load generator does not
// share an event loop with them.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { freePort } from '../support/server.ts';

export interface Started {
  origin: string;
  /** The server's process id, for reading its memory from /proc. */
  pid: number | undefined;
  /** CPU seconds the process has used so far (user + system), from /proc: what a call costs the
   *  server whatever else the machine is doing. */
  cpuSeconds(): number;
  /** When the process was spawned (performance.now() of the bench): its CPU profile starts then. */
  spawnedAt: number;
  /** How long after spawning it answered its readiness probe (ms). */
  readyAt: number;
  /** Where its CPU profile is written when it stops, if it was started with one. */
  profileDir?: string;
  stop(): Promise<void>;
}

const TICKS_PER_SECOND = 100;

export function cpuSecondsOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

async function waitFor(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited (${child.exitCode}): ${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer: ${output()}`);
}

export async function startProcess(script: string, env: Record<string, string>, readyPath: string, profileDir = process.env.BENCH_CPU_PROF): Promise<Started> {
  const port = await freePort();
  // BENCH_CPU_PROF=<folder> (or `profileDir`): the server writes a V8 CPU profile there when it
  // stops (read with tests/bench/profile-summary.ts).
  const profile = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...profile, script], { env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (c) => (output += c));
  child.stderr?.on('data', (c) => (output += c));
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}${readyPath}`, child, () => output);
  return {
    origin,
    pid: child.pid,
    spawnedAt,
    readyAt: performance.now() - spawnedAt,
    ...(profileDir ? { profileDir } : {}),
    cpuSeconds: () => cpuSecondsOf(child.pid),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export const startBare = (env: Record<string, string> = {}) => startProcess('tests/bench/bare-server.ts', env, '/hello');

/** The authenticated hand-written reference (tests/bench/reference), verifying the tokens `portal` issues. */
export const startReference = (databaseUrl: string, portal: Started) =>
  startProcess(
    'tests/bench/reference/server.ts',
    { REF_DATABASE_URL: databaseUrl, REF_PORTAL_ORIGIN: portal.origin, REF_PUBLIC_URL: publicUrlOf(portal) },
    '/ready',
  );

/** The reference's work served by a bare Fastify app (reference/fastify-server.ts): the framework's own cost. */
export const startFrameworkReference = (databaseUrl: string, portal: Started) =>
  startProcess(
    'tests/bench/reference/fastify-server.ts',
    { REF_DATABASE_URL: databaseUrl, REF_PORTAL_ORIGIN: portal.origin, REF_PUBLIC_URL: publicUrlOf(portal) },
    '/ready',
  );

/** The storage floor of a document upload (reference/documents-server.ts): `pg` over `node:http`, no framework. */
export const startDocumentsReference = (databaseUrl: string) =>
  startProcess('tests/bench/reference/documents-server.ts', { REF_DATABASE_URL: databaseUrl }, '/ready');

/** The address the portal believes it has (PUBLIC_URL's default): tokens name it as issuer and audience. */
export const publicUrlOf = (portal: Started) => portal.origin.replace('127.0.0.1', 'localhost');

/** The portal as deployed (production mode), with the demo identity provider switched on on purpose
 * so benchmarks can sign people in. */
export const startPortal = (databaseUrl: string, env: Record<string, string> = {}, profileDir?: string) =>
  startProcess(
    'src/server/main.ts',
    // Abuse limits off: fifty virtual users share one demo identity and would be throttled as one person
    // (and keep more open drafts than one person may: MAX_OPEN_DRAFTS raised).
    {
      NODE_ENV: 'production',
      EMBEDDED_IDP: 'true',
      RATE_LIMITS: 'false',
      MAX_OPEN_DRAFTS: '1000',
      DATA_DIR: `${os.tmpdir()}/suap-bench-data`,
      DATABASE_URL: databaseUrl,
      STATIC_DIR: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    '/api/health/ready',
    profileDir,
  );
