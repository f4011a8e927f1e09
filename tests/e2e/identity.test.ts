// Issue acceptance for identity: real Chromium, real server, real embedded identity provider.
// Citizens (SPID-like and eIDAS) and staff log in and out; refused people get the right modal;
// axe finds no violation on the identity screens, the modals and the user menu.
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';
import {
  accessToken,
  chooseIdentity,
  expectLoggedOut,
  LOGIN_BUTTON,
  loginFromHeader,
  loginToBackOffice,
  openModal,
  userMenuButton,
} from './support/identity.ts';

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

  it('leaves nothing of Giulia in the tab after her logout: Mario, logging in next in the same tab, starts clean', async () => {
    const page = await browser.page();
    await page.goto(`${base()}/startup-service`);
    await loginFromHeader(page, 'Giulia Bianchi');
    await userMenuButton(page, 'Giulia Bianchi').waitFor();
    await page.goto(`${base()}/startup`);
    const found = await openModal(page, 'Hai già una richiesta in bozza');
    await found.getByRole('button', { name: 'Riprendi la bozza' }).click();
    await page.waitForURL((url) => /^\/startup\/[a-z-]+$/.test(url.pathname) && !url.pathname.endsWith('/initial-summary'));
    const giuliaDraft = await page.evaluate(() => window.sessionStorage.getItem('suap.draft'));
    expect(giuliaDraft).toBeTruthy();

    await userMenuButton(page, 'Giulia Bianchi').click();
    await page.getByRole('menuitem', { name: 'Esci' }).click();
    // Back on the startup page (the logout origin), logged out, and the tab holds nothing of hers.
    await page.waitForURL((url) => url.pathname === '/startup');
    await expectLoggedOut(page);
    await expect
      .poll(() =>
        page.evaluate(() =>
          ['suap.session', 'suap.draft', 'suap.selected-suap', 'suap.login-origin', 'suap.logout-origin'].filter(
            (key) => window.sessionStorage.getItem(key) !== null,
          ),
        ),
      )
      .toEqual([]);

    await page.getByRole('button', { name: 'Accedi con la tua identità digitale' }).click();
    await chooseIdentity(page, 'Mario Rossi');
    await userMenuButton(page, 'Mario Rossi').waitFor();
    // Mario starts afresh: whatever the process offers him is his, never Giulia's draft.
    await page.waitForURL((url) => url.pathname.startsWith('/startup'));
    await expect
      .poll(() => page.evaluate(() => window.sessionStorage.getItem('suap.draft') !== null || document.querySelector('[role="alertdialog"]') !== null))
      .toBe(true);
    const stored = await page.evaluate(() => window.sessionStorage.getItem('suap.draft'));
    if (stored) {
      const draft = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(stored), (c) => c.charCodeAt(0)))) as { user?: { fiscalCode?: string } };
      expect(draft.user?.fiscalCode).toBe('RSSMRA80A01H501U');
    }
    expect(await page.getByText('Giulia', { exact: false }).count()).toBe(0);
  });

  it('warns and keeps the session when the token cannot be revoked', async () => {
    const page = await browser.page();
    await page.goto(base());
    await loginFromHeader(page, 'Giulia Bianchi');
    await userMenuButton(page, 'Giulia Bianchi').waitFor();
    await page.route('**/api/usersession/v1/user-session/revoke', (route) =>
      route.fulfill({ status: 502, json: { code: 502, message: 'Bad Gateway', description: 'x' } }),
    );
    await userMenuButton(page, 'Giulia Bianchi').click();
    await page.getByRole('menuitem', { name: 'Esci' }).click();
    await openModal(page, 'Non è stato possibile chiudere la sessione. Riprova tra qualche istante: la sessione è ancora aperta.');
    await expectNoAxeViolations(page, 'revoke-token-failed warning');
    expect(await accessToken(page)).toBeTruthy();
  });

  it('refuses Paolo Gialli (deactivated) with the front-office authentication-failed modal that says his account is deactivated', async () => {
    const page = await browser.page();
    await page.goto(base());
    await loginFromHeader(page, 'Paolo Gialli');
    const dialog = await openModal(page, 'Account disattivato');
    await dialog.getByText(/contatta l’ufficio che lo gestisce/).waitFor();
    expect(await dialog.getByRole('button', { name: 'Accedi di nuovo' }).count()).toBe(1);
    await expectNoAxeViolations(page, 'authentication failed (front office)');
    await expectLoggedOut(page);
  });

  it('sends Hans Muller (eIDAS) through the identity matcher: the provider’s data read-only, field errors in a focused summary', async () => {
    const page = await browser.page();
    await page.goto(base());
    await loginFromHeader(page, 'Hans Muller');
    await page.waitForURL(/\/auth\/identity-matcher$/);
    await page.getByRole('heading', { level: 1, name: "Verifica dell'identità" }).waitFor();
    // Name and birth date are the provider's: shown, not editable.
    await page.getByText('02/03/1975').waitFor();
    expect(await page.getByRole('textbox', { name: /^Nome/ }).count()).toBe(0);
    await expectNoAxeViolations(page, 'identity matcher (empty)');

    const country = page.getByRole('combobox', { name: /^Stato di nascita/ });
    await country.fill('Ital');
    await page.getByRole('option', { name: 'Italia', exact: true }).click();
    await page.getByLabel(/^Codice fiscale/).fill('MLLHNS75');
    await page.getByRole('button', { name: 'Conferma i dati' }).click();
    const summary = page.getByRole('group', { name: 'C’è un problema' });
    await summary.getByRole('link', { name: 'Indica il comune di nascita: è obbligatorio per chi è nato in Italia.' }).waitFor();
    expect(await summary.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectNoAxeViolations(page, 'identity matcher (field errors)');
  });

  it('lets Hans, in English on a phone, pick Germany; a wrong code puts focus on a summary in view, the right one lets him in', async () => {
    const page = await browser.page({ locale: 'en-GB', width: 375, height: 740 });
    await page.goto(`${base()}/?lang=en`);
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).first().click();
    await chooseIdentity(page, 'Hans Muller');
    await page.waitForURL(/\/auth\/identity-matcher$/);
    await page.getByRole('heading', { level: 1, name: 'Identity check' }).waitFor();

    // The sex comes prefilled from the identity's claims; the person may change it.
    expect(await page.getByRole('radio', { name: 'Male', exact: true }).isChecked()).toBe(true);
    await page.getByRole('combobox', { name: /^Country of birth/ }).fill('Deutschland');
    await page.getByRole('option', { name: 'Germany' }).click();
    await page.getByLabel(/^Fiscal code/).fill('MLLHNS75C02Z112X');
    await page.getByRole('button', { name: 'Confirm my details' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText('The details you entered do not match the fiscal code').waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'alert');
    const box = await alert.boundingBox();
    expect(box && box.y >= 0 && box.y < 740).toBe(true);
    await expectNoAxeViolations(page, 'identity matcher (invalid identity, 375 px, English)');

    await alert.getByRole('link', { name: 'Check the fiscal code' }).click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('MLLHNS75C02Z112L');
    await page.getByRole('button', { name: 'Confirm my details' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page
      .getByRole('banner')
      .getByRole('button', { name: /Hans Muller/ })
      .first()
      .waitFor();
  });

  it('asks Hans for his code once, as the help says: at his next login he goes straight in', async () => {
    const page = await browser.page();
    await page.goto(`${base()}/startup-service`);
    await loginFromHeader(page, 'Hans Muller');
    // Bound by the test above, or here now: either way, once.
    await page.waitForURL((url) => url.pathname === '/auth/identity-matcher' || url.pathname === '/startup-service');
    if (new URL(page.url()).pathname === '/auth/identity-matcher') {
      await page.getByRole('combobox', { name: /^Stato di nascita/ }).fill('Germ');
      await page.getByRole('option', { name: 'Germania' }).click();
      await page.getByLabel(/^Codice fiscale/).fill('MLLHNS75C02Z112L');
      await page.getByRole('button', { name: 'Conferma i dati' }).click();
    }
    await userMenuButton(page, 'Hans Muller').waitFor();
    await userMenuButton(page, 'Hans Muller').click();
    await page.getByRole('menuitem', { name: 'Esci' }).click();
    // Back from the provider's logout page, logged out, on the home page: the logout callback shows
    // the header's login too, on its way there, and a navigation begun then would be cut short.
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByRole('link', { name: LOGIN_BUTTON }).waitFor();

    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.goto(`${base()}/startup-service`);
    await loginFromHeader(page, 'Hans Muller');
    await userMenuButton(page, 'Hans Muller').waitFor();
    await page.waitForURL((url) => url.pathname === '/startup-service');
    expect(visited).not.toContain('/auth/identity-matcher');
    expect(await page.getByRole('heading', { level: 1, name: "Verifica dell'identità" }).count()).toBe(0);
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
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Richieste', 'Utenti', 'Registro attività']);

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
