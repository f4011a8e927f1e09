// `npm run recover:admin` lets the configured administrator back into a locked-out back office
// (docs/deployment.md "Locked out of the back office"): run as the operator runs it on an embedded
// database (created, re-activated, left alone; refused beside a running portal or with nobody
// configured, one sentence, nothing changed), and on every test database the lock-out the issue
// saw: the only administrator's code mistyped, then recovered, and she manages staff again.
import { spawn } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoverAdmin } from '#scripts/recover-admin.ts';
import { ApiPaths } from '#shared/api/paths.ts';
import { Role } from '#shared/constants.ts';
import { loadConfig } from '#server/config.ts';
import { lockDataDir } from '#server/db/data-dir-lock.ts';
import { openDatabase } from '#server/db/database.ts';
import { seedDatabase } from '#server/db/seed/index.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';
const ANNA = 'VRDNNA75D52F839Y';
const ANNA_TYPO = 'VRDNNA75D52F838W';
const BOOTSTRAP = {
  BOOTSTRAP_ADMIN_FISCAL_CODE: ANNA,
  BOOTSTRAP_ADMIN_FIRST_NAME: 'Anna',
  BOOTSTRAP_ADMIN_LAST_NAME: 'Verdi',
  BOOTSTRAP_ADMIN_EMAIL: 'anna.verdi@example.org',
};

/** Runs `node scripts/recover-admin.ts` to its exit, as `npm run recover:admin` does. */
function runRecovery(dataDir: string, extra: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/recover-admin.ts'], {
      env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() }));
  });
}

describe('npm run recover:admin on an embedded database', () => {
  let work: string;
  beforeAll(async () => {
    work = await fsp.mkdtemp(path.join(os.tmpdir(), 'suap-recover-'));
  });
  afterAll(async () => {
    await fsp.rm(work, { recursive: true, force: true });
  });

  /** The staff accounts stored in the folder's database (read once the command has ended). */
  async function staff() {
    const database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(work, 'pglite') });
    try {
      return await database.db
        .selectFrom('users')
        .select(['user_id', 'fiscal_code', 'profile_id', 'active', 'email'])
        .where('realm', '=', 'BO')
        .orderBy('user_id')
        .execute();
    } finally {
      await database.close();
    }
  }
  async function lockOut() {
    const database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(work, 'pglite') });
    try {
      await database.db.updateTable('users').set({ profile_id: Role.BO_COLLAB, active: 0 }).where('fiscal_code', '=', ANNA).execute();
    } finally {
      await database.close();
    }
  }

  it('creates the configured administrator, then makes her one again after she was locked out, then changes nothing', async () => {
    // A database no portal has set up yet: its first start creates the administrator, nothing to recover.
    const early = await runRecovery(work, BOOTSTRAP);
    expect(early.code).toBe(1);
    expect(early.stderr).toBe(
      'Cannot run npm run recover:admin: the database has not been set up yet: start the portal (npm start), which creates the BOOTSTRAP_ADMIN_* administrator itself.',
    );
    // Set up as a production portal's first start does, with no demo people.
    const database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(work, 'pglite') });
    try {
      await seedDatabase(database.db, { ipaCode: 'suap_demo', demo: false });
    } finally {
      await database.close();
    }
    expect(await staff()).toEqual([]);

    const created = await runRecovery(work, BOOTSTRAP);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/^The staff account of BOOTSTRAP_ADMIN_FISCAL_CODE \(user \d+\) was created as an active administrator\.$/);
    expect(await staff()).toEqual([{ user_id: expect.any(Number), fiscal_code: ANNA, profile_id: Role.BO_ADMIN, active: 1, email: 'anna.verdi@example.org' }]);

    await lockOut();
    const reactivated = await runRecovery(work, BOOTSTRAP);
    expect(reactivated.code, reactivated.stderr).toBe(0);
    expect(reactivated.stdout).toMatch(/was made an active administrator again\.$/);
    expect(await staff()).toMatchObject([{ fiscal_code: ANNA, profile_id: Role.BO_ADMIN, active: 1 }]);

    const again = await runRecovery(work, BOOTSTRAP);
    expect(again.stdout).toMatch(/already an active administrator: nothing changed\.$/);
    expect(await staff()).toHaveLength(1);
    // Nothing personal in what the command prints.
    for (const output of [early, created, reactivated, again]) expect(`${output.stdout}${output.stderr}`).not.toMatch(/VRDNNA|Verdi|anna\.verdi/);
  }, 240_000);

  it('refuses with one sentence while a portal runs on the folder, changing nothing', async () => {
    await lockOut();
    const portal = await lockDataDir(work, 'npm start', () => {});
    try {
      const refused = await runRecovery(work, BOOTSTRAP);
      expect(refused.code).toBe(1);
      expect(refused.stderr.split('\n')).toHaveLength(1);
      expect(refused.stderr).toMatch(/^Cannot run npm run recover:admin: .*DATA_DIR \(.*\).*process \d+/);
      expect(refused.stderr).toContain(String(process.pid));
    } finally {
      await portal.release();
    }
    expect(await staff()).toMatchObject([{ fiscal_code: ANNA, profile_id: Role.BO_COLLAB, active: 0 }]);
  }, 120_000);

  it('refuses with one sentence when no administrator is configured', async () => {
    const refused = await runRecovery(work, {});
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      'Cannot run npm run recover:admin: set BOOTSTRAP_ADMIN_FISCAL_CODE, BOOTSTRAP_ADMIN_FIRST_NAME and BOOTSTRAP_ADMIN_LAST_NAME to the administrator to let back in.',
    );
    expect(await staff()).toMatchObject([{ fiscal_code: ANNA, profile_id: Role.BO_COLLAB, active: 0 }]);
  }, 120_000);
});

