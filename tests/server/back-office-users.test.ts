import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoUserListResponse, BoUserResponse } from '#shared/api/back-office.ts';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import { Role } from '#shared/constants.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';
const SARA = {
  firstName: 'Sara',
  lastName: 'Blu',
  fiscalCode: 'BLUSRA92H55D612F',
  email: 'sara.blu@comune.example.org',
  profile: { profileId: Role.BO_COLLAB },
};

describe.each(testDatabases())('staff management on $kind', ({ open }) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp(await open(), { PUBLIC_URL: BASE });
    for (const who of ['anna', 'luca'] as const) token[who] = (await signIn(t.app, BASE, 'BO', who)).access_token;
    token.giulia = (await signIn(t.app, BASE, 'FO', 'giulia')).access_token;
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `Bearer ${token[who]}` },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const staffRows = () => t.database.db.selectFrom('users').selectAll().where('realm', '=', 'BO').orderBy('user_id').execute();
  const userId = async (fiscalCode: string) =>
    (await t.database.db.selectFrom('users').select('user_id').where('realm', '=', 'BO').where('fiscal_code', '=', fiscalCode).executeTakeFirstOrThrow())
      .user_id;

  it('lists staff by name, with profile descriptions', async () => {
    const response = await call('GET', ApiPaths.boUserList, 'anna');
    const body = response.json() as BoUserListResponse;
    expect(body.userList.map((u) => u.firstName)).toEqual(['Anna', 'Chiara', 'Luca']);
    expect(body.userList[0]).toMatchObject({ fiscalCode: 'VRDNNA75D52F839Y', active: 1, profile: { profileId: Role.BO_ADMIN, description: 'Amministratore' } });
    expect(body.userList[1]).toMatchObject({ lastName: 'Russo', profile: { profileId: Role.CLERK, description: 'Istruttore' } });
    const found = (await call('GET', `${ApiPaths.boUserList}?filter=neri`, 'anna')).json() as BoUserListResponse;
    expect(found.userList.map((u) => u.lastName)).toEqual(['Neri']);
  });

  it('is for administrators only', async () => {
    const before = await staffRows();
    expect((await call('GET', ApiPaths.boUserList, 'luca')).statusCode).toBe(403);
    expect((await call('GET', apiPath('boUser', { id: 1 }), 'luca')).statusCode).toBe(403);
    expect((await call('POST', ApiPaths.boUserCreate, 'luca', SARA)).statusCode).toBe(403);
    expect((await call('PUT', ApiPaths.boUserModify, 'luca', { ...SARA, userId: 1 })).statusCode).toBe(403);
    expect((await call('GET', ApiPaths.boUserList, 'giulia')).statusCode).toBe(401);
    expect(await staffRows()).toEqual(before);
  });

  it('creates a collaborator, records who did it, and refuses the same fiscal code again', async () => {
    const created = await call('POST', ApiPaths.boUserCreate, 'anna', SARA);
    expect(created.statusCode, created.body).toBe(200);
    const body = created.json() as BoUserResponse;
    expect(body.user).toMatchObject({ firstName: 'Sara', lastName: 'Blu', profile: { profileId: Role.BO_COLLAB, description: 'Collaboratore' }, active: 1 });
    expect(body.audit?.[0]).toMatchObject({ action: 'create', actorName: 'Anna Verdi' });
    const before = await staffRows();
    const again = await call('POST', ApiPaths.boUserCreate, 'anna', { ...SARA, firstName: 'Sarah' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ errorKey: 'duplicate-fiscal-code', description: expect.stringMatching(/already exists/) });
    expect(await staffRows()).toEqual(before);
  });

  it('refuses an e-mail address another staff member has, whatever its case, changing nothing', async () => {
    const before = await staffRows();
    const taken = await call('POST', ApiPaths.boUserCreate, 'anna', { ...SARA, fiscalCode: 'RSSMRA80A01H501U', email: 'ANNA.VERDI@example.org' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ errorKey: 'duplicate-email', field: 'email', description: expect.stringMatching(/^email: .*already exists/) });
    expect(await staffRows()).toEqual(before);
  });

  it.each([
    ['a fiscal code with a wrong check character', { ...SARA, fiscalCode: 'BLUSRA92H55D612X' }, /fiscalCode/, 'invalid-check-character'],
    ['a malformed fiscal code', { ...SARA, fiscalCode: 'BLUSRA92' }, /fiscalCode/, 'bad-request'],
    ['an invalid e-mail', { ...SARA, email: 'sara@' }, /email/, 'bad-request'],
    ['an unknown profile', { ...SARA, fiscalCode: 'RSSMRA80A01H501U', profile: { profileId: 1 } }, /profile/, 'bad-request'],
    ['a name with digits', { ...SARA, fiscalCode: 'RSSMRA80A01H501U', firstName: 'S4ra' }, /firstName/, 'bad-request'],
  ])('refuses %s with a clear 400 and changes nothing', async (_label, payload, message, errorKey) => {
    const before = await staffRows();
    const response = await call('POST', ApiPaths.boUserCreate, 'anna', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().description).toMatch(message);
    expect(response.json().errorKey).toBe(errorKey);
    expect(await staffRows()).toEqual(before);
  });

  it('modifies a staff member and shows the change in the audit trail', async () => {
    const luca = await userId('NRELCU90S23L219G');
    const response = await call('PUT', ApiPaths.boUserModify, 'anna', {
      userId: luca,
      firstName: 'Luca',
      lastName: 'Neri',
      fiscalCode: 'NRELCU90S23L219G',
      email: 'luca.neri@comune.example.org',
      profile: { profileId: Role.BO_COLLAB },
    });
    expect(response.statusCode, response.body).toBe(200);
    const details = (await call('GET', apiPath('boUser', { id: luca }), 'anna')).json() as BoUserResponse;
    expect(details.user.email).toBe('luca.neri@comune.example.org');
    expect(details.audit?.[0]).toMatchObject({
      action: 'modify',
      actorName: 'Anna Verdi',
      changes: { email: { from: 'luca.neri@example.org', to: 'luca.neri@comune.example.org' } },
    });
  });

  it('refuses to let an administrator deactivate themself or remove the last active administrator', async () => {
    const anna = await userId('VRDNNA75D52F839Y');
    const base = { userId: anna, firstName: 'Anna', lastName: 'Verdi', fiscalCode: 'VRDNNA75D52F839Y', email: 'anna.verdi@example.org' };
    const before = await staffRows();
    const self = await call('PUT', ApiPaths.boUserModify, 'anna', { ...base, profile: { profileId: Role.BO_ADMIN }, active: 0 });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ errorKey: 'self-deactivation', description: expect.stringMatching(/yourself/) });
    const demote = await call('PUT', ApiPaths.boUserModify, 'anna', { ...base, profile: { profileId: Role.BO_COLLAB }, active: 1 });
    expect(demote.statusCode).toBe(400);
    expect(demote.json()).toMatchObject({ errorKey: 'last-administrator', description: expect.stringMatching(/at least one active administrator/) });
    expect(await staffRows()).toEqual(before);
  });

  it('answers 404 for someone who is not staff', async () => {
    expect((await call('GET', apiPath('boUser', { id: 99999 }), 'anna')).statusCode).toBe(404);
  });
});
