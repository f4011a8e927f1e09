// One way to show a value nobody gave, on every screen (and in the PDF recap, see
// tests/server/pdf-recap.test.ts): the shared dash for the eye, "dato non indicato" for a screen
// reader; never a gendered "Non indicato" that disagrees with its field.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockStore } from '#mocks/fixtures/back-office.ts';
import { barRistorante, marioDraft } from '#mocks/fixtures/requests.ts';
import { EMPTY_VALUE } from '#shared/empty-value.ts';
import { expectStep, headings, openDraftAt } from './enrolment/harness.tsx';
import { SLOW, useListsMockApi } from './private-area/support.ts';
import { renderApp } from './render.tsx';
import { storeSession } from './session.ts';

/** The value cell of `label` in `region`: what the eye sees and what a screen reader hears. */
function valueOf(region: HTMLElement, label: string) {
  const cell = within(region).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
  const hidden = cell.querySelector('[aria-hidden="true"]');
  return { shown: hidden?.textContent ?? cell.textContent, heard: within(cell).queryByText('dato non indicato') };
}

describe('an empty value', () => {
  it("on a request's details: the dash, and words for a screen reader", async () => {
    useListsMockApi();
    storeSession('mario');
    renderApp('/private-area/request-details?requestId=104');
    await screen.findByRole('heading', { level: 1, name: 'Richiesta n. 104' }, SLOW);
    const applicant = screen.getByRole('region', { name: 'Dati anagrafici del richiedente' });
    const phone = valueOf(applicant, 'Telefono');
    expect(phone.shown).toBe(EMPTY_VALUE);
    expect(phone.heard).not.toBeNull();
    expect(applicant.textContent).not.toMatch(/Non indicat/);
  });

  it('on the request summary step, the same', async () => {
    const app = openDraftAt('request-summary', { ...marioDraft, iniziative: barRistorante });
    await expectStep(app.router, 'request-summary', headings.summary);
    const personal = await screen.findByRole('region', { name: 'Dati anagrafici' });
    const phone = valueOf(personal, 'Telefono');
    expect(phone.shown).toBe(EMPTY_VALUE);
    expect(phone.heard).not.toBeNull();
  });

  it("on the clerks' desk: a draft that names no office yet shows the dash in the office column", async () => {
    useListsMockApi();
    mockStore.requests = mockStore.requests.map((request) => (request.requestId === 202 ? { ...request, suap: null } : request));
    storeSession('anna');
    renderApp('/back-office/requests');
    await screen.findByText('9 richieste trovate.', {}, SLOW);
    const row = within(screen.getByRole('grid', { name: 'Elenco delle richieste' })).getAllByRole('row')[1]!;
    expect(within(row).getByRole('rowheader').textContent).toBe('202');
    const office = within(row).getAllByRole('gridcell')[3]!;
    expect(office.querySelector('[aria-hidden="true"]')?.textContent).toBe(EMPTY_VALUE);
    expect(within(office).getByText('dato non indicato')).toBeTruthy();
  });
});
