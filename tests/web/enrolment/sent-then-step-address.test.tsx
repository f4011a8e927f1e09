// A step address typed after sending (a page load: the tab holds no draft any more) says the request
// was sent and offers a new one, instead of starting a new request unasked: the startup machine
// reads the tab's "sent" marker, which sending writes and a new or reopened draft removes.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SENT_REQUEST_KEY } from '#machines/startup.ts';
import { RequestState } from '#shared/constants.ts';
import { marioRequest, requestStates } from '#mocks/fixtures/requests.ts';
import { expectStep, headings, renderEnrolment, storedDraft } from './harness.tsx';

describe('a step address typed after sending', () => {
  it('says the request was sent, with its number, and offers a new request that the entry starts', async () => {
    // What sending leaves in the tab (tests/machines/startup.test.ts: sending writes the marker and
    // clears the draft's copy); the person then types a step's address, which loads the page again.
    const sent = marioRequest({ requestId: 57, stateOfRequest: requestStates[RequestState.SENT] });
    window.sessionStorage.setItem(SENT_REQUEST_KEY, String(sent.requestId));
    const app = renderEnrolment('/startup/personal-data', { seed: [sent] });
    await expectStep(app.router, 'thank-page', headings.thanks);
    expect(screen.getByText('La tua richiesta è stata inviata.')).toBeTruthy();
    expect(screen.getByText(`Numero della richiesta: ${sent.requestId}`)).toBeTruthy();
    // Nothing was started unasked.
    expect(storedDraft()).toBeNull();
    expect(app.store.requests).toHaveLength(1);

    await app.user.click(screen.getByRole('link', { name: 'Avvia una nuova richiesta' }));
    await expectStep(app.router, 'initial-summary', headings.initialSummary);
    expect(storedDraft()?.requestId).toBeUndefined();
    // The new draft ends the marker: a step address now goes on with that draft.
    expect(window.sessionStorage.getItem(SENT_REQUEST_KEY)).toBeNull();
  });

  it('the thank-you page loaded again names the request sent', async () => {
    window.sessionStorage.setItem(SENT_REQUEST_KEY, '57');
    renderEnrolment('/startup/thank-page', { seed: [marioRequest({ requestId: 57, stateOfRequest: requestStates[RequestState.SENT] })] });
    expect(await screen.findByText('Numero della richiesta: 57')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Avvia una nuova richiesta' }).getAttribute('href')).toBe('/startup');
  });

  it('without a marker, a step address with no draft still goes to the process entry (a new request)', async () => {
    const app = renderEnrolment('/startup/personal-data');
    await expectStep(app.router, 'initial-summary', headings.initialSummary);
  });
});
