// Issue acceptance for identity: real Chromium, real server, real embedded identity provider.
// Citizens (SPID-like and eIDAS) and staff log in and out; refused people get the right modal;
// axe finds no violation on the identity screens, the modals and the user menu.
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { accessToken, chooseIdentity, expectLoggedOut, loginFromHeader, loginToBackOffice, openModal, userMenuButton } from './support/identity.ts';

const AUTH_FAILED = 'Accesso non riuscito';

describe('identity in Chromium', () => {
  const browser = useBrowser();
  const base = () => browser.baseUrl();

  it('logs Mario Rossi in from the header, keeps him across a reload, and logs him out for good', async () => {
    const page = await browser.page();
    await page.goto(`${base()}/startup-service`);
    await loginFromHeader(page, 'Mario Rossi');
    await page.waitForURL(`${base()}/startup-service`);
    await userMenuButton(page, 'Mario Rossi').waitFor();

    await page.reload();
    await userMenuButton(page, 'Mario Rossi').waitFor();
    await userMenuButton(page, 'Mario Rossi').click();
    await page.getByRole('menu').waitFor();
    await expectNoAxeViolations(page, 'citizen user menu open');

    const token = await accessToken(page);
    await page.getByRole('menuitem', { name: 'Esci' }).click();
    await page.waitForURL(`${base()}/`);
    await expectLoggedOut(page);
    const status = await page.evaluate(async (bearer) => {
      const response = await fetch('/api/suap/v1/request/getUserInfo?fiscalCode=RSSMRA80A01H501U', { headers: { Authorization: `Bearer ${bearer}` } });
      return response.status;
    }, token);
    expect(status).toBe(401);
  });

  it('warns and keeps the session when the token cannot be revoked', async () => {
    const page = await browser.page();
    await page.goto(base());
    await loginFromHeader(page, 'Giulia Bianchi');
    await userMenuButton(page, 'Giulia Bianchi').waitFor();
    await page.route('**/api/usersession/v1/user-session/revoke', (route) => route.fulfill({ status: 502, json: { code: 502, message: 'Bad Gateway', description: 'x' } }));
    await userMenuButton(page, 'Giulia Bianchi').click();
    await page.getByRole('menuitem', { name: 'Esci' }).click();
    await openModal(page, 'Non è stato possibile chiudere la sessione. Riprova tra qualche istante: sei ancora collegato.');
    await expectNoAxeViolations(page, 'revoke-token-failed warning');
    expect(await accessToken(page)).toBeTruthy();
  });

  it('refuses Paolo Gialli (deactivated) with the front-office authentication-failed modal', async () => {
    const page = await browser.page();
    await page.goto(base());
    await loginFromHeader(page, 'Paolo Gialli');
    const dialog = await openModal(page, AUTH_FAILED);
    expect(await dialog.getByRole('button', { name: 'Accedi di nuovo' }).count()).toBe(1);
    await expectNoAxeViolations(page, 'authentication failed (front office)');
    await expectLoggedOut(page);
  });

  it('sends Hans Muller (eIDAS) through the identity matcher', async () => {
    const page = await browser.page();
    await page.goto(base());
    await loginFromHeader(page, 'Hans Muller');
    await page.waitForURL(/\/auth\/identity-matcher$/);
    await page.getByRole('heading', { level: 1, name: "Verifica dell'identità" }).waitFor();
    expect(await page.getByLabel(/^Nome/).inputValue()).toBe('Hans');
    await expectNoAxeViolations(page, 'identity matcher (empty)');

    await page.getByLabel('Stato di nascita').fill('Italia');
    await page.getByLabel('Codice fiscale').fill('MLLHNS75');
    await page.getByRole('button', { name: 'Conferma i dati' }).click();
    await page.getByText('Indica il comune di nascita: è obbligatorio per chi è nato in Italia.').waitFor();
    await expectNoAxeViolations(page, 'identity matcher (field errors)');

    await page.getByLabel('Stato di nascita').fill('Germania');
    await page.getByLabel('Codice fiscale').fill('MLLHNS75C02Z112X');
    await page.getByRole('button', { name: 'Conferma i dati' }).click();
    await page.getByRole('alert').getByText('I dati inseriti non corrispondono al codice fiscale').waitFor();
    await expectNoAxeViolations(page, 'identity matcher (invalid identity)');

    await page.getByLabel('Codice fiscale').fill('MLLHNS75C02Z112L');
    await page.getByRole('button', { name: 'Conferma i dati' }).click();
    await userMenuButton(page, 'Hans Muller').waitFor();
    await page.waitForURL(`${base()}/`);
  });

  it('lets Anna Verdi (administrator) in from the footer link, with user management', async () => {
    const page = await browser.page();
    await page.goto(`${base()}/auth/back-office`);
    await page.getByRole('button', { name: 'Accedi al back office' }).waitFor();
    await expectNoAxeViolations(page, 'back-office login entry');
    await loginToBackOffice(page, base(), 'Anna Verdi');
    await page.waitForURL(`${base()}/back-office/requests?lang=it`);
    const nav = page.getByRole('navigation', { name: 'Menu principale' });
    await nav.getByRole('link', { name: 'Utenti' }).waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Richieste', 'Utenti']);

    await userMenuButton(page, 'Anna Verdi').click();
    await page.getByRole('menu').getByText('Codice fiscale: VRDNNA75D52F839Y').waitFor();
    await expectNoAxeViolations(page, 'staff user menu open');
    await page.getByRole('menuitem', { name: 'Esci' }).click();
    await openModal(page, 'Vuoi uscire dal back office?');
    await expectNoAxeViolations(page, 'back-office logout confirmation');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Esci' }).click();
    await page.waitForURL(`${base()}/`);
    await expectLoggedOut(page);
  });

  it('lets Luca Neri (collaborator) in without user management, and says so on the users page', async () => {
    const page = await browser.page();
    await loginToBackOffice(page, base(), 'Luca Neri');
    await page.waitForURL(`${base()}/back-office/requests?lang=it`);
    await userMenuButton(page, 'Luca Neri').waitFor();
    const nav = page.getByRole('navigation', { name: 'Menu principale' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Richieste']);
    await page.goto(`${base()}/back-office/users`);
    await page.getByRole('heading', { level: 1, name: 'Accesso non consentito' }).waitFor();
    await expectNoAxeViolations(page, 'not allowed page');
  });

  it('refuses Sara Blu in the back office with the back-office authentication-failed modal', async () => {
    const page = await browser.page();
    await loginToBackOffice(page, base(), 'Sara Blu');
    const dialog = await openModal(page, AUTH_FAILED);
    expect(await dialog.getByRole('button', { name: 'Accedi di nuovo al back office' }).count()).toBe(1);
    await expectNoAxeViolations(page, 'authentication failed (back office)');
    await expectLoggedOut(page);
  });

  it('starts the back-office login on a back-office page without a staff session', async () => {
    const page = await browser.page();
    await page.goto(`${base()}/back-office/requests`);
    await chooseIdentity(page, 'Luca Neri');
    await page.waitForURL(`${base()}/back-office/requests?lang=it`);
  });
});
