// Spec §4 "Login" (front office without fiscal code), §5 and §8: the identity matcher's field
// validation in both languages, the provider's data read-only, the country list, the machine's
// invalid, taken and generic verdicts as a focused summary, success and cancel.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { authUrls } from '#mocks/handlers/auth.ts';
import { readStoredSession } from '#web/auth/storage.ts';
import { LANGUAGE_STORAGE_KEY } from '#web/i18n/language.ts';
import { checkIdentity } from '#shared/validation/identity-form.ts';
import { server } from './msw-server.ts';
import { prepareCallback } from './oidc.ts';
import { renderApp } from './render.tsx';

async function openMatcher() {
  const view = renderApp(await prepareCallback('FO', 'hans', { origin: '/startup-service' }));
  await screen.findByRole('heading', { level: 1, name: /Verifica dell'identità|Identity check/ });
  return view;
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const country = () => screen.getByRole('combobox', { name: /^(Stato di nascita|Country of birth)/ }) as HTMLInputElement;

/** Types into the country combo box and picks the option named `option`. */
async function chooseCountry(user: ReturnType<typeof renderApp>['user'], typed: string, option: RegExp) {
  await user.click(country());
  await user.clear(country());
  await user.type(country(), typed);
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fill(user: ReturnType<typeof renderApp>['user'], values: { stato?: [string, RegExp]; comune?: string; codice?: string }) {
  if (values.stato) await chooseCountry(user, ...values.stato);
  if (values.comune !== undefined) await user.type(field(/^(Comune di nascita|Municipality of birth)/), values.comune);
  if (values.codice !== undefined) await user.type(field(/^(Codice fiscale|Fiscal code)/), values.codice);
}

describe('identity matcher form', () => {
  it('shows the provider’s name and birth date read-only: there is no field to change them', async () => {
    await openMatcher();
    const asserted = screen.getByRole('heading', { name: 'Dati comunicati dal tuo fornitore di identità' }).nextElementSibling!
      .nextElementSibling as HTMLElement;
    expect(within(asserted).getByText('Hans')).toBeTruthy();
    expect(within(asserted).getByText('Muller')).toBeTruthy();
    expect(within(asserted).getByText('02/03/1975')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /^Nome/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /^Cognome/ })).toBeNull();
    expect(document.querySelector('input[type="date"]')).toBeNull();
  });

  it('explains a malformed fiscal code and a missing municipality for people born in Italy in an error summary that takes focus, in Italian', async () => {
    const { user } = await openMatcher();
    await fill(user, { stato: ['Ital', /^Italia$/], codice: 'MLLHNS75' });
    await user.click(screen.getByRole('button', { name: 'Conferma i dati' }));
    const summary = screen.getByRole('group', { name: 'C’è un problema' });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(field(/^Codice fiscale/).getAttribute('aria-invalid')).toBe('true');
    expect(within(summary).getByRole('link', { name: /Il codice fiscale non è nel formato corretto/ })).toBeTruthy();
    await user.click(within(summary).getByRole('link', { name: 'Indica il comune di nascita: è obbligatorio per chi è nato in Italia.' }));
    expect(document.activeElement).toBe(field(/^Comune di nascita/));
  });

  it('names countries in English, Italy first, and understands a German writing "Deutschland"', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    const { user } = await openMatcher();
    await user.click(screen.getByRole('button', { name: /^Show the countries/ }));
    const options = await screen.findAllByRole('option');
    expect(options[0]!.textContent).toBe('Italy');
    await user.keyboard('{Escape}');
    await user.type(country(), 'Deutschland');
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Germany']);
    await user.click(screen.getByRole('option', { name: 'Germany' }));
    expect(country().value).toBe('Germany');
    expect(screen.queryByLabelText(/^Municipality of birth/)).toBeNull();
  });

  it('gives the same errors in English', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    const { user } = await openMatcher();
    await fill(user, { stato: ['Italy', /^Italy$/], codice: '12345' });
    await user.click(screen.getByRole('button', { name: 'Confirm my details' }));
    expect(screen.getAllByText(/The fiscal code is not in the right format/).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Enter the municipality of birth: it is required for people born in Italy.').length).toBeGreaterThan(0);
  });

  it('accepts omocodic codes and sends only what the provider does not assert', () => {
    const values = { sesso: 'M', statoNascita: 'DE', comuneNascita: 'Roma', codiceFiscale: 'mllhns75c02z1m2l' };
    expect(checkIdentity(values)).toEqual({ ok: true, value: { sesso: 'M', statoNascita: 'DE', codiceFiscale: 'MLLHNS75C02Z1M2L' } });
    expect(checkIdentity({ ...values, statoNascita: 'Germania' })).toEqual({ ok: false, errors: { statoNascita: 'identity-matcher.errors.country' } });
  });
});

describe('identity check verdicts', () => {
  it('shows errors.invalid-message and its description when the code does not match', async () => {
    const { user } = await openMatcher();
    await fill(user, { stato: ['Germ', /^Germania$/], codice: 'MLLHNS75C02Z112X' });
    await user.click(screen.getByRole('button', { name: 'Conferma i dati' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('I dati inseriti non corrispondono al codice fiscale')).toBeTruthy();
    expect(within(alert).getByText(/Controlla sesso, stato e comune di nascita/)).toBeTruthy();
    // Announced where the person is looking: the summary takes focus and links to the code.
    await waitFor(() => expect(document.activeElement).toBe(alert));
    await user.click(within(alert).getByRole('link', { name: 'Controlla il codice fiscale' }));
    expect(document.activeElement).toBe(field(/^Codice fiscale/));
    expect(field(/^Codice fiscale/).value).toBe('MLLHNS75C02Z112X');
  });

  it('says so when the code belongs to another identity, and tells whom to contact', async () => {
    const { user } = await openMatcher();
    await fill(user, { stato: ['Ital', /^Italia$/], comune: 'Roma', codice: 'RSSMRA80A01H501U' });
    await user.click(screen.getByRole('button', { name: 'Conferma i dati' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText("Questo codice fiscale è già associato a un'altra identità")).toBeTruthy();
    expect(within(alert).getByText(/contatta l'ufficio/)).toBeTruthy();
  });

  it('shows errors.generic-message when the check fails', async () => {
    server.use(http.post(authUrls.checkPerson, () => HttpResponse.json({ code: 500, message: 'x', description: 'x' }, { status: 500 })));
    const { user } = await openMatcher();
    await fill(user, { stato: ['Germ', /^Germania$/], codice: 'MLLHNS75C02Z112L' });
    await user.click(screen.getByRole('button', { name: 'Conferma i dati' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Non è stato possibile verificare i tuoi dati')).toBeTruthy();
    expect(within(alert).getByText(/Il servizio di verifica non ha risposto/)).toBeTruthy();
  });

  it('logs in with the right code and returns to the origin', async () => {
    const { user, router } = await openMatcher();
    await fill(user, { stato: ['Germ', /^Germania$/], codice: 'MLLHNS75C02Z112L' });
    await user.click(screen.getByRole('button', { name: 'Conferma i dati' }));
    expect(await within(screen.getByRole('banner')).findByRole('button', { name: /Hans Muller/ })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/startup-service'));
    expect(readStoredSession()?.user.fiscalCode).toBe('MLLHNS75C02Z112L');
  });

  it('cancels the login and goes home', async () => {
    const { user, router } = await openMatcher();
    await user.click(screen.getByRole('button', { name: "Annulla l'accesso" }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(within(screen.getByRole('banner')).getByRole('link', { name: "Accedi all'area personale" })).toBeTruthy();
  });
});
