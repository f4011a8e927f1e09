// What each test suite needs beyond Node and npm, in one place: `npm test` leaves out, and says so,
// a suite whose services this machine lacks; under CI (CI=true) a missing one fails the run instead.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { CHROMIUM_PATH } from './e2e/support/chromium.ts';

export type Service = 'chromium' | 'postgres' | 'nginx';

export const NGINX_PATH = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => spawnSync('test', ['-x', p]).status === 0) ?? null;

/** How to get each service, for the sentence that says a suite was left out. */
export const HOW_TO_GET: Record<Service, string> = {
  chromium: `Debian's Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`,
  postgres: 'TEST_DATABASE_URL naming a PostgreSQL server whose user may create databases',
  nginx: 'nginx (apt-get install nginx-light)',
};

/** Suites (files or folders, as vitest filters take them) that cannot run without these services. */
export const SUITES_WITH_SERVICES: { path: string; needs: Service[] }[] = [
  { path: 'tests/server/scale-out.test.ts', needs: ['postgres', 'nginx'] },
  { path: 'tests/server/deploy-nginx.test.ts', needs: ['nginx'] },
];

export function availableServices(env: NodeJS.ProcessEnv = process.env): Record<Service, boolean> {
  return { chromium: fs.existsSync(CHROMIUM_PATH), postgres: Boolean(env.TEST_DATABASE_URL), nginx: NGINX_PATH !== null };
}

/** The services of `needs` that this machine lacks. */
export function missing(needs: Service[], env: NodeJS.ProcessEnv = process.env): Service[] {
  const available = availableServices(env);
  return needs.filter((service) => !available[service]);
}

export interface TestPlan {
  /** Sentences that stop the run before it starts (CI without a service every suite needs). */
  fatal: string[];
  /** Sentences that say what this run leaves out and why. */
  notes: string[];
  projects: string[];
  excluded: string[];
}

/** What `npm test` runs on a machine with `available` services; under CI nothing may be left out. */
export function testPlan(available: Record<Service, boolean>, ci: boolean): TestPlan {
  const lacking = (Object.keys(available) as Service[]).filter((service) => !available[service]);
  if (ci && lacking.length > 0) return { fatal: lacking.map((service) => `CI needs ${HOW_TO_GET[service]}.`), notes: [], projects: [], excluded: [] };
  const notes: string[] = [];
  const projects = ['node', 'web'];
  if (available.chromium) projects.push('e2e');
  else notes.push(`browser suite not run: it needs ${HOW_TO_GET.chromium}`);
  if (!available.postgres) notes.push(`server suites on PGlite only: PostgreSQL runs need ${HOW_TO_GET.postgres}`);
  const excluded: string[] = [];
  for (const suite of SUITES_WITH_SERVICES) {
    const absent = suite.needs.filter((service) => !available[service]);
    if (absent.length === 0) continue;
    excluded.push(suite.path);
    notes.push(`${suite.path} not run: it needs ${absent.map((service) => HOW_TO_GET[service]).join(' and ')}`);
  }
  return { fatal: [], notes, projects, excluded };
}
