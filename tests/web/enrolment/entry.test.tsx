// Spec §4 "Request states", "Draft actions", "Abort, draft found, draft delete": entering the
// startup process starts a new draft with the logged user, or offers the existing one; the draft
// machine lists the citizen's requests itself (the mocked GET request/list answers it).
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { DRAFT_STORAGE_KEY, encodeDraft } from '#machines/draft/rules.ts';
import { RequestState } from '#shared/constants.ts';
import { browserWindow } from '#web/auth/browser.ts';
import { contact, marioDraft, marioRequest, requestStates, romaOffice } from '#mocks/fixtures/requests.ts';
import { requestUrls } from '#mocks/handlers/requests.ts';
import { expectStep, headings, renderEnrolment, storedDraft } from './harness.tsx';

const draftFound = () => screen.findByRole('alertdialog', { name: 'Hai già una richiesta in bozza' });

describe('entering the startup process', () => {
  it('starts a new draft with the logged user when there is none, kept in session storage as base64 JSON', async () => {
    const app = renderEnrolment('/startup');
    await expectStep(app.router, 'initial-summary', headings.initialSummary);
    const raw = window.sessionStorage.getItem(DRAFT_STORAGE_KEY)!;
    expect(JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(raw), (c) => c.charCodeAt(0))))).toMatchObject({
      typeOfService: { typeOfServiceId: 1 },
      stateOfRequest: { stateOfRequestId: RequestState.DRAFT },
      user: { userId: 1, firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA80A01H501U', profile: { profileId: 1 } },
      suap: null,
    });
    // Only the initial summary is open; the menu's steps are still to do.
    const menu = screen.getByRole('navigation', { name: 'Passaggi della richiesta' });
    expect(within(menu).queryAllByRole('link')).toHaveLength(0);
  });

  it('enrollment-startup starts the process too, and the office chosen earlier goes into the new draft', async () => {
    window.sessionStorage.setItem('suap.selected-suap', JSON.stringify(romaOffice));
    const app = renderEnrolment('/startup/enrollment-startup');
    await expectStep(app.router, 'initial-summary', headings.initialSummary);
    expect(storedDraft()?.suap).toEqual(romaOffice);
    expect(window.sessionStorage.getItem('suap.selected-suap')).toBeNull();
  });

  it('offers the existing draft, and restoring it resumes at the first unfinished step with its data', async () => {
    const app = renderEnrolment('/startup', { seed: [marioDraft] });
    const dialog = await draftFound();
    await app.user.click(await within(dialog).findByRole('button', { name: 'Riprendi la bozza' }));
    await expectStep(app.router, 'select-initiative', headings.selectInitiative);
    expect(storedDraft()).toMatchObject({ requestId: marioDraft.requestId, version: marioDraft.version, procedureNotification: contact });
    const choice = screen.getByText('La tua scelta').closest('div')!;
    expect(within(choice).getByText(romaOffice.name)).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Passaggi della richiesta' });
    expect(within(menu).getByRole('link', { name: /Recapiti/ })).toBeTruthy();
  });

  it('deletes the existing draft and starts a new one on request, once confirmed like the private area does', async () => {
    const app = renderEnrolment('/startup', { seed: [marioDraft] });
    let dialog = await draftFound();
    await app.user.click(await within(dialog).findByRole('button', { name: 'Elimina e inizia una nuova richiesta' }));
    // Not confirmed: nothing is deleted and the choice is offered again.
    let confirm = await screen.findByRole('alertdialog', { name: `Vuoi eliminare la bozza n. ${marioDraft.requestId}?` });
    await app.user.click(await within(confirm).findByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: /Vuoi eliminare la bozza/ })).toBeNull());
    dialog = await draftFound();
    expect(app.store.requests.find((r) => r.requestId === marioDraft.requestId)?.stateOfRequest.stateOfRequestId).toBe(RequestState.DRAFT);
    await app.user.click(await within(dialog).findByRole('button', { name: 'Elimina e inizia una nuova richiesta' }));
    confirm = await screen.findByRole('alertdialog', { name: `Vuoi eliminare la bozza n. ${marioDraft.requestId}?` });
    await app.user.click(await within(confirm).findByRole('button', { name: 'Elimina la bozza' }));
    await expectStep(app.router, 'initial-summary', headings.initialSummary);
    expect(app.store.requests.find((r) => r.requestId === marioDraft.requestId)?.stateOfRequest.stateOfRequestId).toBe(RequestState.DELETED);
    expect(storedDraft()?.requestId).toBeUndefined();
  });

  it('starts a new draft when the citizen has only sent requests', async () => {
    const sent = marioRequest({ requestId: 50, stateOfRequest: requestStates[RequestState.SENT] });
    const app = renderEnrolment('/startup', { seed: [sent] });
    await expectStep(app.router, 'initial-summary', headings.initialSummary);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(storedDraft()?.requestId).toBeUndefined();
  });

  it('starts a new draft when the request list cannot be read (spec §8: a failed list gives no data)', async () => {
    const failing = http.get(requestUrls.list, () => HttpResponse.json({ code: 500, message: 'Generic Error' }, { status: 500 }));
    const app = renderEnrolment('/startup', { seed: [marioDraft], handlers: [failing] });
    await expectStep(app.router, 'initial-summary', headings.initialSummary);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(storedDraft()).toMatchObject({ typeOfService: { typeOfServiceId: 1 }, stateOfRequest: { stateOfRequestId: RequestState.DRAFT } });
    expect(storedDraft()?.requestId).toBeUndefined();
  });

  it('goes back to the service page when the draft-found modal is dismissed', async () => {
    const app = renderEnrolment('/startup', { seed: [marioDraft] });
    const dialog = await draftFound();
    await within(dialog).findByRole('button', { name: 'Riprendi la bozza' });
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/startup-service'));
  });

  it('offers a visitor the login, coming back to the same step (never leaving on its own)', async () => {
    const app = renderEnrolment('/startup/personal-data', { login: false });
    await screen.findByRole('heading', { level: 1, name: 'Accesso richiesto' });
    expect(browserWindow.leave).not.toHaveBeenCalled();
    // Nobody was logged in here: no session "ended" (that is said only when one did, mid-form).
    expect(screen.queryByText(/La sessione è terminata/)).toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'Accedi con la tua identità digitale' }));
    await waitFor(() => expect(browserWindow.leave).toHaveBeenCalledTimes(1));
    const state = new URL(vi.mocked(browserWindow.leave).mock.calls[0]![0]).searchParams.get('state');
    const stored = JSON.parse(window.sessionStorage.getItem(`suap.oidc.${state}`) ?? 'null');
    expect(stored.data.origin).toBe('/startup/personal-data');
  });

  it('opens a step page without a draft at the process entry', async () => {
    const app = renderEnrolment('/startup/request-summary');
    await expectStep(app.router, 'initial-summary', headings.initialSummary);
  });
});

