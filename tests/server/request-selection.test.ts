// Reading one's own draft says whether its office still serves its
// municipality and its initiative is still offered (`request.selection`), from the master data as it
// is at the time of the read; the wizard warns on select-initiative when either no longer holds. The
// read changes nothing stored, and only the owner reads it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import type { InitiativeListResponse } from '#shared/api/master-data.ts';
import type { RequestResponse, SuapRequest } from '#shared/api/requests.ts';
import { RequestState } from '#shared/constants.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { storeRequiredDocuments } from './support/documents.ts';
import { signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';
const ROME = 58091;
const MILAN = 15146;
const MARIO = { firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA80A01H501U' };

describe.each(testDatabases())('the selection of a draft read on $kind', ({ open }) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  let romeOffice: number;
  let milanOffice: number;
  let milanAssociated: number;
  let bar: number;
  /** An initiative this file withdraws, with an activity the search bar accepts as it is. */
  let withdrawn: { iniziative_id: number; activity_it: string; type_iniziative_id: number };

  beforeAll(async () => {
    t = await startTestApp(await open(), { PUBLIC_URL: BASE });
    for (const [who, code] of [
      ['mario', MARIO.fiscalCode],
      ['giulia', 'BNCGLI85M41F205B'],
    ] as const) {
      token[who] = (await signIn(t.app, BASE, 'FO', who)).access_token;
      await t.app.inject({ url: `/api${ApiPaths.userInfo}?fiscalCode=${code}`, headers: { authorization: `Bearer ${token[who]}` } });
    }
    const db = t.database.db;
    const officeOf = async (municipality: number) =>
      (await db.selectFrom('suap_municipality').select('suap_id').where('municipality_id', '=', municipality).executeTakeFirstOrThrow()).suap_id;
    romeOffice = await officeOf(ROME);
    milanOffice = await officeOf(MILAN);
    milanAssociated = (await db.selectFrom('suap').select('suap_id').where('name', '=', 'SUAP associato della Provincia di Milano').executeTakeFirstOrThrow())
      .suap_id;
    bar = (await db.selectFrom('iniziative').select('iniziative_id').where('activity_it', '=', 'Bar e ristorante').executeTakeFirstOrThrow()).iniziative_id;
    const initiatives = await db
      .selectFrom('iniziative')
      .select(['iniziative_id', 'activity_it', 'type_iniziative_id'])
      .where('iniziative_id', '<>', bar)
      .orderBy('iniziative_id')
      .execute();
    withdrawn = initiatives.find((i) => /^[A-Za-z ]{3,}$/.test(i.activity_it))!;
    expect(withdrawn).toBeDefined();
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
  const read = async (id: number, who = 'mario') => {
    const response = await call('GET', apiPath('request', { id }), who);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as RequestResponse).request;
  };
  const save = (draft: SuapRequest, changes: Record<string, unknown>) =>
    call('PUT', apiPath('request', { id: draft.requestId }), 'mario', { ...draft, ...changes });

  /** A draft of Mario's naming an office, its municipality and an initiative, saved as the wizard saves it. */
  const draftNaming = async (suapId: number, municipalityId: number, iniziativeId: number): Promise<SuapRequest> => {
    const created = await call('POST', ApiPaths.requestCreate, 'mario', { procedureNotification: { type: 1, value: 'mario.rossi@example.org' } });
    expect(created.statusCode, created.body).toBe(200);
    await storeRequiredDocuments(t.database.db, (created.json() as RequestResponse).request.requestId, iniziativeId);
    const saved = await save((created.json() as RequestResponse).request, { suap: { suapId }, municipalityId, iniziative: { iniziativeId } });
    expect(saved.statusCode, saved.body).toBe(200);
    return (saved.json() as RequestResponse).request;
  };
  /** Everything stored about a request and the master data it points at. */
  const storedState = async (id: number) => {
    const db = t.database.db;
    return {
      request: await db.selectFrom('requests').selectAll().where('request_id', '=', id).executeTakeFirstOrThrow(),
      history: await db.selectFrom('request_history').selectAll().where('request_id', '=', id).orderBy('history_id').execute(),
      servedBy: await db.selectFrom('suap_municipality').selectAll().where('municipality_id', 'in', [ROME, MILAN]).orderBy('suap_id').execute(),
      offered: await db
        .selectFrom('iniziative')
        .select(['iniziative_id', 'offered'])
        .where('iniziative_id', 'in', [bar, withdrawn.iniziative_id])
        .orderBy('iniziative_id')
        .execute(),
    };
  };

  it('says both choices hold for a draft whose office serves its municipality and whose initiative is offered', async () => {
    const draft = await draftNaming(romeOffice, ROME, bar);
    const before = await storedState(draft.requestId);
    const reopened = await read(draft.requestId);
    expect(reopened.selection).toEqual({ officeServesMunicipality: true, initiativeOffered: true });
    expect(reopened).toMatchObject({ suap: { suapId: romeOffice }, municipalityId: ROME, iniziative: { iniziativeId: bar } });
    // A read writes nothing: not the draft (version, dates), not its history, not the master data.
    expect(await storedState(draft.requestId)).toEqual(before);
  });

  it('says the office no longer serves the municipality once it stopped serving it, and changes nothing on read', async () => {
    const draft = await draftNaming(milanOffice, MILAN, bar);
    // Milan moves to the province's associated office: Milan's own office no longer serves it.
    await t.database.db.deleteFrom('suap_municipality').where('suap_id', '=', milanOffice).where('municipality_id', '=', MILAN).execute();
    await t.database.db.insertInto('suap_municipality').values({ suap_id: milanAssociated, municipality_id: MILAN }).execute();
    const before = await storedState(draft.requestId);
    const reopened = await read(draft.requestId);
    expect(reopened.selection).toEqual({ officeServesMunicipality: false, initiativeOffered: true });
    // The draft still names what it named: the citizen sees the choice and why it must change.
    expect(reopened).toMatchObject({ suap: { suapId: milanOffice }, municipalityId: MILAN, version: draft.version });
    expect(await storedState(draft.requestId)).toEqual(before);

    // Continuing with the same office is refused and stores nothing; the office that serves Milan now is accepted.
    const refused = await save(reopened, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().description).toMatch(/does not serve the chosen municipality/);
    expect(await storedState(draft.requestId)).toEqual(before);
    const fixed = await save(reopened, { suap: { suapId: milanAssociated } });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((await read(draft.requestId)).selection).toEqual({ officeServesMunicipality: true, initiativeOffered: true });
  });

  it('says the initiative is no longer offered once withdrawn, lists and accepts it no more, and changes nothing on read', async () => {
    const draft = await draftNaming(romeOffice, ROME, withdrawn.iniziative_id);
    const listed = async (size: number) => {
      // A different page size each time: the reference cache keeps an answer per address.
      const query = `?typeId=${withdrawn.type_iniziative_id}&filter=${encodeURIComponent(withdrawn.activity_it)}&size=${size}`;
      const response = await call('GET', `${ApiPaths.iniziativeList}${query}`, 'mario');
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as InitiativeListResponse).iniziativeList.map((i) => i.iniziativeId);
    };
    expect(await listed(10)).toContain(withdrawn.iniziative_id);
    await t.database.db.updateTable('iniziative').set({ offered: false }).where('iniziative_id', '=', withdrawn.iniziative_id).execute();

    const before = await storedState(draft.requestId);
    const reopened = await read(draft.requestId);
    expect(reopened.selection).toEqual({ officeServesMunicipality: true, initiativeOffered: false });
    // Still named in full (sent requests and drafts keep pointing at it), so the page can show it.
    expect(reopened.iniziative).toMatchObject({ iniziativeId: withdrawn.iniziative_id, activityIt: withdrawn.activity_it });
    expect(await storedState(draft.requestId)).toEqual(before);

    expect(await listed(11)).not.toContain(withdrawn.iniziative_id);
    const refused = await save(reopened, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().description).toMatch(/no longer offered/);
    const sending = await save(reopened, {
      stateOfRequest: { stateOfRequestId: RequestState.SENT },
      personalData: {
        ...MARIO,
        business: { kind: 'sole-trader', atecoCode: '56.10.11', role: 'legal-representative' },
        activityAddress: { street: 'Via del Corso', streetNumber: '12', zipCode: '00186' },
      },
    });
    expect(sending.statusCode).toBe(400);
    expect(await storedState(draft.requestId)).toEqual(before);
    const fixed = await save(reopened, { iniziative: { iniziativeId: bar } });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((await read(draft.requestId)).selection).toEqual({ officeServesMunicipality: true, initiativeOffered: true });
  });

  it('sends no selection for a draft that names neither office nor initiative, nor for a sent request', async () => {
    const created = await call('POST', ApiPaths.requestCreate, 'mario', { procedureNotification: { type: 1, value: 'mario.rossi@example.org' } });
    const bare = (created.json() as RequestResponse).request;
    expect((await read(bare.requestId)).selection).toBeUndefined();

    const draft = await draftNaming(romeOffice, ROME, bar);
    const sent = await save(draft, {
      stateOfRequest: { stateOfRequestId: RequestState.SENT },
      personalData: {
        ...MARIO,
        email: 'mario.rossi@example.org',
        business: { kind: 'sole-trader', atecoCode: '56.10.11', role: 'legal-representative' },
        activityAddress: { street: 'Via del Corso', streetNumber: '12', zipCode: '00186' },
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const reread = await read(draft.requestId);
    expect(reread.stateOfRequest.stateOfRequestId).toBe(RequestState.SENT);
    expect(reread.selection).toBeUndefined();
  });

  it("answers someone else's draft as a missing one, with no selection", async () => {
    const draft = await draftNaming(romeOffice, ROME, bar);
    const foreign = await call('GET', apiPath('request', { id: draft.requestId }), 'giulia');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('selection');
  });
});
