// The pratica's lifecycle through the HTTP API (docs/architecture.md "The pratica's lifecycle"):
// Giulia's SCIA is sent, taken in charge by the clerk Chiara, assigned by the administrator Anna to a
// colleague, its term stopped by an integration request; every refusal (a collaborator's 403, a
// forbidden transition's 409 with the reason, a stale version, another office's request, a bad body)
// changes nothing. The server's clock is the test's: terms are checked to the day.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffEventRequest } from '#shared/api/pratica.ts';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import type { RequestResponse, SuapRequest } from '#shared/api/requests.ts';
import { Role } from '#shared/constants.ts';
import { PraticaState, STAFF_EVENT_TYPES } from '#shared/pratica.ts';
import { requirementsOf } from '#server/services/documents/requirements.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { signIn } from './support/oidc.ts';

const BASE = 'http://localhost:3999';
const MILANO = 15146;
const ROME = 58091;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR pratica')]);
/** Day 0: Tuesday 1 December 2026, 10:00 in Rome. */
const DAY_0 = Date.parse('2026-12-01T09:00:00Z');
const DAY = 86_400_000;

describe.each(testDatabases())('the pratica through the API on $kind', ({ open }) => {
  let t: TestApp;
  let now = DAY_0;
  const token: Record<string, string> = {};
  let colleagueId = 0;
  let lucaId = 0;
  let scia = 0;
  let milanoOffice = 0;

  beforeAll(async () => {
    t = await startTestApp(await open(), { PUBLIC_URL: BASE, RATE_LIMITS: 'false' }, { clock: () => now });
    for (const who of ['anna', 'luca', 'chiara'] as const) token[who] = (await signIn(t.app, BASE, 'BO', who)).access_token;
    for (const [who, code] of [
      ['giulia', 'BNCGLI85M41F205B'],
      ['mario', 'RSSMRA80A01H501U'],
    ] as const) {
      token[who] = (await signIn(t.app, BASE, 'FO', who)).access_token;
      await t.app.inject({ url: `/api${ApiPaths.userInfo}?fiscalCode=${code}`, headers: { authorization: `Bearer ${token[who]}` } });
    }
    const db = t.database.db;
    scia = (
      await db
        .selectFrom('iniziative')
        .select('iniziative_id')
        .where('regime', '=', 'SCIA')
        .where('offered', '=', true)
        .orderBy('iniziative_id')
        .executeTakeFirstOrThrow()
    ).iniziative_id;
    milanoOffice = (await db.selectFrom('suap_municipality').select('suap_id').where('municipality_id', '=', MILANO).executeTakeFirstOrThrow()).suap_id;
    lucaId = (await db.selectFrom('users').select('user_id').where('email', '=', 'luca.neri@example.org').executeTakeFirstOrThrow()).user_id;
    // A second clerk, created as an administrator does: they work for every office.
    const created = await call('POST', ApiPaths.boUserCreate, 'anna', {
      firstName: 'Marco',
      lastName: 'Galli',
      fiscalCode: 'GLLMRC80A01F205R',
      email: 'marco.galli@comune.example.org',
      profile: { profileId: Role.CLERK },
    });
    expect(created.statusCode, created.body).toBe(200);
    colleagueId = created.json().user.userId;
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
  const fire = (who: string, requestId: number, event: Partial<StaffEventRequest> & Record<string, unknown>) =>
    call('POST', apiPath('boRequestEvent', { id: requestId }), who, event);
  const stored = (id: number) => t.database.db.selectFrom('requests').selectAll().where('request_id', '=', id).executeTakeFirstOrThrow();
  const history = (id: number) => t.database.db.selectFrom('request_history').selectAll().where('request_id', '=', id).orderBy('history_id').execute();
  const snapshot = async (id: number) => ({ row: await stored(id), history: await history(id) });
  const deskRead = async (id: number) => ((await call('GET', apiPath('boRequest', { id }), 'anna')).json() as RequestResponse).request;

  /** Giulia's SCIA for the office of Milan, with its required documents, sent today (the test clock's). */
  async function sentScia(): Promise<SuapRequest> {
    const draft = ((await call('POST', ApiPaths.requestCreate, 'giulia', { iniziative: { iniziativeId: scia } })).json() as RequestResponse).request;
    const owner = (await stored(draft.requestId)).user_id;
    for (const requirement of (await requirementsOf(t.database.db, scia)).filter((r) => r.required)) {
      const { attachment_id } = await t.database.db
        .insertInto('attachment')
        .values({
          request_id: draft.requestId,
          requirement_code: requirement.requirementCode,
          file_name: 'modulo.png',
          storage_name: 'modulo.png',
          mime_type: 'image/png',
          size: PNG.length,
          hash: createHash('sha256').update(PNG).digest('hex'),
          owner_user_id: owner,
          status: 'stored',
        })
        .returning('attachment_id')
        .executeTakeFirstOrThrow();
      await t.database.db.insertInto('attachment_chunk').values({ attachment_id, seq: 0, data: PNG }).execute();
    }
    const sent = await call('PUT', apiPath('request', { id: draft.requestId }), 'giulia', {
      ...draft,
      procedureNotification: { type: 1, value: 'giulia.bianchi@example.org' },
      suap: { suapId: milanoOffice },
      municipalityId: MILANO,
      iniziative: { iniziativeId: scia },
      personalData: {
        firstName: 'Giulia',
        lastName: 'Bianchi',
        fiscalCode: 'BNCGLI85M41F205B',
        business: { kind: 'sole-trader', atecoCode: '56.10.11', role: 'legal-representative' },
        activityAddress: { street: 'Corso Buenos Aires', streetNumber: '20', zipCode: '20124' },
      },
      stateOfRequest: { stateOfRequestId: PraticaState.PRESENTED },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    return (sent.json() as RequestResponse).request;
  }

  it('takes Giulia’s sent SCIA in charge by the clerk Chiara, then Anna assigns it to a colleague: the assignee on the request and in its history', async () => {
    now = DAY_0;
    const sent = await sentScia();
    // Received today (day 0); a SCIA's 60 days end on Saturday 30 January 2027, a working day.
    expect(sent).toMatchObject({ ssuState: 'presented', pratica: { regime: 'SCIA', receivedOn: '2026-12-01', dueOn: '2027-01-30', assigneeId: null } });
    expect((await stored(sent.requestId)).due_on).toBe('2027-01-30');

    const colleagues = await call('GET', apiPath('boRequestColleagues', { id: sent.requestId }), 'chiara');
    expect(colleagues.statusCode, colleagues.body).toBe(200);
    const names = (colleagues.json().list as { lastName: string; profileId: number }[]).map((c) => [c.lastName, c.profileId]);
    expect(names).toEqual([
      ['Galli', Role.CLERK],
      ['Russo', Role.CLERK],
    ]);

    const taken = await fire('chiara', sent.requestId, { type: 'TAKE_IN_CHARGE', version: sent.version });
    expect(taken.statusCode, taken.body).toBe(200);
    const inCharge = (taken.json() as RequestResponse).request;
    expect(inCharge).toMatchObject({
      stateOfRequest: { stateOfRequestId: PraticaState.PRESENTED },
      assignee: { firstName: 'Chiara', lastName: 'Russo' },
      version: sent.version + 1,
    });
    expect(inCharge.history!.at(-1)).toMatchObject({
      event: 'TAKE_IN_CHARGE',
      actorName: 'Chiara Russo',
      actorProfileId: Role.CLERK,
      fromState: 3,
      toState: 3,
    });
    expect((await stored(sent.requestId)).assignee_user_id).toBe(inCharge.assignee!.userId);

    // Taken already: a forbidden transition, refused with the machine's reason, changing nothing.
    const before = await snapshot(sent.requestId);
    const again = await fire('chiara', sent.requestId, { type: 'TAKE_IN_CHARGE', version: inCharge.version });
    expect(again.json()).toEqual({
      code: 409,
      message: 'Conflict',
      errorKey: 'transition-not-allowed',
      description: 'Not possible now: someone is already in charge of the pratica.',
    });
    // A collaborator is no clerk: an assignment to them is refused with the reason.
    const toCollaborator = await fire('anna', sent.requestId, { type: 'ASSIGN', assigneeId: lucaId, version: inCharge.version });
    expect(toCollaborator.json()).toMatchObject({
      code: 409,
      errorKey: 'transition-not-allowed',
      description: expect.stringContaining("not a clerk of the pratica's office"),
    });
    expect(await snapshot(sent.requestId)).toEqual(before);

    const assigned = await fire('anna', sent.requestId, {
      type: 'ASSIGN',
      assigneeId: colleagueId,
      note: 'Segue le pratiche di somministrazione.',
      version: inCharge.version,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const moved = (assigned.json() as RequestResponse).request;
    expect(moved.assignee).toEqual({ userId: colleagueId, firstName: 'Marco', lastName: 'Galli' });
    expect(moved.pratica?.assigneeId).toBe(colleagueId);
    expect(moved.history!.at(-1)).toMatchObject({
      event: 'ASSIGN',
      actorName: 'Anna Verdi',
      assigneeName: 'Marco Galli',
      reason: 'Segue le pratiche di somministrazione.',
    });

    // Giulia sees who acted by role, never by name, and not who is in charge.
    const mine = ((await call('GET', apiPath('request', { id: sent.requestId }), 'giulia')).json() as RequestResponse).request;
    expect(mine).not.toHaveProperty('assignee');
    expect(mine.history!.at(-1)).toEqual({
      fromState: 3,
      toState: 3,
      at: new Date(DAY_0).toISOString(),
      actorProfileId: Role.BO_ADMIN,
      reason: 'Segue le pratiche di somministrazione.',
      event: 'ASSIGN',
    });
    // The clerk who was in charge is so no more: asking for an integration is the new one's or an administrator's.
    const formerClerk = await fire('chiara', sent.requestId, { type: 'REQUEST_INTEGRATION', note: 'Serve la planimetria.', version: moved.version });
    expect(formerClerk.json()).toMatchObject({ code: 403, description: 'Not allowed: only the clerk in charge or an administrator may REQUEST_INTEGRATION.' });
  });

  it('stops the clock when an administrator asks for an integration: the term stands still, the request is due on the answer’s day', async () => {
    now = DAY_0;
    const sent = await sentScia();
    now = DAY_0 + 2 * DAY; // Thursday 3 December
    const asked = await fire('anna', sent.requestId, { type: 'REQUEST_INTEGRATION', note: 'Serve la planimetria dei locali.', version: sent.version });
    expect(asked.statusCode, asked.body).toBe(200);
    const waiting = (asked.json() as RequestResponse).request;
    // 15 days to answer from 3 December: Friday 18 December.
    expect(waiting).toMatchObject({
      stateOfRequest: { stateOfRequestId: PraticaState.INTEGRATION_REQUESTED },
      ssuState: 'integration_requested',
      pratica: { suspendedSince: '2026-12-03', integrationDueOn: '2026-12-18', integrationsAsked: 1, daysLeftWhenSuspended: expect.any(Number) },
    });
    expect((await stored(sent.requestId)).due_on).toBe('2026-12-18');
    expect(waiting.history!.at(-1)).toMatchObject({ event: 'REQUEST_INTEGRATION', fromState: 3, toState: 9, reason: 'Serve la planimetria dei locali.' });
    // Integrations are asked once.
    const before = await snapshot(sent.requestId);
    const twice = await fire('anna', sent.requestId, { type: 'REQUEST_INTEGRATION', note: 'E la visura.', version: waiting.version });
    expect(twice.json()).toMatchObject({ code: 409, errorKey: 'transition-not-allowed' });
    expect(await snapshot(sent.requestId)).toEqual(before);
  });

  it('answers a collaborator’s attempt at every staff event 403, changing nothing', async () => {
    now = DAY_0;
    const sent = await sentScia();
    const before = await snapshot(sent.requestId);
    for (const type of STAFF_EVENT_TYPES) {
      const body: Record<string, unknown> = { type, version: sent.version, note: 'Una nota.' };
      if (type === 'ASSIGN') body.assigneeId = colleagueId;
      if (type === 'PROPOSE_OUTCOME') body.outcome = 'positive';
      const refused = await fire('luca', sent.requestId, body);
      expect({ type, status: refused.statusCode, errorKey: refused.json().errorKey }).toEqual({ type, status: 403, errorKey: 'forbidden' });
      expect(refused.json().description).toMatch(new RegExp(`^Not allowed: only .* may ${type}\\.$`));
    }
    expect(await snapshot(sent.requestId)).toEqual(before);
  });

  it('refuses a stale version with 409 stale-version, changing nothing', async () => {
    now = DAY_0;
    const sent = await sentScia();
    const before = await snapshot(sent.requestId);
    const stale = await fire('chiara', sent.requestId, { type: 'TAKE_IN_CHARGE', version: sent.version - 1 });
    expect(stale.json()).toMatchObject({ code: 409, errorKey: 'stale-version' });
    expect(await snapshot(sent.requestId)).toEqual(before);
  });

  it('answers a request of an office the clerk does not work for exactly like a missing one, on every call', async () => {
    now = DAY_0;
    const sent = await sentScia();
    const chiara = (await t.database.db.selectFrom('users').select('user_id').where('email', '=', 'chiara.russo@example.org').executeTakeFirstOrThrow())
      .user_id;
    const offices = await t.database.db.selectFrom('staff_office').selectAll().where('user_id', '=', chiara).execute();
    const rome = (await t.database.db.selectFrom('suap_municipality').select('suap_id').where('municipality_id', '=', ROME).executeTakeFirstOrThrow()).suap_id;
    // Chiara works for the office of Rome alone.
    await t.database.db.deleteFrom('staff_office').where('user_id', '=', chiara).where('suap_id', '<>', rome).execute();
    try {
      const before = await snapshot(sent.requestId);
      const missing = 99_999_999;
      const calls = [
        (id: number) => fire('chiara', id, { type: 'TAKE_IN_CHARGE', version: sent.version }),
        (id: number) => call('GET', apiPath('boRequestColleagues', { id }), 'chiara'),
        (id: number) => call('GET', apiPath('boRequest', { id }), 'chiara'),
      ];
      for (const request of calls) {
        const other = await request(sent.requestId);
        const none = await request(missing);
        expect({ status: other.statusCode, body: other.body }).toEqual({ status: 404, body: none.body });
      }
      expect(await snapshot(sent.requestId)).toEqual(before);
      const info = await call('GET', ApiPaths.boUserInfo, 'chiara');
      expect(info.json()).toMatchObject({ user: { officeIds: [rome], profile: { profileId: Role.CLERK } } });
    } finally {
      await t.database.db
        .insertInto('staff_office')
        .values(offices)
        .onConflict((oc) => oc.columns(['user_id', 'suap_id']).doNothing())
        .execute();
    }
  });

  it('lets Giulia withdraw her pratica; withdrawn, or someone else’s, it moves no more', async () => {
    now = DAY_0;
    const sent = await sentScia();
    now = DAY_0 + DAY;
    const mario = await call('POST', apiPath('requestEvent', { id: sent.requestId }), 'mario', { type: 'WITHDRAW', version: sent.version });
    const missing = await call('POST', apiPath('requestEvent', { id: 99_999_999 }), 'mario', { type: 'WITHDRAW', version: sent.version });
    expect({ status: mario.statusCode, body: mario.body }).toEqual({ status: 404, body: missing.body });
    const withdrawn = await call('POST', apiPath('requestEvent', { id: sent.requestId }), 'giulia', {
      type: 'WITHDRAW',
      note: 'Cambio sede.',
      version: sent.version,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const request = (withdrawn.json() as RequestResponse).request;
    expect(request).toMatchObject({
      stateOfRequest: { stateOfRequestId: PraticaState.WITHDRAWN },
      ssuState: 'ended_by_submitter_cancel_requested',
      pratica: { concludedOn: '2026-12-02' },
      decisionReason: 'Cambio sede.',
    });
    expect(request.history!.at(-1)).toMatchObject({ event: 'WITHDRAW', actorProfileId: Role.FRONT_OFFICE, reason: 'Cambio sede.' });
    expect((await stored(sent.requestId)).due_on).toBeNull();
    const before = await snapshot(sent.requestId);
    const again = await call('POST', apiPath('requestEvent', { id: sent.requestId }), 'giulia', { type: 'WITHDRAW', version: request.version });
    expect(again.json()).toMatchObject({
      code: 409,
      errorKey: 'transition-not-allowed',
      description: 'Not possible now: WITHDRAW is not possible in state withdrawn.',
    });
    const concluded = await fire('anna', sent.requestId, { type: 'CONCLUDE_POSITIVE', note: 'Tutto bene.', version: request.version });
    expect(concluded.json()).toMatchObject({ code: 409, errorKey: 'transition-not-allowed' });
    expect(await snapshot(sent.requestId)).toEqual(before);
    expect((await deskRead(sent.requestId)).ssuState).toBe('ended_by_submitter_cancel_requested');
  });

  it('refuses a body that does not fit its event with 400 naming the field, changing nothing', async () => {
    now = DAY_0;
    const sent = await sentScia();
    const before = await snapshot(sent.requestId);
    const version = sent.version;
    const staff: [Record<string, unknown>, string][] = [
      [{ type: 'REQUEST_INTEGRATION', version }, 'note'],
      [{ type: 'CONCLUDE_NEGATIVE', note: 'ok', version }, 'note'],
      [{ type: 'REFUSE', note: 'Irricevibile \u202Eevil', version }, 'note'],
      [{ type: 'TAKE_IN_CHARGE', assigneeId: colleagueId, version }, 'assigneeId'],
      [{ type: 'ASSIGN', version }, 'assigneeId'],
      [{ type: 'ASSIGN', assigneeId: 99_999_999, version }, 'assigneeId'],
      [{ type: 'PROPOSE_OUTCOME', version }, 'outcome'],
      [{ type: 'PROPOSE_OUTCOME', outcome: 'maybe', version }, 'outcome'],
      [{ type: 'CONCLUDE_POSITIVE', note: 'Tutto bene.', outcome: 'positive', version }, 'outcome'],
      [{ type: 'WITHDRAW', version }, 'type'],
      [{ type: 'TAKE_IN_CHARGE' }, 'version'],
      [{ type: 'TAKE_IN_CHARGE', version, reason: 'x' }, 'reason'],
    ];
    for (const [body, field] of staff) {
      const refused = await fire('anna', sent.requestId, body);
      expect({ body, status: refused.statusCode, field: refused.json().field }).toEqual({ body, status: 400, field });
    }
    const applicant: [Record<string, unknown>, string][] = [
      [{ type: 'TAKE_IN_CHARGE', version }, 'type'],
      [{ type: 'WITHDRAW', version, assigneeId: 1 }, 'assigneeId'],
      [{ type: 'WITHDRAW' }, 'version'],
    ];
    for (const [body, field] of applicant) {
      const refused = await call('POST', apiPath('requestEvent', { id: sent.requestId }), 'giulia', body);
      expect({ body, status: refused.statusCode, field: refused.json().field }).toEqual({ body, status: 400, field });
    }
    expect(await snapshot(sent.requestId)).toEqual(before);
  });
});
