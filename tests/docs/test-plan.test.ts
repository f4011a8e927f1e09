// `npm test` on a newcomer's machine leaves out, with a sentence, the suites whose services are
// missing (so a fresh clone without PostgreSQL or nginx passes), and under CI refuses to start
// without them (so CI never passes by running less). tests/requirements.ts is the one list.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SUITES_WITH_SERVICES, testPlan } from '../requirements.ts';

const everything = { chromium: true, postgres: true, nginx: true };

describe('the plan of npm test', () => {
  it('leaves out the suites that need nginx, saying why, on a machine without PostgreSQL and nginx', () => {
    const plan = testPlan({ chromium: true, postgres: false, nginx: false }, false);
    expect(plan.fatal).toEqual([]);
    expect(plan.projects).toEqual(['node', 'web', 'e2e']);
    expect(plan.excluded).toEqual(['tests/server/scale-out.test.ts', 'tests/server/deploy-nginx.test.ts']);
    expect(plan.notes).toContain('tests/server/deploy-nginx.test.ts not run: it needs nginx (apt-get install nginx-light)');
    expect(plan.notes).toContain('tests/server/scale-out.test.ts not run: it needs TEST_DATABASE_URL naming a PostgreSQL server whose user may create databases and nginx (apt-get install nginx-light)');
  });

  it('leaves out the browser suite without Chromium, and nothing else that can run', () => {
    const plan = testPlan({ chromium: false, postgres: true, nginx: true }, false);
    expect(plan.projects).toEqual(['node', 'web']);
    expect(plan.excluded).toEqual([]);
    expect(plan.notes.join('\n')).toMatch(/browser suite not run: it needs Debian's Chromium/);
  });

  it('runs everything, leaving nothing out, where every service is present', () => {
    expect(testPlan(everything, true)).toEqual({ fatal: [], notes: [], projects: ['node', 'web', 'e2e'], excluded: [] });
  });

  it('refuses to start under CI when any service is missing', () => {
    expect(testPlan({ ...everything, postgres: false }, true).fatal).toEqual(['CI needs TEST_DATABASE_URL naming a PostgreSQL server whose user may create databases.']);
    expect(testPlan({ ...everything, nginx: false }, true).fatal).toEqual(['CI needs nginx (apt-get install nginx-light).']);
  });

  it('names only suite files that exist, and vitest leaves an excluded one out', () => {
    const args = ['vitest', 'list', '--project', 'node', '--filesOnly', ...SUITES_WITH_SERVICES.flatMap((s) => ['--exclude', s.path]), ...SUITES_WITH_SERVICES.map((s) => s.path)];
    const listed = spawnSync('npx', args, { encoding: 'utf8', env: { ...process.env, CI: '' } });
    for (const suite of SUITES_WITH_SERVICES) expect(listed.stdout + listed.stderr).not.toContain(suite.path);
    const all = spawnSync('npx', ['vitest', 'list', '--project', 'node', '--filesOnly', 'tests/server/'], { encoding: 'utf8' });
    for (const suite of SUITES_WITH_SERVICES) expect(all.stdout).toContain(suite.path);
  }, 120_000);

  it('fails npm test at once under CI without PostgreSQL, before any suite runs', () => {
    const result = spawnSync(process.execPath, ['scripts/test.ts'], { encoding: 'utf8', env: { ...process.env, CI: 'true', TEST_DATABASE_URL: '' } });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('CI needs TEST_DATABASE_URL');
    expect(result.stdout).not.toContain('› type check');
  });
});
