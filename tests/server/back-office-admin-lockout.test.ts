// Nobody locks the office out (docs/deployment.md "Locked out of the back office"): staff sign in
// with the fiscal code their identity provider asserts, so the last active administrator who
// mistypes her own code, or loses her profile or active flag, leaves nobody able to manage staff.
// Every such change is refused with the last-administrator error and changes nothing stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffWrite } from '#shared/api/back-office.ts';
import { ApiPaths } from '#shared/api/paths.ts';
import { Role } from '#shared/constants.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';
const ANNA = 'VRDNNA75D52F839Y';
const LUCA = 'NRELCU90S23L219G';
/** Anna's code with one character mistyped (a valid check character, so only the lock-out rule stops it). */
const ANNA_TYPO = 'VRDNNA75D52F838W';
const LUCA_TYPO = 'NRELCU90S23L218E';

describe.each(testDatabases())('the last active administrator on $kind', ({ open }) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp(await open(), { PUBLIC_URL: BASE });
    for (const who of ['anna', 'luca'] as const) token[who] = (await signIn(t.app, BASE, 'BO', who)).access_token;
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  const staffRows = () => t.database.db.selectFrom('users').selectAll().where('realm', '=', 'BO').orderBy('user_id').execute();
  /** The record as stored, written back with `changes`. */
  async function write(fiscalCode: string, changes: Partial<StaffWrite>): Promise<StaffWrite> {
    const row = await t.database.db.selectFrom('users').selectAll().where('realm', '=', 'BO').where('fiscal_code', '=', fiscalCode).executeTakeFirstOrThrow();
    return {
      userId: row.user_id,
      firstName: row.first_name,
      lastName: row.last_name,
      fiscalCode: row.fiscal_code!,
      email: row.email!,
      profile: { profileId: row.profile_id },
      active: row.active,
      ...changes,
    };
  }
  const modify = (who: string, payload: StaffWrite) =>
    t.app.inject({ method: 'PUT', url: `/api${ApiPaths.boUserModify}`, headers: { authorization: `Bearer ${token[who]}` }, payload });
  const canManageStaff = async (who: string) =>
    (await t.app.inject({ method: 'GET', url: `/api${ApiPaths.boUserList}`, headers: { authorization: `Bearer ${token[who]}` } })).statusCode === 200;

  it('refuses the only active administrator a change of her own fiscal code (a typo would lock everyone out), changing nothing', async () => {
    const before = await staffRows();
    const response = await modify('anna', await write(ANNA, { fiscalCode: ANNA_TYPO }));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 400,
      errorKey: 'last-administrator',
      field: 'fiscalCode',
      description: expect.stringMatching(/^fiscalCode: you are the only active administrator/),
    });
    expect(await staffRows()).toEqual(before);
    expect(await canManageStaff('anna')).toBe(true);
    // Her other fields stay hers to change.
    expect((await modify('anna', await write(ANNA, { lastName: 'Verdi Rossi' }))).statusCode).toBe(200);
  });

  it('lets her change it once another active administrator remains, who can then correct a typo', async () => {
    expect((await modify('anna', await write(LUCA, { profile: { profileId: Role.BO_ADMIN } }))).statusCode).toBe(200);
    expect((await modify('anna', await write(ANNA, { fiscalCode: ANNA_TYPO }))).statusCode).toBe(200);
    // Her sign-in's code no longer names a staff account: she is out, Luca is not.
    expect(await canManageStaff('anna')).toBe(false);
    expect(await canManageStaff('luca')).toBe(true);
    expect((await modify('luca', await write(ANNA_TYPO, { fiscalCode: ANNA }))).statusCode).toBe(200);
    expect(await canManageStaff('anna')).toBe(true);
  });

  it('keeps one administrator when two demote or deactivate each other at the same moment', async () => {
    const before = await staffRows();
    const [annaDemotesLuca, lucaDeactivatesAnna] = await Promise.all([
      modify('anna', await write(LUCA, { profile: { profileId: Role.BO_COLLAB } })),
      modify('luca', await write(ANNA, { active: 0 })),
    ]);
    const statuses = [annaDemotesLuca.statusCode, lucaDeactivatesAnna.statusCode].sort();
    expect(statuses, `${annaDemotesLuca.body} ${lucaDeactivatesAnna.body}`).toEqual([200, 400]);
    const refused = annaDemotesLuca.statusCode === 400 ? annaDemotesLuca : lucaDeactivatesAnna;
    expect(refused.json()).toMatchObject({ errorKey: 'last-administrator', field: 'profile', description: expect.stringMatching(/^profile: /) });
    const admins = (await staffRows()).filter((row) => row.profile_id === Role.BO_ADMIN && row.active === 1);
    expect(admins).toHaveLength(1);
    expect(before.filter((row) => row.profile_id === Role.BO_ADMIN && row.active === 1)).toHaveLength(2);
  });

  it('refuses the remaining administrator demoting herself or, from another account, losing her profile or flag', async () => {
    const [last] = (await staffRows()).filter((row) => row.profile_id === Role.BO_ADMIN && row.active === 1);
    const who = last!.fiscal_code === ANNA ? 'anna' : 'luca';
    const before = await staffRows();
    const demote = await modify(who, await write(last!.fiscal_code!, { profile: { profileId: Role.BO_COLLAB } }));
    expect(demote.statusCode).toBe(400);
    expect(demote.json()).toMatchObject({ errorKey: 'last-administrator' });
    const ownCode = await modify(who, await write(last!.fiscal_code!, { fiscalCode: last!.fiscal_code === ANNA ? ANNA_TYPO : LUCA_TYPO }));
    expect(ownCode.statusCode).toBe(400);
    expect(ownCode.json()).toMatchObject({ errorKey: 'last-administrator', description: expect.stringMatching(/^fiscalCode: /) });
    expect(await staffRows()).toEqual(before);
  });
});
