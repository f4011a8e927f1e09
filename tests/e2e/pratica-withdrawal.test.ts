// The citizen withdraws a sent pratica in real Chromium against the real server (docs/architecture.md
// "The pratica's lifecycle"): Mario's bar in Rome, saved and sent over the API with its documents,
// shows its state, regime and terms on the details page; "Ritira la pratica" opens the confirmation
// (axe on it, focus inside), and the page then shows the pratica withdrawn with its history (axe
// again). Mario's own request, so the other suites' view of Giulia's requests is left as it was.
import { describe, expect, it } from 'vitest';
import { apiPath, ApiPaths } from '#shared/api/paths.ts';
import { RequestState } from '#shared/constants.ts';
import { uploadRequiredDocuments } from '#tests/support/documents-upload.ts';
import { MARIO } from '#tests/support/signing-fixtures.ts';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { withoutDrafts } from './support/drafts.ts';
import { accessToken, loginFromHeader, userMenuButton } from './support/identity.ts';

describe('withdrawing a pratica in Chromium', () => {
  const browser = useBrowser();
  const base = () => browser.baseUrl();

  it('lets Mario withdraw his sent bar after confirming, focus and axe checked on the dialog and the page', async () => {
    await withoutDrafts(await browser.page(), base(), 'Mario Rossi');
    const page = await browser.page();
    await page.goto(base());
    await loginFromHeader(page, 'Mario Rossi');
    await userMenuButton(page, 'Mario Rossi').waitFor();
    const token = await accessToken(page);
    const call = async (method: string, url: string, body?: unknown) => {
      const response = await fetch(`${base()}/api${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const offices = await call('GET', `${ApiPaths.suapList}?page=1&size=12&filter=Roma`);
    const office = (offices.body.suapList as { suapId: number; name: string }[]).find((candidate) => /Roma/.test(candidate.name))!;
    const initiatives = await call('GET', `${ApiPaths.iniziativeList}?page=1&size=100`);
    const bar = (initiatives.body.iniziativeList as { iniziativeId: number; code: string }[]).find((initiative) => initiative.code === 'AVV-SOM-001')!;
    const draft = (await call('POST', ApiPaths.requestCreate, { procedureNotification: { type: 1, value: 'mario.rossi@example.org' } })).body.request as {
      requestId: number;
    };
    const filled = {
      ...draft,
      suap: { suapId: office.suapId },
      municipalityId: 58091,
      iniziative: { iniziativeId: bar.iniziativeId },
      personalData: {
        firstName: 'Mario',
        lastName: 'Rossi',
        fiscalCode: 'RSSMRA80A01H501U',
        email: 'mario.rossi@example.org',
        dateOfBirth: '1980-01-01',
        business: { kind: 'sole-trader', atecoCode: '56.10.11', role: 'legal-representative' },
        activityAddress: { street: 'Via del Corso', streetNumber: '12', zipCode: '00186' },
      },
    };
    const saved = await call('PUT', apiPath('request', { id: draft.requestId }), filled);
    expect(saved.status).toBe(200);
    await uploadRequiredDocuments(draft.requestId, { baseUrl: base(), token, signer: MARIO });
    const sent = await call('PUT', apiPath('request', { id: draft.requestId }), {
      ...filled,
      version: (saved.body.request as { version: number }).version,
      stateOfRequest: { stateOfRequestId: RequestState.SENT },
    });
    expect(sent.status).toBe(200);

    const id = draft.requestId;
    await page.goto(`${base()}/private-area/request-details?requestId=${id}`);
    await page.getByRole('heading', { level: 1, name: `Richiesta n. ${id}` }).waitFor();
    const details = page.getByRole('region', { name: 'Dati della richiesta' });
    await details.getByText(/^SCIA \(segnalazione certificata di inizio attività\)/).waitFor();
    await details.getByText('Ricevuta il', { exact: true }).waitFor();
    await details.getByText('Da concludere entro il', { exact: true }).waitFor();
    const withdraw = page.getByRole('button', { name: 'Ritira la pratica' });
    await withdraw.click();
    const dialog = page.getByRole('alertdialog', { name: `Vuoi ritirare la pratica n. ${id}?` });
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expectNoAxeViolations(page, 'withdrawal confirmation');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => withdraw.evaluate((element) => element === document.activeElement)).toBe(true);

    await withdraw.click();
    await dialog.getByRole('textbox', { name: 'Motivo, per lo sportello (facoltativo)' }).fill('Ho trovato un locale in un altro comune.');
    await dialog.getByRole('button', { name: 'Sì, ritira la pratica' }).click();
    const outcome = page.getByRole('status').filter({ hasText: 'La pratica è stata ritirata' });
    await outcome.waitFor();
    await expect.poll(() => outcome.evaluate((element) => element === document.activeElement)).toBe(true);
    await details.locator('.badge[data-state="withdrawn"]').waitFor();
    const history = page.getByRole('region', { name: 'Storico della richiesta' });
    await history.getByText('Pratica ritirata dal richiedente').waitFor();
    await history.getByText('Nota: Ho trovato un locale in un altro comune.').waitFor();
    expect(await page.getByRole('button', { name: 'Ritira la pratica' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'a withdrawn pratica (private area)');
    await page.reload();
    await details.locator('.badge[data-state="withdrawn"]').waitFor();
  });
});
