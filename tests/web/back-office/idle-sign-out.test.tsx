// The back office's idle sign-out, screen level (machines/idle.ts with the real app, its clock
// xstate's SimulatedClock): after BO_IDLE_MINUTES without activity the clerk is signed out (token
// revoked, provider logout), and the conclusion they were typing in its dialog is back, the dialog
// open again, when the SAME person signs in again; anyone else signing in on the tab drops it, as a
// logout the person asks for does.
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import { anna } from '#mocks/fixtures/identities.ts';
import { configFixture } from '#mocks/fixtures/config.ts';
import { browserWindow } from '#web/auth/browser.ts';
import { KEPT_FORMS_KEY } from '#web/auth/kept-forms.ts';
import { readStoredSession } from '#web/auth/storage.ts';
import { rememberChosenRequest } from '#web/screens/back-office/selection.ts';
import { renderWithProbe } from '../model/probe.tsx';
import { prepareCallback } from '../oidc.ts';
import { SLOW, useListsMockApi } from '../private-area/support.ts';
import { storeSession } from '../session.ts';
import { addDays, officeToday } from '#shared/dates.ts';

const DETAILS = '/back-office/requests/details';
const IDLE_MS = configFixture.settings.backOfficeIdleMinutes * 60_000;
const REASON = 'Manca la visura camerale aggiornata.';

beforeEach(() => {
  useListsMockApi();
});

const CONCLUDE = 'Concludi con esito negativo';
const dialog = () => screen.queryByRole('dialog', { name: `${CONCLUDE}: richiesta n. 102` });
const reasonBox = () => within(dialog()!).getByRole('textbox', { name: /Motivazione/ }) as HTMLTextAreaElement;

async function openRequest102(path: string) {
  rememberChosenRequest(102);
  const clock = new SimulatedClock();
  const view = renderWithProbe(path, clock);
  await screen.findByRole('heading', { level: 1, name: 'Richiesta n. 102' }, SLOW);
  return { ...view, clock };
}

/** Anna types the reasons of a negative conclusion, then leaves the desk: the idle time passes and she is signed out. */
async function typeThenGoIdle() {
  storeSession('anna');
  const { user, clock, refs, unmount } = await openRequest102(DETAILS);
  await user.click(within(await screen.findByRole('group', { name: 'Azioni sulla pratica' })).getByRole('button', { name: CONCLUDE }));
  await waitFor(() => expect(dialog()).not.toBeNull());
  await user.type(reasonBox(), REASON);
  await act(async () => {
    clock.increment(IDLE_MS - 1);
  });
  expect(refs().auth.getSnapshot().matches('loggedIn')).toBe(true);
  await act(async () => {
    clock.increment(1);
  });
  // Token revoked, session cleared, off to the provider's logout (which ends its session too).
  await waitFor(() => expect(browserWindow.leave).toHaveBeenCalledTimes(1));
  expect(new URL(String(vi.mocked(browserWindow.leave).mock.calls[0]![0])).searchParams.get('id_token_hint')).toEqual(expect.any(String));
  expect(readStoredSession()).toBeNull();
  unmount();
  vi.mocked(browserWindow.leave).mockClear();
}

/** Back from the provider as `person`, on the request's page (Anna) or on the desk (`elsewhere`, or Luca). */
async function signInAgain(person: 'anna' | 'luca', elsewhere = false) {
  const origin = person === 'anna' && !elsewhere ? DETAILS : '/back-office/requests';
  const callback = await prepareCallback('BO', person, { origin, fromBackOfficeRoot: true });
  if (origin === DETAILS) return openRequest102(callback);
  const view = renderWithProbe(callback, new SimulatedClock());
  await waitFor(() => expect(view.refs().auth.getSnapshot().matches('loggedIn')).toBe(true));
  return view;
}

/** A logout the person asks for, through to the provider's logout page. */
async function logOut(view: { refs: () => { auth: { send(event: { type: 'LOGOUT' }): void } }; unmount(): void }) {
  act(() => view.refs().auth.send({ type: 'LOGOUT' }));
  await waitFor(() => expect(browserWindow.leave).toHaveBeenCalledTimes(1));
  view.unmount();
  vi.mocked(browserWindow.leave).mockClear();
}

