// A 403 is never shown as "try again later". A refused load (HTTP 403 with the
// envelope's errorKey `forbidden`) of the private area's list and of a request's details says "not
// allowed" and sends the person home, with no retry button that could not succeed; a refused draft
// save in the wizard opens its own alert, not the save-draft error's "try again".
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { barRistorante, marioActivityAddress, marioDraft, marioPersonalData } from '#mocks/fixtures/requests.ts';
import { privateAreaUrls } from '#mocks/handlers/private-area.ts';
import { requestUrls } from '#mocks/handlers/requests.ts';
import { ErrorKey } from '#shared/api/error-keys.ts';
import { expectStep, headings, openDraftAt } from './enrolment/harness.tsx';
import { server } from './msw-server.ts';
import { SLOW, useListsMockApi } from './private-area/support.ts';
import { renderApp } from './render.tsx';
import { storeSession } from './session.ts';

const REFUSAL = { code: 403, message: 'Forbidden', description: 'Forbidden', errorKey: ErrorKey.forbidden };
const refuse = () => HttpResponse.json(REFUSAL, { status: 403 });

/** The "not allowed" callout: its words, a way home, and neither a retry nor "try again". */
async function expectNotAllowed() {
  const alert = await screen.findByRole('alert', {}, SLOW);
  await within(alert).findByText('Accesso non consentito');
  expect(alert.textContent).toContain('Il tuo account non ha il permesso di vedere questi dati');
  expect(alert.textContent).not.toMatch(/Riprova tra|Dati non disponibili/);
  expect(within(alert).queryByRole('button', { name: 'Riprova' })).toBeNull();
  expect(within(alert).getByRole('link', { name: 'Vai alla pagina iniziale' }).getAttribute('href')).toBe('/');
}

describe('a refused call (403) is "not allowed", never "try again later"', () => {
  beforeEach(() => {
    useListsMockApi();
  });

  it('the private area list', async () => {
    server.use(http.get(privateAreaUrls.list, refuse));
    storeSession('mario');
    renderApp('/private-area');
    await screen.findByRole('heading', { level: 1, name: 'Area personale' }, SLOW);
    await expectNotAllowed();
    expect(screen.queryByRole('list', { name: /richieste/i })).toBeNull();
  });

  it("a request's details", async () => {
    server.use(http.get(privateAreaUrls.request, refuse));
    storeSession('mario');
    renderApp('/private-area/request-details?requestId=101');
    await expectNotAllowed();
    expect(screen.queryByRole('button', { name: 'Scarica il riepilogo (PDF)' })).toBeNull();
  });

  it('a failure other than a refusal still offers to try again', async () => {
    server.use(http.get(privateAreaUrls.request, () => HttpResponse.json({ code: 500, message: 'Generic Error' }, { status: 500 })));
    storeSession('mario');
    renderApp('/private-area/request-details?requestId=101');
    const alert = await screen.findByRole('alert', {}, SLOW);
    await within(alert).findByText('Dati non disponibili');
    expect(within(alert).getByRole('button', { name: 'Riprova' })).toBeTruthy();
  });
});

describe('a refused draft save in the wizard', () => {
  it('opens the "you cannot save" alert, not the save error that asks to try again, and stays on the step', async () => {
    // The step's data is complete (a sole trader, the business's address), so the save reaches the server.
    const business = { kind: 'sole-trader', atecoCode: '56.10.11', role: 'legal-representative' } as const;
    const personalData = { ...marioPersonalData, business, activityAddress: marioActivityAddress };
    const app = openDraftAt('personal-data', { ...marioDraft, iniziative: barRistorante, personalData });
    await expectStep(app.router, 'personal-data', headings.personalData);
    server.use(http.put(requestUrls.one, refuse));
    await app.user.click(screen.getByRole('button', { name: 'Avanti' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Non puoi salvare questa richiesta' }, SLOW);
    // The description comes with the dialog's content, after the modals machine's content delay.
    await within(dialog).findByText(/Il tuo account non ha il permesso di modificare questa richiesta/);
    expect(dialog.textContent).not.toMatch(/Riprova tra/);
    expect(screen.queryByRole('alertdialog', { name: 'Non è stato possibile salvare la bozza' })).toBeNull();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/startup/personal-data'));
  });
});
