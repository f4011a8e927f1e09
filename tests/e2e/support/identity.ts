// Steps of the identity flows in a real browser: the portal's login controls, the embedded
// provider's sign-in page (one button per demo person) and reading the session the SPA keeps.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export const LOGIN_BUTTON = "Accedi all'area personale";

/** On the provider's page, signs in as `person` (the button named after them). */
export async function chooseIdentity(page: Page, person: string): Promise<void> {
  await page.waitForURL(/\/idp-login\//);
  await page.getByRole('button', { name: person, exact: true }).click();
}

export async function loginFromHeader(page: Page, person: string): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: LOGIN_BUTTON }).click();
  await chooseIdentity(page, person);
}

/** The hidden footer link (shown on focus) to the back-office entry, then its login button. */
export async function loginToBackOffice(page: Page, baseUrl: string, person: string): Promise<void> {
  await page.goto(baseUrl);
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Accesso al back office' });
  await link.focus();
  await link.press('Enter');
  await page.waitForURL(/\/auth\/back-office$/);
  await page.getByRole('button', { name: 'Accedi al back office' }).click();
  await chooseIdentity(page, person);
}

export function userMenuButton(page: Page, fullName: string) {
  return page.getByRole('banner').getByRole('button', { name: `${fullName}: menu utente` });
}

export async function expectLoggedOut(page: Page): Promise<void> {
  await expect.poll(() => page.getByRole('banner').getByRole('link', { name: LOGIN_BUTTON, includeHidden: true }).count()).toBe(1);
  expect(await page.evaluate(() => window.sessionStorage.getItem('suap.session'))).toBeNull();
}

export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => JSON.parse(window.sessionStorage.getItem('suap.session') ?? '{}')?.auth?.access_token as string | undefined);
  if (!token) throw new Error('no access token in the session');
  return token;
}

/** The head modal once its content (and buttons) is rendered. */
export async function openModal(page: Page, title: string) {
  const dialog = page.getByRole('alertdialog', { name: title });
  await dialog.locator('.modal-footer').waitFor();
  return dialog;
}
