// A pratica worked in real Chromium on a portal whose clock the test moves (tests/support/
// clock-portal.ts; docs/architecture.md "The pratica's lifecycle"). Giulia Bianchi's sent SCIA is
// taken in charge by the clerk Chiara Russo, who is offered that and nothing else; the collaborator
// Luca Neri is offered nothing and his call answers 403, changing nothing; the administrator Anna
// Verdi asks for an integration, which stops the term; asking again answers 409; when the answer's
// due day has passed, the clock closes the pratica (11) and Giulia reads it in her private area. A
// SILENZIO-ASSENSO pratica nobody decides ends on its due day (14), not before; an AUTORIZZAZIONE past
// due is flagged overdue on the desk and stays open. axe on the panel and every dialog opened; focus
// moves into each dialog and back to the page.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import type { RequestResponse, SuapRequest } from '#shared/api/requests.ts';
import { elapsesAt, romeDayOf } from '#shared/calendar.ts';
import { formatCalendarDay } from '#shared/dates.ts';
import { PraticaState, type Regime } from '#shared/pratica.ts';
import { startClockPortal, type ClockPortal } from '../support/clock-portal.ts';
import { signInOverHttp } from '../support/sign-in.ts';
import { storeRequiredDocuments } from '../server/support/documents.ts';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { loginFromHeader, loginToBackOffice, userMenuButton } from './support/identity.ts';
import { findGiuliaBar, GIULIA, presentedBar } from '../support/giulia-bar.ts';