describe.each(testDatabases())('recovering a locked-out office on $kind', ({ open }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(await open(), { PUBLIC_URL: BASE });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  it('lets the only administrator back in after her own code was stored with a typo', async () => {
    const db = t.database.db;
    // The lock-out as it happened before the staff rules refused it: her account now has a code nobody signs in with.
    await db.updateTable('users').set({ fiscal_code: ANNA_TYPO }).where('realm', '=', 'BO').where('fiscal_code', '=', ANNA).execute();
    const anna = (await signIn(t.app, BASE, 'BO', 'anna')).access_token;
    const staffList = () => t.app.inject({ method: 'GET', url: `/api${ApiPaths.boUserList}`, headers: { authorization: `Bearer ${anna}` } });
    expect((await staffList()).statusCode).not.toBe(200);

    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.config.dataDir, ...BOOTSTRAP });
    expect(await recoverAdmin(t.database, config)).toMatch(/was created as an active administrator\.$/);
    expect((await staffList()).statusCode).toBe(200);
    const rows = await db
      .selectFrom('users')
      .select(['fiscal_code', 'email', 'profile_id', 'active'])
      .where('realm', '=', 'BO')
      .where('fiscal_code', 'in', [ANNA, ANNA_TYPO])
      .orderBy('user_id')
      .execute();
    // The mistyped account keeps its e-mail address; the new one leaves it out (one address per staff member).
    expect(rows).toEqual([
      { fiscal_code: ANNA_TYPO, email: expect.any(String), profile_id: Role.BO_ADMIN, active: 1 },
      { fiscal_code: ANNA, email: null, profile_id: Role.BO_ADMIN, active: 1 },
    ]);
    const trail = await db
      .selectFrom('audit_log')
      .select(['action', 'outcome', 'actor_user_id'])
      .where(
        'target_user_id',
        '=',
        (await db.selectFrom('users').select('user_id').where('realm', '=', 'BO').where('fiscal_code', '=', ANNA).executeTakeFirstOrThrow()).user_id,
      )
      .execute();
    expect(trail).toEqual([{ action: 'staff-create', outcome: 'success', actor_user_id: null }]);
  });
});
