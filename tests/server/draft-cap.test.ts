// A person keeps at most MAX_OPEN_DRAFTS open drafts (default 20; docs/deployment.md): the next
// creation is refused with the catalogue's 'too-many-drafts' and stores nothing, even when several
// creations race at one below the cap; other people and sent requests are not counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorKey } from '#shared/api/error-keys.ts';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import type { RequestResponse } from '#shared/api/requests.ts';
import { DEFAULT_MAX_OPEN_DRAFTS, RequestState } from '#shared/constants.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';
const PEOPLE = { mario: 'RSSMRA80A01H501U', giulia: 'BNCGLI85M41F205B' } as const;
type Person = keyof typeof PEOPLE;

describe.each(testDatabases())('the cap on open drafts on $kind', ({ open }) => {
  let t: TestApp;
  const token = {} as Record<Person, string>;
  const userId = {} as Record<Person, number>;

  beforeAll(async () => {
    t = await startTestApp(await open(), { PUBLIC_URL: BASE });
    for (const who of Object.keys(PEOPLE) as Person[]) {
      token[who] = (await signIn(t.app, BASE, 'FO', who)).access_token;
      await t.app.inject({ url: `/api${ApiPaths.userInfo}?fiscalCode=${PEOPLE[who]}`, headers: { authorization: `Bearer ${token[who]}` } });
      userId[who] = (await t.database.db.selectFrom('users').select('user_id').where('fiscal_code', '=', PEOPLE[who]).executeTakeFirstOrThrow()).user_id;
    }
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  const create = (who: Person) =>
    t.app.inject({
      method: 'POST',
      url: `/api${ApiPaths.requestCreate}`,
      headers: { authorization: `Bearer ${token[who]}` },
      payload: { procedureNotification: { type: 1, value: 'someone@example.org' } },
    });
  const openDrafts = async (who: Person) =>
    Number(
      (
        await t.database.db
          .selectFrom('requests')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('user_id', '=', userId[who])
          .where('state_of_request_id', '=', RequestState.DRAFT)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const stored = async () => ({
    requests: Number(
      (
        await t.database.db
          .selectFrom('requests')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    history: Number(
      (
        await t.database.db
          .selectFrom('request_history')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });
  const fillTo = async (who: Person, count: number) => {
    while ((await openDrafts(who)) < count) expect((await create(who)).statusCode).toBe(200);
  };
  const removeOne = async (who: Person) => {
    const draft = await t.database.db
      .selectFrom('requests')
      .select('request_id')
      .where('user_id', '=', userId[who])
      .where('state_of_request_id', '=', RequestState.DRAFT)
      .executeTakeFirstOrThrow();
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api${apiPath('request', { id: draft.request_id })}`,
      headers: { authorization: `Bearer ${token[who]}` },
    });
    expect(removed.statusCode).toBe(200);
  };

  it('refuses the 21st open draft with too-many-drafts, and stores nothing', async () => {
    await fillTo('mario', DEFAULT_MAX_OPEN_DRAFTS);
    const before = await stored();
    const refused = await create('mario');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 409, message: 'Conflict', errorKey: ErrorKey.tooManyDrafts });
    expect(refused.json().description).toMatch(/20 open drafts, the most allowed \(20\)/);
    expect(await stored()).toEqual(before);
    expect(await openDrafts('mario')).toBe(DEFAULT_MAX_OPEN_DRAFTS);
  });

  it('counts only open drafts: once one is deleted, a new one may start', async () => {
    await fillTo('mario', DEFAULT_MAX_OPEN_DRAFTS);
    await removeOne('mario');
    const created = await create('mario');
    expect(created.statusCode).toBe(200);
    expect((created.json() as RequestResponse).request.stateOfRequest.stateOfRequestId).toBe(RequestState.DRAFT);
    expect((await create('mario')).statusCode).toBe(409);
  });

  it('counts each person apart: another person still starts drafts', async () => {
    await fillTo('mario', DEFAULT_MAX_OPEN_DRAFTS);
    expect((await create('giulia')).statusCode).toBe(200);
  });

  it('lets exactly one of several creations racing at one below the cap pass', async () => {
    await fillTo('mario', DEFAULT_MAX_OPEN_DRAFTS);
    await removeOne('mario');
    expect(await openDrafts('mario')).toBe(DEFAULT_MAX_OPEN_DRAFTS - 1);
    const answers = await Promise.all(Array.from({ length: 6 }, () => create('mario')));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await openDrafts('mario')).toBe(DEFAULT_MAX_OPEN_DRAFTS);
  });
});

describe('MAX_OPEN_DRAFTS', () => {
  it('defaults to 20 and takes a whole number', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).maxOpenDrafts).toBe(20);
    expect(loadConfig({ NODE_ENV: 'test', MAX_OPEN_DRAFTS: '5' }).maxOpenDrafts).toBe(5);
  });

  it('names the variable when it is not a whole number of at least 1', () => {
    for (const raw of ['0', 'many', '2.5']) {
      expect(() => loadConfig({ NODE_ENV: 'test', MAX_OPEN_DRAFTS: raw })).toThrow(ConfigError);
      expect(() => loadConfig({ NODE_ENV: 'test', MAX_OPEN_DRAFTS: raw })).toThrow(/^MAX_OPEN_DRAFTS must be a whole number/);
    }
  });
});