describe('back-office idle sign-out', () => {
  it('gives the typed conclusion back, in its dialog, when the same person signs in again', async () => {
    await typeThenGoIdle();
    await signInAgain('anna');
    await waitFor(() => expect(reasonBox().value).toBe(REASON));
    // Taken once: nothing of it stays in the tab's storage.
    expect(window.sessionStorage.getItem(KEPT_FORMS_KEY)).toBeNull();
  });

  it('drops the typed conclusion when someone else signs in, so it is not there for anyone afterwards', async () => {
    await typeThenGoIdle();
    expect(window.sessionStorage.getItem(KEPT_FORMS_KEY)).toContain(`BO:${anna.userId}`);
    const luca = await signInAgain('luca');
    expect(window.sessionStorage.getItem(KEPT_FORMS_KEY)).toBeNull();
    await logOut(luca);
    await signInAgain('anna');
    await screen.findByRole('group', { name: 'Azioni sulla pratica' });
    expect(dialog()).toBeNull();
  });

  it('drops the typed conclusion on a logout the person asks for', async () => {
    await typeThenGoIdle();
    // Anna signs in again but does not open the request: her conclusion is still kept for her...
    const elsewhere = await signInAgain('anna', true);
    expect(window.sessionStorage.getItem(KEPT_FORMS_KEY)).toContain(`BO:${anna.userId}`);
    // ...until she logs out herself: logout drops everything of hers.
    await logOut(elsewhere);
    expect(window.sessionStorage.getItem(KEPT_FORMS_KEY)).toBeNull();
    await signInAgain('anna');
    await screen.findByRole('group', { name: 'Azioni sulla pratica' });
    expect(dialog()).toBeNull();
  });

  it('gives back the staff member being registered when the same person signs in again', async () => {
    const CREATE = '/back-office/users/create';
    storeSession('anna');
    const clock = new SimulatedClock();
    const first = renderWithProbe(CREATE, clock);
    const name = async () => (await screen.findByRole('textbox', { name: /^Nome/ }, SLOW)) as HTMLInputElement;
    await first.user.type(await name(), 'Brunella');
    await act(async () => {
      clock.increment(IDLE_MS);
    });
    await waitFor(() => expect(browserWindow.leave).toHaveBeenCalledTimes(1));
    first.unmount();
    vi.mocked(browserWindow.leave).mockClear();
    expect(window.sessionStorage.getItem(KEPT_FORMS_KEY)).toContain('staff:new');

    const callback = await prepareCallback('BO', 'anna', { origin: CREATE, fromBackOfficeRoot: true });
    const again = renderWithProbe(callback, new SimulatedClock());
    await waitFor(async () => expect((await name()).value).toBe('Brunella'));
    expect(window.sessionStorage.getItem(KEPT_FORMS_KEY)).toBeNull();
    again.unmount();
  });

  it('gives back the storage limit being changed on a draft when the same person signs in again', async () => {
    storeSession('anna');
    rememberChosenRequest(101);
    const clock = new SimulatedClock();
    const first = renderWithProbe(DETAILS, clock);
    await screen.findByRole('heading', { level: 1, name: 'Richiesta n. 101' }, SLOW);
    const field = () => screen.getByLabelText(/Conserva la bozza fino al/) as HTMLInputElement;
    const day = addDays(officeToday(), 40);
    await first.user.clear(field());
    await first.user.type(field(), day);
    await act(async () => {
      clock.increment(IDLE_MS);
    });
    await waitFor(() => expect(browserWindow.leave).toHaveBeenCalledTimes(1));
    first.unmount();
    vi.mocked(browserWindow.leave).mockClear();

    rememberChosenRequest(101);
    const callback = await prepareCallback('BO', 'anna', { origin: DETAILS, fromBackOfficeRoot: true });
    renderWithProbe(callback, new SimulatedClock());
    await screen.findByRole('heading', { level: 1, name: 'Richiesta n. 101' }, SLOW);
    await waitFor(() => expect(field().value).toBe(day));
  });
});
