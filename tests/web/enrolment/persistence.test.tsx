// Text the user types is never lost (spec §4 "Draft actions", DESIGN §5): a new unsaved draft
// lives in session storage and comes back on reload; a saved draft is fetched again and the edits
// typed since its last save are put back when the server still has that version; a language
// switch keeps the form; a session that expires while typing returns to the same step after login.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { browserWindow } from '#web/auth/browser.ts';
import { barRistorante, marioActivityAddress, marioDraft, marioPersonalData } from '#mocks/fixtures/requests.ts';
import { masterDataHandlers } from '#mocks/handlers/master-data.ts';
import { requestHandlers, requestUrls } from '#mocks/handlers/requests.ts';
import { server } from '../msw-server.ts';
import { renderApp } from '../render.tsx';
import { storeSession } from '../session.ts';
import { expectStep, headings, openDraftAt, renderEnrolment, startNewDraft, storedDraft } from './harness.tsx';

const textbox = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
// Who the business is and where (a sole trader in Rome): the personal-data step may be continued.
const business = { kind: 'sole-trader', atecoCode: '56.10.11', role: 'legal-representative' } as const;
const withInitiative = { ...marioDraft, iniziative: barRistorante, personalData: { ...marioPersonalData, business, activityAddress: marioActivityAddress } };

describe('typed data survive', () => {
  it('a reload of a new, never saved draft: same step, same values', async () => {
    const app = renderEnrolment('/startup');
    await startNewDraft(app);
    await app.user.clear(textbox(/^Indirizzo/));
    await app.user.type(textbox(/^Indirizzo/), 'mario@pec.example.org');
    await app.user.click(screen.getByText('Posta elettronica certificata (PEC)'));
    expect(storedDraft()).toMatchObject({ procedureNotification: { type: 2, value: 'mario@pec.example.org' } });
    app.unmount();

    const again = renderApp('/startup/notification-contacts');
    await expectStep(again.router, 'notification-contacts', headings.contacts);
    expect(textbox(/^Indirizzo PEC/).value).toBe('mario@pec.example.org');
    expect((screen.getByRole('radio', { name: 'Posta elettronica certificata (PEC)' }) as HTMLInputElement).checked).toBe(true);
  });

  it('a reload of a saved draft: the edits since its last save come back when the server has not moved on', async () => {
    const app = openDraftAt('personal-data', withInitiative);
    await expectStep(app.router, 'personal-data', headings.personalData);
    await app.user.type(textbox(/^Telefono/), '06 1234567');
    app.unmount();

    const again = renderApp('/startup/personal-data');
    await expectStep(again.router, 'personal-data', headings.personalData);
    await waitFor(() => expect(textbox(/^Telefono/).value).toBe('06 1234567'));
  });

  it('a reload of a saved draft changed elsewhere meanwhile: the newer server copy wins', async () => {
    const app = openDraftAt('personal-data', withInitiative);
    await expectStep(app.router, 'personal-data', headings.personalData);
    await app.user.type(textbox(/^Telefono/), '06 1234567');
    app.unmount();
    const stored = app.store.requests.find((request) => request.requestId === withInitiative.requestId)!;
    stored.version += 1;

    const again = renderApp('/startup/personal-data');
    await expectStep(again.router, 'personal-data', headings.personalData);
    await waitFor(() => expect(storedDraft()?.version).toBe(stored.version));
    expect(textbox(/^Telefono/).value).toBe('');
  });

  it('a language switch keeps what was typed', async () => {
    const app = openDraftAt('personal-data', withInitiative);
    await expectStep(app.router, 'personal-data', headings.personalData);
    await app.user.type(textbox(/^Telefono/), '06 7654321');
    const banner = screen.getByRole('banner');
    await app.user.click(await within(banner).findByRole('button', { name: /Lingua/ }));
    await app.user.click(await screen.findByRole('option', { name: 'English' }));
    await screen.findByRole('heading', { level: 1, name: 'Personal data' });
    expect(textbox(/^Telephone/).value).toBe('06 7654321');
    await app.user.click(await within(banner).findByRole('button', { name: /Language/ }));
    await app.user.click(await screen.findByRole('option', { name: 'Italiano' }));
    await screen.findByRole('heading', { level: 1, name: headings.personalData });
    expect(textbox(/^Telefono/).value).toBe('06 7654321');
  });

  it('a session expiring while typing: login again, back on the same step with the data', async () => {
    const expired = http.put(requestUrls.one, () => HttpResponse.json({ code: 401, message: 'Unauthorized', description: 'expired' }, { status: 401 }));
    const app = openDraftAt('personal-data', withInitiative);
    await expectStep(app.router, 'personal-data', headings.personalData);
    server.use(expired);
    await app.user.type(textbox(/^Telefono/), '06 1111111');
    await app.user.click(screen.getByRole('button', { name: 'Avanti' }));
    // The session ended: the login is offered, to come back to this very step. The explanation
    // replaced the form under the person's eyes: it takes focus (and comes into view).
    const heading = await screen.findByRole('heading', { level: 1, name: 'Accesso richiesto' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText(/La sessione è terminata/)).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Accedi con la tua identità digitale' }));
    await waitFor(() => expect(browserWindow.leave).toHaveBeenCalled());
    const state = new URL(vi.mocked(browserWindow.leave).mock.calls.at(-1)![0]).searchParams.get('state');
    expect(JSON.parse(window.sessionStorage.getItem(`suap.oidc.${state}`) ?? 'null').data.origin).toBe('/startup/personal-data');
    app.unmount();
    server.resetHandlers();

    // Back from the identity provider (the callback leaves the session and lands on the origin).
    server.use(...requestHandlers(app.store), ...masterDataHandlers);
    storeSession('mario');
    const again = renderApp('/startup/personal-data');
    await expectStep(again.router, 'personal-data', headings.personalData);
    await waitFor(() => expect(textbox(/^Telefono/).value).toBe('06 1111111'));
  });
});
