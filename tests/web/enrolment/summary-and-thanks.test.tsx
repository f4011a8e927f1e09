// Steps "request summary" and "thank page" (spec §2, §4, §7 getPdfRecap, §8 pdf error): everything
// with a link back to each step, sending (state 3), the request number, the PDF recap saved under
// the server's file name, and the generic alert when it cannot be downloaded.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { RequestState } from '#shared/constants.ts';
import { barRistorante, marioActivityAddress, marioDraft, marioPersonalData } from '#mocks/fixtures/requests.ts';
import { requestUrls } from '#mocks/handlers/requests.ts';
import { expectStep, headings, openDraftAt, storedDraft } from './harness.tsx';

// Who the business is: a sole trader, so no register is asked at send (business-identity.test.tsx covers a company).
const business = { kind: 'sole-trader', atecoCode: '56.10.11', role: 'legal-representative' } as const;
const complete = {
  ...marioDraft,
  iniziative: barRistorante,
  personalData: { ...marioPersonalData, telephone: '+39 06 1234567', business, activityAddress: marioActivityAddress },
};

async function openSummary(
  handlers = [] as Parameters<typeof openDraftAt>[2] extends infer O ? (O extends { handlers?: infer H } ? NonNullable<H> : never) : never,
) {
  const app = openDraftAt('request-summary', complete, { handlers });
  await expectStep(app.router, 'request-summary', headings.summary);
  return app;
}

describe('request summary', () => {
  it('shows every part of the request with a link to change it', async () => {
    const app = await openSummary();
    const contacts = screen.getByRole('region', { name: 'Recapiti per le comunicazioni' });
    expect(within(contacts).getByText('mario.rossi@example.org')).toBeTruthy();
    const choice = screen.getByRole('region', { name: 'Sportello e iniziativa' });
    expect(within(choice).getByText('SUAP del Comune di Roma (RM)')).toBeTruthy();
    expect(within(choice).getByText('Bar e ristorante')).toBeTruthy();
    const person = screen.getByRole('region', { name: 'Dati anagrafici' });
    expect(within(person).getByText('+39 06 1234567')).toBeTruthy();
    // Where the business will be: the municipality of the activity with the office, the address with the personal data.
    expect(within(choice).getByText('Roma (RM)')).toBeTruthy();
    expect(within(person).getByText('Via del Corso 12, 00186 Roma')).toBeTruthy();
    await app.user.click(within(choice).getByRole('link', { name: /^Modifica\s*Sportello e iniziativa$/ }));
    await expectStep(app.router, 'select-initiative', headings.selectInitiative);
  });

  it('"edit" opens the step, and its "continue" saves and comes back to the summary', async () => {
    const app = await openSummary();
    const contacts = screen.getByRole('region', { name: 'Recapiti per le comunicazioni' });
    await app.user.click(within(contacts).getByRole('link', { name: /^Modifica\s*Recapiti per le comunicazioni$/ }));
    await expectStep(app.router, 'notification-contacts', headings.contacts);
    await app.user.click(screen.getByRole('button', { name: 'Avanti' }));
    await expectStep(app.router, 'request-summary', headings.summary);
    expect(app.store.writes.map((write) => write.method)).toEqual(['PUT']);
  });

  it('sends the request (state 3) and thanks with its number; the step menu becomes read-only', async () => {
    const app = await openSummary();
    await app.user.click(screen.getByRole('button', { name: 'Invia la richiesta' }));
    await expectStep(app.router, 'thank-page', headings.thanks);
    expect(app.store.writes.at(-1)!.body.stateOfRequest).toEqual({ stateOfRequestId: RequestState.SENT });
    const sent = app.store.requests.find((r) => r.requestId === complete.requestId)!;
    expect(sent.stateOfRequest.stateOfRequestId).toBe(RequestState.SENT);
    expect(sent.sentRequestDate).toEqual(expect.any(String));
    expect(screen.getByText(`Numero della richiesta: ${complete.requestId}`)).toBeTruthy();
    expect(screen.getByRole('link', { name: "Vai all'area personale" }).getAttribute('href')).toBe('/private-area');
    const menu = screen.getByRole('navigation', { name: 'Passaggi della richiesta' });
    expect(within(menu).queryAllByRole('link')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Annulla la richiesta' })).toBeNull();
    // The sent request is no draft any more: nothing is kept in the tab.
    expect(storedDraft()).toBeNull();
    // "Back" to the summary: the request is sent, the thank page stays.
    await app.router.navigate('/startup/request-summary');
    await expectStep(app.router, 'thank-page', headings.thanks);
  });

  it('downloads the PDF recap under the name the server gives', async () => {
    const created = vi.fn(() => 'blob:recap');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const app = await openSummary();
    await app.user.click(screen.getByRole('button', { name: 'Invia la richiesta' }));
    await expectStep(app.router, 'thank-page', headings.thanks);
    await app.user.click(screen.getByRole('button', { name: 'Scarica il riepilogo (PDF)' }));
    await waitFor(() => expect(clicked).toEqual([`riepilogo-richiesta-${complete.requestId}.pdf`]));
  });

  it('opens the generic alert when the PDF cannot be downloaded', async () => {
    const failing = http.get(requestUrls.pdf, () => HttpResponse.json({ code: 500, message: 'x', description: 'x' }, { status: 500 }));
    const app = await openSummary([failing]);
    await app.user.click(screen.getByRole('button', { name: 'Invia la richiesta' }));
    await expectStep(app.router, 'thank-page', headings.thanks);
    await app.user.click(screen.getByRole('button', { name: 'Scarica il riepilogo (PDF)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Non è stato possibile scaricare il riepilogo' });
    expect(dialog.getAttribute('data-modal-type')).toBe('error');
  });
});
