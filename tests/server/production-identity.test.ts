// Production with an external identity provider (issue #12): the database gets master data and the
// configured first administrator only — no demo people, requests or companies — and that
// administrator signs in through the external issuer. A second portal process running the embedded
// provider plays the external issuer, reached over real HTTP.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../src/shared/api/paths.ts';
import type { UserInfoResponse } from '../../src/shared/api/auth.ts';
import { Role } from '../../src/shared/constants.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { loadOrCreateSecrets } from '../../src/server/idp/keys.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { signInOverHttp } from '../support/sign-in.ts';

const ANNA = 'VRDNNA75D52F839Y';

// Each start of a portal process (migrations, master data) took up to ~70 s on a busy 2-core
// machine: the hook starts two and the restart test two more, so they wait up to 5 minutes.
const STARTS_TIMEOUT = 300_000;

describe('a production start against an external identity provider', () => {
  let issuer: RunningServer;
  let portal: RunningServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    issuer = await startServer({ STATIC_DIR: '' });
    const secrets = await loadOrCreateSecrets(issuer.dataDir);
    env = {
      NODE_ENV: 'production',
      STATIC_DIR: '',
      OIDC_ISSUER: `${issuer.baseUrl}/idp`,
      // The issuer's tokens are for its own API audience; this portal is told to accept it.
      OIDC_AUDIENCE: `${issuer.baseUrl}/api`,
      OIDC_FO_CLIENT_SECRET: secrets.clientSecrets.fo,
      OIDC_BO_CLIENT_SECRET: secrets.clientSecrets.bo,
      BOOTSTRAP_ADMIN_FISCAL_CODE: ANNA.toLowerCase(),
      BOOTSTRAP_ADMIN_FIRST_NAME: 'Anna',
      BOOTSTRAP_ADMIN_LAST_NAME: 'Verdi',
    };
    portal = await startServer(env);
  }, STARTS_TIMEOUT);
  afterAll(async () => {
    await portal?.stop();
    await issuer?.stop();
  });

  it('serves no embedded provider', async () => {
    expect((await fetch(`${portal.baseUrl}/idp/.well-known/openid-configuration`)).status).toBe(404);
  });

  it('lets the bootstrap administrator sign in through the external issuer, and a citizen start with nothing', async () => {
    const anna = await signInOverHttp(issuer.baseUrl, issuer.baseUrl, 'BO', 'anna', portal.baseUrl);
    const info = await fetch(`${portal.baseUrl}/api${ApiPaths.boUserInfo}`, { headers: { authorization: `Bearer ${anna}` } });
    expect(info.status).toBe(200);
    expect(((await info.json()) as UserInfoResponse).user).toMatchObject({ fiscalCode: ANNA, profile: { profileId: Role.BO_ADMIN } });

    const giulia = await signInOverHttp(issuer.baseUrl, issuer.baseUrl, 'FO', 'giulia', portal.baseUrl);
    const list = await fetch(`${portal.baseUrl}/api${ApiPaths.requestList}`, { headers: { authorization: `Bearer ${giulia}` } });
    // No account yet: the demo Giulia and her requests are not in a production database.
    expect(list.status).toBe(403);
  });

  it('holds only master data and the bootstrap administrator, also after a restart', async () => {
    await portal.stop();
    portal = await startServer(env, portal.dataDir);
    await portal.stop();
    const database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(portal.dataDir, 'pglite') });
    try {
      const db = database.db;
      const staff = await db.selectFrom('users').select(['fiscal_code', 'realm', 'profile_id', 'active']).execute();
      expect(staff).toEqual([{ fiscal_code: ANNA, realm: 'BO', profile_id: Role.BO_ADMIN, active: 1 }]);
      const count = async (table: 'requests' | 'companies' | 'legal_representatives' | 'municipalities' | 'suap') =>
        Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      expect(await count('requests')).toBe(0);
      expect(await count('companies')).toBe(0);
      expect(await count('legal_representatives')).toBe(0);
      expect(await count('municipalities')).toBe(7896);
      expect(await count('suap')).toBeGreaterThan(100);
    } finally {
      await database.close();
    }
    portal = await startServer(env, portal.dataDir);
  }, STARTS_TIMEOUT);
});