describe('a pratica worked to its end in Chromium, with the clock moved', () => {
  const browser = useBrowser();
  let portal: ClockPortal;
  const tokens: Record<string, string> = {};
  let romeOffice: number;
  let bar: number;

  beforeAll(async () => {
    portal = await startClockPortal({ staticDir: inject('portalDist') });
    for (const [who, area] of [
      ['giulia', 'FO'],
      ['anna', 'BO'],
      ['luca', 'BO'],
    ] as const)
      tokens[who] = await signInOverHttp(portal.baseUrl, portal.baseUrl, area, who);
    await api('GET', `${ApiPaths.userInfo}?fiscalCode=${GIULIA.fiscalCode}`, 'giulia');
    ({ romeOffice, bar } = await findGiuliaBar(portal.db));
  }, 180_000);
  afterAll(async () => {
    await portal?.stop();
  });

  async function api(method: 'GET' | 'POST' | 'PUT', url: string, who: string, body?: object) {
    const response = await fetch(`${portal.baseUrl}/api${url}`, {
      method,
      headers: { authorization: `Bearer ${tokens[who]}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  const read = async (requestId: number): Promise<SuapRequest> => {
    const { status, body } = await api('GET', apiPath('boRequest', { id: requestId }), 'anna');
    expect(status).toBe(200);
    return (body as RequestResponse).request;
  };

  /** Giulia sends the bar in Rome now (the clock's now), under `regime` as the catalogue sets it. */
  async function send(regime: Regime): Promise<SuapRequest> {
    await portal.db.updateTable('iniziative').set({ regime }).where('iniziative_id', '=', bar).execute();
    const created = await api('POST', ApiPaths.requestCreate, 'giulia', { procedureNotification: { type: 1, value: 'giulia.bianchi@example.org' } });
    expect(created.status).toBe(200);
    const draft = (created.body as RequestResponse).request;
    await storeRequiredDocuments(portal.db, draft.requestId, bar);
    const sent = await api('PUT', apiPath('request', { id: draft.requestId }), 'giulia', presentedBar(draft, { romeOffice, bar }));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const request = (sent.body as RequestResponse).request;
    expect(request).toMatchObject({ ssuState: 'presented', pratica: { regime } });
    return request;
  }

  async function openOnDesk(person: string, requestId: number): Promise<Page> {
    const page = await browser.page();
    await loginToBackOffice(page, portal.baseUrl, person);
    await page.getByRole('grid', { name: 'Elenco delle richieste' }).waitFor();
    await page.goto(`${portal.baseUrl}/back-office/requests/${requestId}`);
    await page.getByRole('heading', { level: 1, name: `Richiesta n. ${requestId}` }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Lavorazione della pratica' }).waitFor();
    return page;
  }
  const actions = (page: Page) => page.getByRole('group', { name: 'Azioni sulla pratica' }).getByRole('button').allTextContents();
  /** The value of a fact (a `dt` and its `dd`) on the page: the pratica's panel's first, then the request's own part. */
  const fact = (page: Page, label: string) =>
    page
      .locator('dt')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .first()
      .locator('xpath=following-sibling::dd[1]');

  /** Opens the action's dialog, checks it (axe, focus inside), fills `note` when given and sends it. */
  async function act(page: Page, requestId: number, action: string, fill?: { label: string; text: string }): Promise<void> {
    const trigger = page.getByRole('group', { name: 'Azioni sulla pratica' }).getByRole('button', { name: action, exact: true });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: `${action}: richiesta n. ${requestId}` });
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expectNoAxeViolations(page, `${action} dialog`);
    if (fill) await dialog.getByRole('textbox', { name: fill.label }).fill(fill.text);
    await dialog.getByRole('button', { name: action, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  it('takes Giulia’s SCIA in charge, stops its term for an integration and lets the clock close it when the answer does not come', async () => {
    const { requestId } = await send('SCIA');

    // Chiara, the clerk, is offered taking it in charge and nothing else.
    const chiara = await openOnDesk('Chiara Russo', requestId);
    await expectNoAxeViolations(chiara, 'pratica panel, clerk');
    expect(await actions(chiara)).toEqual(['Prendi in carico']);
    await act(chiara, requestId, 'Prendi in carico');
    await expect.poll(() => fact(chiara, 'In carico a').textContent()).toBe('Chiara Russo');
    // The state does not change; the history names the event and the clerk.
    const taken = await read(requestId);
    expect(taken).toMatchObject({ stateOfRequest: { stateOfRequestId: PraticaState.PRESENTED }, assignee: { firstName: 'Chiara', lastName: 'Russo' } });
    expect(taken.history?.at(-1)).toMatchObject({ event: 'TAKE_IN_CHARGE', actorProfileId: 4, actorName: 'Chiara Russo' });

    // Luca, a collaborator, is offered nothing; his call is refused and changes nothing.
    const luca = await openOnDesk('Luca Neri', requestId);
    expect(await luca.getByRole('group', { name: 'Azioni sulla pratica' }).count()).toBe(0);
    for (const type of ['TAKE_IN_CHARGE', 'REQUEST_INTEGRATION', 'CONCLUDE_POSITIVE']) {
      const refused = await api('POST', apiPath('boRequestEvent', { id: requestId }), 'luca', {
        type,
        version: taken.version,
        ...(type === 'TAKE_IN_CHARGE' ? {} : { note: 'Un tentativo del collaboratore.' }),
      });
      expect(refused.status, type).toBe(403);
    }
    expect(await read(requestId)).toEqual(taken);

    // Anna asks for an integration: the term stops today, the answer has its own due day.
    const anna = await openOnDesk('Anna Verdi', requestId);
    expect(await actions(anna)).toEqual(
      expect.arrayContaining(['Assegna a un collega', 'Richiedi integrazione', 'Concludi con esito positivo', 'Ordina la conformazione']),
    );
    await act(anna, requestId, 'Richiedi integrazione', {
      label: 'Documenti o informazioni richiesti',
      text: 'La planimetria dei locali, firmata dal tecnico.',
    });
    await expect.poll(() => fact(anna, 'Stato').textContent()).toContain('Integrazione richiesta');
    const asked = await read(requestId);
    const today = romeDayOf(portal.clock.now());
    expect(asked).toMatchObject({ ssuState: 'integration_requested', pratica: { suspendedSince: today, integrationsAsked: 1 } });
    const answerDue = asked.pratica!.integrationDueOn!;
    await expect.poll(() => fact(anna, 'Termine sospeso dal').textContent()).toContain(formatCalendarDay(today));

    // Asking again is not possible: 409 with the reason, nothing changed.
    const again = await api('POST', apiPath('boRequestEvent', { id: requestId }), 'anna', {
      type: 'REQUEST_INTEGRATION',
      version: asked.version,
      note: 'Ancora?',
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errorKey: 'transition-not-allowed' });
    expect(await read(requestId)).toEqual(asked);

    // The answer's due day ends with no answer: not a moment early, then the clock closes it.
    await portal.clock.set(new Date(elapsesAt(answerDue).getTime() - 1));
    await portal.runDueJobs();
    expect((await read(requestId)).stateOfRequest.stateOfRequestId).toBe(PraticaState.INTEGRATION_REQUESTED);
    await portal.clock.set(elapsesAt(answerDue));
    expect((await portal.runDueJobs()).failed).toBe(0);
    const closed = await read(requestId);
    expect(closed).toMatchObject({ ssuState: 'ended_by_integration_times_expired', stateOfRequest: { stateOfRequestId: PraticaState.INTEGRATION_EXPIRED } });
    expect(closed.history?.at(-1)).toMatchObject({ event: 'CLOCK_INTEGRATION_OVERDUE', actorProfileId: null });

    await anna.reload();
    await expect.poll(() => fact(anna, 'Stato').textContent()).toContain('Chiusa per integrazione non pervenuta');
    expect(await anna.getByRole('group', { name: 'Azioni sulla pratica' }).count()).toBe(0);

    const citizen = await browser.page();
    await citizen.goto(portal.baseUrl);
    await loginFromHeader(citizen, 'Giulia Bianchi');
    await userMenuButton(citizen, 'Giulia Bianchi').waitFor();
    await citizen.goto(`${portal.baseUrl}/private-area`);
    const card = citizen.getByRole('article', { name: `Richiesta n. ${requestId}` });
    await card.waitFor();
    await card.getByText('Chiusa per integrazione non pervenuta').first().waitFor();
    await expectNoAxeViolations(citizen, 'private area with a pratica closed by the clock');
  });

  it('ends a SILENZIO-ASSENSO nobody decided on its due day, and flags an AUTORIZZAZIONE past due while it stays open', async () => {
    const silence = await send('SILENZIO-ASSENSO');
    const authorisation = await send('AUTORIZZAZIONE');
    const silenceDue = silence.pratica!.dueOn!;
    const authorisationDue = authorisation.pratica!.dueOn!;
    expect(silenceDue).toBe(authorisationDue);

    await portal.clock.set(new Date(elapsesAt(silenceDue).getTime() - 1));
    await portal.runDueJobs();
    expect((await read(silence.requestId)).ssuState).toBe('presented');
    expect((await read(authorisation.requestId)).pratica?.overdue).toBe(false);

    await portal.clock.set(elapsesAt(silenceDue));
    expect((await portal.runDueJobs()).failed).toBe(0);
    const consented = await read(silence.requestId);
    expect(consented).toMatchObject({ ssuState: 'ended_by_proceeding_time_expired', pratica: { concludedOn: romeDayOf(elapsesAt(silenceDue)) } });
    const late = await read(authorisation.requestId);
    expect(late).toMatchObject({ ssuState: 'presented', pratica: { overdue: true, concludedOn: null } });

    const anna = await openOnDesk('Anna Verdi', authorisation.requestId);
    await anna.locator('.app-pratica').getByText('In ritardo', { exact: true }).waitFor();
    expect(await actions(anna)).toEqual(expect.arrayContaining(['Concludi con esito positivo', 'Concludi con esito negativo']));
    await expectNoAxeViolations(anna, 'pratica panel, overdue');
    await anna.goto(`${portal.baseUrl}/back-office/requests/${silence.requestId}`);
    await expect.poll(() => fact(anna, 'Stato').textContent()).toContain('Conclusa per decorso dei termini');
  });
});
