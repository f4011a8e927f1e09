// Spec §4 "Login" (front office without fiscal code), §5 and §8: the identity matcher's field
// validation in both languages, the machine's invalid and generic verdicts as alerts, success and
// cancel.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { authUrls } from '../../mocks/handlers/auth.ts';
import { readStoredSession } from '../../src/web/auth/storage.ts';
import { LANGUAGE_STORAGE_KEY } from '../../src/web/i18n/language.ts';
import { validateIdentity } from '../../src/web/screens/auth/identity-schema.ts';
import { server } from './msw-server.ts';
import { prepareCallback } from './oidc.ts';
import { renderApp } from './render.tsx';

async function openMatcher() {
  const view = renderApp(await prepareCallback('FO', 'hans', { origin: '/startup-service' }));
  await screen.findByRole('heading', { level: 1, name: /Verifica dell'identità|Identity check/ });
  return view;
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

async function fill(user: ReturnType<typeof renderApp>['user'], values: { stato?: string; comune?: string; codice?: string }) {
  if (values.stato !== undefined) {
    await user.clear(field(/^(Stato di nascita|Country of birth)/));
    if (values.stato) await user.type(field(/^(Stato di nascita|Country of birth)/), values.stato);
  }
  if (values.comune !== undefined) await user.type(field(/^(Comune di nascita|Municipality of birth)/), values.comune);
  if (values.codice !== undefined) await user.type(field(/^(Codice fiscale|Fiscal code)/), values.codice);
}

describe('identity matcher validation', () => {
  it('explains a malformed fiscal code and a missing municipality for people born in Italy, in Italian', async () => {
    const { user } = await openMatcher();
    await fill(user, { stato: 'Italia', codice: 'MLLHNS75' });
    await user.click(screen.getByRole('button', { name: 'Conferma i dati' }));
    const code = field(/^Codice fiscale/);
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/Il codice fiscale non è nel formato corretto/)).toBeTruthy();
    expect(screen.getByText("Indica il comune di nascita: è obbligatorio per chi è nato in Italia.")).toBeTruthy();
    // Focus goes to the first field in error; the names and date kept their prefilled values.
    expect(document.activeElement).toBe(field(/^Comune di nascita/));
    expect(field(/^Nome/).value).toBe('Hans');
  });

  it('gives the same errors in English', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    const { user } = await openMatcher();
    await fill(user, { stato: 'Italy', codice: '12345' });
    await user.click(screen.getByRole('button', { name: 'Confirm my details' }));
    expect(screen.getByText(/The fiscal code is not in the right format/)).toBeTruthy();
    expect(screen.getByText('Enter the municipality of birth: it is required for people born in Italy.')).toBeTruthy();
  });

  it('accepts omocodic codes and names with accents and apostrophes, and rejects digits in names', () => {
    const base = { nome: "Niccolò", cognome: "D'Amico", dataNascita: '1975-03-02', statoNascita: 'Germania', comuneNascita: '', sesso: 'M' };
    expect(validateIdentity({ ...base, codiceFiscale: 'mllhns75c02z1m2l' })).toMatchObject({ ok: true, person: { codiceFiscale: 'MLLHNS75C02Z1M2L' } });
    expect(validateIdentity({ ...base, nome: 'H4ns', codiceFiscale: 'MLLHNS75C02Z112L' })).toEqual({ ok: false, errors: { nome: 'identity-matcher.errors.letters' } });
  });
});

describe('identity check verdicts', () => {
  it('shows errors.invalid-message and its description when the code does not match', async () => {
    const { user } = await openMatcher();
    await fill(user, { stato: 'Germania', codice: 'MLLHNS75C02Z112X' });
    await user.click(screen.getByRole('button', { name: 'Conferma i dati' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('I dati inseriti non corrispondono al codice fiscale')).toBeTruthy();
    expect(within(alert).getByText(/Controlla nome, cognome/)).toBeTruthy();
    expect(field(/^Codice fiscale/).value).toBe('MLLHNS75C02Z112X');
  });

  it('shows errors.generic-message when the check fails', async () => {
    server.use(http.post(authUrls.checkPerson, () => HttpResponse.json({ code: 500, message: 'x', description: 'x' }, { status: 500 })));
    const { user } = await openMatcher();
    await fill(user, { stato: 'Germania', codice: 'MLLHNS75C02Z112L' });
    await user.click(screen.getByRole('button', { name: 'Conferma i dati' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Non è stato possibile verificare i tuoi dati')).toBeTruthy();
    expect(within(alert).getByText(/Il servizio di verifica non ha risposto/)).toBeTruthy();
  });

  it('logs in with the right code and returns to the origin', async () => {
    const { user, router } = await openMatcher();
    await fill(user, { stato: 'Germania', codice: 'MLLHNS75C02Z112L' });
    await user.click(screen.getByRole('button', { name: 'Conferma i dati' }));
    expect(await within(screen.getByRole('banner')).findByRole('button', { name: /Hans Muller/ })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/startup-service'));
    expect(readStoredSession()?.user.fiscalCode).toBe('MLLHNS75C02Z112L');
  });

  it('cancels the login and goes home', async () => {
    const { user, router } = await openMatcher();
    await user.click(screen.getByRole('button', { name: "Annulla l'accesso" }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(within(screen.getByRole('banner')).getByRole('button', { name: "Accedi all'area personale" })).toBeTruthy();
  });
});
