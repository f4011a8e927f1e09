// A residence abroad on the private area's request details (src/shared/api/residence-abroad.ts):
// one line with the address, the city and the country in the reader's language; no line for a
// person living in Italy.
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockStore } from '#mocks/fixtures/back-office.ts';
import { LANGUAGE_STORAGE_KEY } from '#web/i18n/language.ts';
import { renderApp } from '../render.tsx';
import { storeSession } from '../session.ts';
import { SLOW, useListsMockApi } from './support.ts';

beforeEach(() => {
  useListsMockApi();
  const sent = mockStore.requests.find((request) => request.requestId === 102)!;
  sent.personalData = { ...sent.personalData!, residenceAbroad: { country: 'FR', city: 'Paris', address: '12 Rue de Rivoli' } };
});

async function applicant(requestId: number, title: RegExp, part: string) {
  storeSession('mario');
  renderApp(`/private-area/request-details?requestId=${requestId}`);
  await screen.findByRole('heading', { level: 1, name: title }, SLOW);
  return screen.getByRole('region', { name: part });
}

describe('residence abroad on the request details', () => {
  it('shows the residence abroad in one line', async () => {
    const region = await applicant(102, /^Richiesta n. 102$/, 'Dati anagrafici del richiedente');
    expect(within(region).getByText('Residenza all’estero', { selector: 'dt' }).nextElementSibling?.textContent).toBe('12 Rue de Rivoli, Paris, Francia');
  });

  it('names the country in English for an English reader', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    const region = await applicant(102, /^Request (no\. )?102$/i, "Applicant's personal data");
    expect(within(region).getByText('Residence abroad', { selector: 'dt' }).nextElementSibling?.textContent).toBe('12 Rue de Rivoli, Paris, France');
  });

  it('has no such line for a person living in Italy', async () => {
    const region = await applicant(103, /^Richiesta n. 103$/, 'Dati anagrafici del richiedente');
    expect(within(region).queryByText('Residenza all’estero')).toBeNull();
  });
});