describe('resuming a draft from the private area', () => {
  it('/startup?requestId= fetches that draft and opens its first unfinished step', async () => {
    const app = renderEnrolment(`/startup?requestId=${marioDraft.requestId}`, { seed: [marioDraft] });
    await expectStep(app.router, 'select-initiative', headings.selectInitiative);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(storedDraft()).toMatchObject({ requestId: marioDraft.requestId });
  });

  it('opens the draft named, not the one this tab had open before', async () => {
    const earlier = marioRequest({ requestId: 60, version: 2, procedureNotification: contact });
    window.sessionStorage.setItem(DRAFT_STORAGE_KEY, encodeDraft({ requestId: earlier.requestId, version: earlier.version }));
    const app = renderEnrolment(`/startup?requestId=${marioDraft.requestId}`, { seed: [earlier, marioDraft] });
    await expectStep(app.router, 'select-initiative', headings.selectInitiative);
    await waitFor(() => expect(storedDraft()).toMatchObject({ requestId: marioDraft.requestId, version: marioDraft.version }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('says the draft could not be fetched, and "retry" fetches the same draft again', async () => {
    const app = renderEnrolment(`/startup?requestId=${marioDraft.requestId}`);
    const alert = (await screen.findByText('Dati non disponibili')).closest<HTMLElement>('[role="alert"]')!;
    expect(app.router.state.location.pathname).toBe('/startup');
    // The draft is there now (the server answered again): retrying opens it, with no draft-found offer.
    app.store.requests.push(structuredClone(marioDraft));
    await app.user.click(within(alert).getByRole('button', { name: 'Riprova' }));
    await expectStep(app.router, 'select-initiative', headings.selectInitiative);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(storedDraft()).toMatchObject({ requestId: marioDraft.requestId });
  });
});
