// Production with an external identity provider (docs/architecture.md "Identity"): the database gets master data and the
// configured first administrator only — no demo people, requests or companies — and that
// administrator signs in through the external issuer. A second portal process running the embedded
// provider plays the external issuer, reached over real HTTP.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import type { UserInfoResponse } from '#shared/api/auth.ts';
import { RequestState, Role } from '#shared/constants.ts';
import { openDatabase } from '#server/db/database.ts';
import { loadOrCreateSecrets } from '#server/idp/keys.ts';
import { uploadRequiredDocuments } from '../support/documents-upload.ts';
import { GIULIA } from '../support/signing-fixtures.ts';
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

  it(
    'holds only master data and the bootstrap administrator, also after a restart',
    async () => {
      await portal.stop();
      portal = await startServer(env, portal.dataDir);
      await portal.stop();
      const database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(portal.dataDir, 'pglite') });
      try {
        const db = database.db;
        const staff = await db.selectFrom('users').select(['fiscal_code', 'realm', 'profile_id', 'active']).execute();
        expect(staff).toEqual([{ fiscal_code: ANNA, realm: 'BO', profile_id: Role.BO_ADMIN, active: 1 }]);
        const count = async (table: 'requests' | 'companies' | 'legal_representatives' | 'municipalities' | 'suap') =>
          Number(
            (
              await db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          );
        expect(await count('requests')).toBe(0);
        expect(await count('companies')).toBe(0);
        expect(await count('legal_representatives')).toBe(0);
        expect(await count('municipalities')).toBe(7896);
        // Offices and their PEC addresses come from the administration (npm run import:offices).
        expect(await count('suap')).toBe(0);
      } finally {
        await database.close();
      }
      portal = await startServer(env, portal.dataDir);
    },
    STARTS_TIMEOUT,
  );

  it(
    "sends a citizen's request to an office the administration imported, and its PEC gets the notice",
    async () => {
      const file = path.join(portal.dataDir, 'offices.csv');
      await fs.writeFile(file, 'name;ipa_code;pec;istat_codes;url\nSUAP di Roma Capitale;c_h501;protocollo.suap@pec.roma.example.org;058091;\n');
      const importer = () =>
        spawnSync(process.execPath, ['scripts/registers.ts', 'import:offices', file], {
          encoding: 'utf8',
          env: { ...process.env, ...env, DATA_DIR: portal.dataDir },
        });
      // While the portal holds the embedded database, the command refuses with one sentence.
      const refused = importer();
      expect(refused.status).toBe(1);
      expect(refused.stderr.trim()).toMatch(
        new RegExp(`^Cannot run npm run import:offices: the embedded database in DATA_DIR \\(.*\\) is in use by process ${portal.process.pid} `),
      );
      await portal.stop();
      const imported = importer();
      expect(imported.stderr).toBe('');
      expect(imported.stdout.trim()).toBe('1 office added and 0 updated, serving 1 municipality.');
      portal = await startServer(env, portal.dataDir);

      const giulia = await signInOverHttp(issuer.baseUrl, issuer.baseUrl, 'FO', 'giulia', portal.baseUrl);
      const call = async (method: string, url: string, body?: unknown) => {
        const response = await fetch(`${portal.baseUrl}/api${url}`, {
          method,
          headers: { authorization: `Bearer ${giulia}`, 'content-type': 'application/json' },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      };
      expect((await call('GET', `${ApiPaths.userInfo}?fiscalCode=BNCGLI85M41F205B`)).status).toBe(200);
      const offices = await call('GET', `${ApiPaths.suapList}?page=1&size=12&filter=Roma`);
      const office = (offices.body.suapList as { suapId: number; pec: string }[])[0]!;
      expect(office.pec).toBe('protocollo.suap@pec.roma.example.org');
      const initiatives = await call('GET', `${ApiPaths.iniziativeList}?page=1&size=5`);
      const initiative = (initiatives.body.iniziativeList as { iniziativeId: number }[])[0]!;
      const draft = (await call('POST', ApiPaths.requestCreate, { procedureNotification: { type: 1, value: 'giulia.bianchi@example.org' } })).body
        .request as Record<string, unknown> & { requestId: number };
      const filled = {
        ...draft,
        suap: { suapId: office.suapId },
        municipalityId: 58091,
        iniziative: { iniziativeId: initiative.iniziativeId },
        personalData: {
          firstName: 'Giulia',
          lastName: 'Bianchi',
          fiscalCode: 'BNCGLI85M41F205B',
          email: 'giulia.bianchi@example.org',
          dateOfBirth: '1985-08-01',
          business: { kind: 'sole-trader', atecoCode: '56.10.11', role: 'legal-representative' },
          activityAddress: { street: 'Via del Corso', streetNumber: '12', zipCode: '00186' },
        },
      };
      // Saved with its initiative, the draft takes the documents the send asks for, the signed ones
      // signed by Giulia (docs/architecture.md "Documents").
      const saved = await call('PUT', apiPath('request', { id: draft.requestId }), filled);
      expect(saved.status).toBe(200);
      await uploadRequiredDocuments(draft.requestId, { baseUrl: portal.baseUrl, token: giulia, signer: GIULIA });
      const sent = await call('PUT', apiPath('request', { id: draft.requestId }), {
        ...filled,
        version: (saved.body.request as { version: number }).version,
        stateOfRequest: { stateOfRequestId: RequestState.SENT },
      });
      expect(sent.status).toBe(200);

      // The outbox delivers within seconds (.eml files where no SMTP_URL is set): wait for the office's copy.
      const outbox = path.join(portal.dataDir, 'outbox');
      let notice: string | undefined;
      for (let attempt = 0; attempt < 120 && !notice; attempt++) {
        const files = await fs.readdir(outbox).catch(() => [] as string[]);
        for (const name of files.filter((f) => f.endsWith('.eml'))) {
          const text = await fs.readFile(path.join(outbox, name), 'utf8');
          if (/^To: protocollo\.suap@pec\.roma\.example\.org$/m.test(text)) notice = text;
        }
        if (!notice) await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(notice).toContain(`${draft.requestId}`);
    },
    STARTS_TIMEOUT,
  );
});
