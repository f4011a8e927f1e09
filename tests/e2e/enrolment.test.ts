// Issue acceptance for the enrolment: real Chromium, real server, real embedded identity provider.
// Mario Rossi files a startup request from the service page to the thank-you page (checked through
// the API: sent, with its date); a draft survives a reload and a language switch, and a new browser
// context offers it back. axe finds no violation on any step nor on any enrolment modal. Giulia
// Bianchi reopens the seeded draft whose office has since moved to its own portal: select-initiative
// warns her why, every other step is read-only, and choosing another office lets her finish. On a
// portal of its own, where Milan has moved to the province's associated office, she reopens a draft
// naming Milan's former office and is warned that it no longer serves the municipality.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '#server/db/database.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { attachRequiredDocuments } from './support/documents.ts';
import { accessToken, chooseIdentity, loginFromHeader, openModal, userMenuButton } from './support/identity.ts';

const MARIO = 'Mario Rossi';

async function step(page: Page, path: string, heading: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === `/startup/${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** A select of the address form: waits for its list, opens it, picks the option. */
async function choose(page: Page, label: RegExp, option: string): Promise<void> {
  const trigger = page.getByRole('button', { name: label });
  await expect.poll(() => trigger.isEnabled()).toBe(true);
  await trigger.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function card(page: Page, list: string, text: string) {
  return page.getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: text });
}

async function searchInitiative(page: Page, text: string): Promise<void> {
  const bar = page.getByRole('search', { name: "Cerca l'iniziativa" });
  await bar.getByRole('searchbox').fill(text);
  await bar.getByRole('button', { name: 'Cerca', exact: true }).click();
}

async function searchOffice(page: Page, text: string): Promise<void> {
  const bar = page.getByRole('search', { name: 'Cerca lo sportello per nome o comune' });
  await bar.getByRole('searchbox').fill(text);
  await bar.getByRole('button', { name: 'Cerca', exact: true }).click();
}

const MILAN = 15146;

/**
 * A portal of this file's own (the SPA built for it, its own data folder), whose master data this
 * test may change without touching the one the other suites share: started once so it migrates and
 * seeds, stopped, changed through its database by `arrange`, and started again.
 */
function useOwnPortal(arrange: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<void>) {
  const own: { server: RunningServer | null; dirs: string[] } = { server: null, dirs: [] };
  beforeAll(async () => {
    // The run's one build (tests/e2e/global-setup.ts), served read-only by this portal too.
    const outDir = inject('portalDist');
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'suap-e2e-own-'));
    own.dirs.push(dataDir);
    const seeding = await startServer({ STATIC_DIR: outDir }, dataDir);
    await seeding.stop();
    const database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pglite') });
    try {
      await arrange(database.db);
    } finally {
      await database.close();
    }
    own.server = await startServer({ STATIC_DIR: outDir }, dataDir);
  }, 300_000);
  afterAll(async () => {
    await own.server?.stop();
    for (const dir of own.dirs) await fs.rm(dir, { recursive: true, force: true });
  });
  return { baseUrl: () => own.server!.baseUrl };
}

/**
 * Select-initiative in WARNING for `reason`, every other step read-only (drawn as complete, not a
 * link), axe clean: what a reopened draft whose choice no longer holds shows. Returns the warning.
 */
async function expectSelectionWarning(page: Page, reason: RegExp, axeLabel: string) {
  await step(page, 'select-initiative', 'Sportello e iniziativa');
  const warning = page.getByRole('status').filter({ hasText: 'Da verificare: scegli di nuovo' });
  await warning.getByText(reason).waitFor();
  const menu = page.getByRole('navigation', { name: 'Passaggi della richiesta' });
  await menu.locator('[data-step="select-initiative"][data-drawing="warning"]').waitFor();
  expect(await menu.getByRole('link').count()).toBe(0);
  for (const other of ['notification-contacts', 'personal-data', 'request-summary']) {
    expect(await menu.locator(`[data-step="${other}"]`).getAttribute('data-drawing')).toBe('complete');
  }
  await expectNoAxeViolations(page, axeLabel);
  return warning;
}

/**
 * After a valid office is chosen on a warned draft: "continue" releases the lock (the steps are
 * walked again), Giulia moves on and sends; returns the request as the server has it afterwards.
 */
/** Who the business is, the simplest answer: a sole trader, its owner applying (no register to ask). */
async function fillSoleTrader(page: Page): Promise<void> {
  await page.getByText('Ditta individuale', { exact: true }).click();
  await page.getByRole('textbox', { name: /^Codice ATECO 2025/ }).fill('56.10.11');
  await page.getByText('Titolare della ditta', { exact: true }).click();
}

/** Where the business will be: the municipality of the activity, from the ISTAT list (select-initiative). */
async function chooseActivityMunicipality(page: Page, typed: string, option: string): Promise<void> {
  const field = page.getByRole('combobox', { name: /^Comune dell’attività/ });
  await field.fill('');
  await field.pressSequentially(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => field.inputValue()).toBe(option);
}

/** The business's address in the municipality of the activity (personal-data). */
async function fillActivityAddress(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: /^Via o piazza/ }).fill('Via del Corso');
  await page.getByRole('textbox', { name: /^Numero civico/ }).fill('12/A');
  await page.getByRole('textbox', { name: /^Codice di avviamento postale/ }).fill('00186');
}

async function continueAndSend(page: Page, draftId: number, office: string) {
  await page.getByRole('button', { name: 'Avanti' }).click();
  await step(page, 'personal-data', 'Dati anagrafici');
  await fillSoleTrader(page);
  await fillActivityAddress(page);
  expect(await page.getByRole('status').filter({ hasText: 'Da verificare' }).count()).toBe(0);
  const menu = page.getByRole('navigation', { name: 'Passaggi della richiesta' });
  expect(await menu.getByRole('link').allTextContents()).toEqual([
    'Recapiti (completato)',
    'Sportello e iniziativa (completato)',
    'Documenti e riepilogo (da completare)',
  ]);
  await page.getByRole('button', { name: 'Avanti' }).click();
  await step(page, 'request-summary', 'Documenti e riepilogo');
  await page.getByRole('region', { name: 'Sportello e iniziativa' }).getByText(office).waitFor();
  await attachRequiredDocuments(page, 'it');
  await page.getByRole('button', { name: 'Invia la richiesta' }).click();
  await step(page, 'thank-page', 'Richiesta inviata');
  const sent = await page.evaluate(
    async ({ id, bearer }) => (await fetch(`/api/suap/v1/request/${id}`, { headers: { Authorization: `Bearer ${bearer}` } })).json(),
    { id: draftId, bearer: await accessToken(page) },
  );
  expect(sent.request.stateOfRequest.stateOfRequestId).toBe(3);
  return sent.request as { suap?: unknown; municipalityId?: number | null };
}

async function loginAtStartup(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/startup`);
  await page.getByRole('button', { name: 'Accedi con la tua identità digitale' }).click();
  await chooseIdentity(page, MARIO);
}

describe('enrolment in Chromium', () => {
  const browser = useBrowser();
  const base = () => browser.baseUrl();

  it('files a startup request from the service page to the thank-you page', async () => {
    const page = await browser.page();
    await page.goto(`${base()}/startup-service`);
    await page.getByRole('button', { name: 'Accedi e avvia la pratica' }).click();
    await chooseIdentity(page, MARIO);

    await step(page, 'initial-summary', 'Riepilogo iniziale');
    await expectNoAxeViolations(page, 'initial summary');
    await page.getByRole('button', { name: 'Inizia' }).click();

    await step(page, 'notification-contacts', 'Recapiti per le comunicazioni');
    expect(await page.getByRole('textbox', { name: /^Indirizzo e-mail/ }).inputValue()).toBe('mario.rossi@example.org');
    await expectNoAxeViolations(page, 'notification contacts');
    await page.getByRole('button', { name: 'Avanti' }).click();

    await step(page, 'select-initiative', 'Sportello e iniziativa');
    // No offices are listed before a search (docs/architecture.md "The citizen's journey with real data"): a hint says what to type.
    await page.getByText(/Scrivi il nome del comune in cui avvierai l’attività/).waitFor();
    await expectNoAxeViolations(page, 'select initiative (free search)');
    await page.getByText('Ricerca per territorio').click();
    await choose(page, /Regione/, 'Lazio');
    await choose(page, /Provincia/, 'Roma');
    await choose(page, /Comune/, 'Roma');
    const rome = card(page, 'Sportelli', 'SUAP del Comune di Roma (RM)');
    await rome.getByRole('button', { name: 'Scegli' }).click();
    await rome.getByText('Scelto').waitFor();
    await searchInitiative(page, 'Bar');
    const bar = card(page, 'Iniziative', 'Bar e ristorante');
    await bar.getByRole('button', { name: 'Scegli' }).click();
    await bar.getByText('Scelto').waitFor();
    await expectNoAxeViolations(page, 'select initiative (area search, chosen)');
    await page.getByRole('button', { name: 'Avanti' }).click();

    await step(page, 'personal-data', 'Dati anagrafici');
    const certified = page.getByRole('region', { name: 'Dati della tua identità digitale' });
    await certified.getByText('RSSMRA80A01H501U').waitFor();
    await fillSoleTrader(page);
    await fillActivityAddress(page);
    // A residence abroad opens its own fields (docs/architecture.md "The citizen's journey with real data").
    // Bootstrap Italia draws the checkbox on its label: the label is what a person clicks.
    const abroad = page.locator('label[for="residence-abroad"]');
    await abroad.click();
    await page.getByRole('combobox', { name: /^Stato di residenza/ }).waitFor();
    await expectNoAxeViolations(page, 'personal data (residence abroad)');
    await abroad.click();
    await page.getByRole('combobox', { name: /^Stato di residenza/ }).waitFor({ state: 'detached' });
    await expectNoAxeViolations(page, 'personal data');
    await page.getByRole('button', { name: 'Avanti' }).click();

    await step(page, 'request-summary', 'Documenti e riepilogo');
    await page.getByRole('region', { name: 'Sportello e iniziativa' }).getByText('Bar e ristorante').waitFor();
    await expectNoAxeViolations(page, 'request summary');
    await attachRequiredDocuments(page, 'it');
    await page.getByRole('button', { name: 'Invia la richiesta' }).click();

    await step(page, 'thank-page', 'Richiesta inviata');
    const numberText = await page.getByText(/^Numero della richiesta: \d+$/).textContent();
    const requestId = Number(/(\d+)$/.exec(numberText ?? '')?.[1]);
    expect(requestId).toBeGreaterThan(0);
    await expectNoAxeViolations(page, 'thank page');

    const token = await accessToken(page);
    const answer = await page.evaluate(
      async ({ id, bearer }) => (await fetch(`/api/suap/v1/request/${id}`, { headers: { Authorization: `Bearer ${bearer}` } })).json(),
      { id: requestId, bearer: token },
    );
    expect(answer.request.stateOfRequest.stateOfRequestId).toBe(3);
    expect(answer.request.sentRequestDate).toEqual(expect.any(String));
    expect(answer.request.suap.name).toBe('SUAP del Comune di Roma (RM)');
    expect(answer.request.iniziative.activityIt).toBe('Bar e ristorante');
    expect(answer.request.personalData).toMatchObject({ firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA80A01H501U' });
  });

  it('keeps a draft across a reload and a language switch, and offers it back in a new browser', async () => {
    const page = await browser.page();
    await page.goto(`${base()}/startup`);
    await page.getByRole('heading', { level: 1, name: 'Accesso richiesto' }).waitFor();
    await expectNoAxeViolations(page, 'startup login offer');
    await page.getByRole('button', { name: 'Accedi con la tua identità digitale' }).click();
    await chooseIdentity(page, MARIO);
    await step(page, 'initial-summary', 'Riepilogo iniziale');
    await page.getByRole('button', { name: 'Inizia' }).click();
    await step(page, 'notification-contacts', 'Recapiti per le comunicazioni');

    // A new draft offers "back to the form".
    await page.getByRole('button', { name: 'Annulla la richiesta' }).click();
    let dialog = await openModal(page, 'Vuoi uscire dalla richiesta?');
    await expectNoAxeViolations(page, 'request abort (new draft)');
    await dialog.getByRole('button', { name: 'Torna al modulo' }).click();

    await page.getByText('Posta elettronica certificata (PEC)').click();
    await page.getByRole('textbox', { name: /^Indirizzo PEC/ }).fill('mario.rossi@pec.example.org');
    // Mid-way reload of the new, never saved draft: same step, same values.
    await page.reload();
    await step(page, 'notification-contacts', 'Recapiti per le comunicazioni');
    expect(await page.getByRole('textbox', { name: /^Indirizzo PEC/ }).inputValue()).toBe('mario.rossi@pec.example.org');
    await page.getByRole('button', { name: 'Salva bozza' }).click();
    // A status message, no dialog, and focus stays on the button.
    await page.getByRole('status').filter({ hasText: 'Bozza salvata' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('step-save-draft');
    await expectNoAxeViolations(page, 'draft saved status');
    await page.getByRole('button', { name: 'Avanti' }).click();

    await step(page, 'select-initiative', 'Sportello e iniziativa');
    // An external office: its own portal, through the one-stop-shop exception modal.
    await searchOffice(page, 'Cuneo');
    const cuneo = card(page, 'Sportelli', 'SUAP della Provincia di Cuneo');
    await cuneo.getByRole('button', { name: 'Scegli' }).click();
    dialog = await openModal(page, 'Questo sportello usa un proprio portale');
    await expectNoAxeViolations(page, 'one-stop-shop exception (external)');
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    // Free text also matches the municipalities an office serves (docs/architecture.md "The citizen's journey with real data"): the office's own name finds it first.
    await chooseActivityMunicipality(page, 'Roma', 'Roma (RM)');
    await searchOffice(page, 'Comune di Roma');
    await card(page, 'Sportelli', 'SUAP del Comune di Roma (RM)').getByRole('button', { name: 'Scegli' }).click();
    await searchInitiative(page, 'Bar');
    await card(page, 'Iniziative', 'Bar e ristorante').getByRole('button', { name: 'Scegli' }).click();
    await page.getByRole('button', { name: 'Avanti' }).click();

    await step(page, 'personal-data', 'Dati anagrafici');
    await page.getByRole('textbox', { name: /^Telefono/ }).fill('06 1234567');
    await page.getByRole('textbox', { name: /^CAP/ }).fill('00184');
    await page.reload();
    await step(page, 'personal-data', 'Dati anagrafici');
    await expect.poll(() => page.getByRole('textbox', { name: /^Telefono/ }).inputValue()).toBe('06 1234567');
    await page.getByRole('button', { name: /Lingua/ }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await step(page, 'personal-data', 'Personal data');
    expect(await page.getByRole('textbox', { name: /^Telephone/ }).inputValue()).toBe('06 1234567');
    expect(await page.getByRole('textbox', { name: /^Postcode/ }).inputValue()).toBe('00184');
    await page.getByRole('button', { name: /Language/ }).click();
    await page.getByRole('option', { name: 'Italiano' }).click();
    await step(page, 'personal-data', 'Dati anagrafici');
    expect(await page.getByRole('textbox', { name: /^Telefono/ }).inputValue()).toBe('06 1234567');

    // A saved draft offers "save and exit".
    await page.getByRole('button', { name: 'Annulla la richiesta' }).click();
    dialog = await openModal(page, 'Vuoi uscire dalla richiesta?');
    await dialog.getByText(/salvare le modifiche nella bozza/).waitFor();
    await expectNoAxeViolations(page, 'request abort (saved draft)');
    await dialog.getByRole('button', { name: 'Torna al modulo' }).click();

    // Another browser, another day: the draft is offered back and resumes where it stopped.
    const other = await browser.page();
    await loginAtStartup(other, base());
    dialog = await openModal(other, 'Hai già una richiesta in bozza');
    await expectNoAxeViolations(other, 'draft found');
    await dialog.getByRole('button', { name: 'Riprendi la bozza' }).click();
    await step(other, 'personal-data', 'Dati anagrafici');
    const menu = other.getByRole('navigation', { name: 'Passaggi della richiesta' });
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Recapiti (completato)', 'Sportello e iniziativa (completato)']);
    await menu.getByRole('link', { name: /Recapiti/ }).click();
    await step(other, 'notification-contacts', 'Recapiti per le comunicazioni');
    expect(await other.getByRole('textbox', { name: /^Indirizzo PEC/ }).inputValue()).toBe('mario.rossi@pec.example.org');

    // Leave Mario without drafts, as the other suites on this server expect him.
    const deleted = await other.evaluate(
      async (bearer) => {
        const headers = { Authorization: `Bearer ${bearer}` };
        const { requestList } = await (await fetch('/api/suap/v1/request/list?userId=1', { headers })).json();
        const drafts = (requestList as Array<{ requestId: number; stateOfRequest: { stateOfRequestId: number } }>).filter(
          (r) => r.stateOfRequest.stateOfRequestId === 1,
        );
        for (const draft of drafts) await fetch(`/api/suap/v1/request/${draft.requestId}`, { method: 'DELETE', headers });
        return drafts.length;
      },
      await accessToken(other),
    );
    expect(deleted).toBe(1);
  });
  it('warns on a reopened draft whose office moved to its own portal, locks the other steps, and lets Giulia finish with another office', async () => {
    const page = await browser.page();
    await page.goto(base());
    await loginFromHeader(page, 'Giulia Bianchi');
    await userMenuButton(page, 'Giulia Bianchi').waitFor();
    // The seed gives Giulia a draft naming an office that has since become external (type EXT).
    const draftId = await page.evaluate(
      async (bearer) => {
        const { requestList } = await (await fetch('/api/suap/v1/request/list', { headers: { Authorization: `Bearer ${bearer}` } })).json();
        const draft = (requestList as Array<{ requestId: number; stateOfRequest: { stateOfRequestId: number }; suap?: { type: string } | null }>).find(
          (r) => r.stateOfRequest.stateOfRequestId === 1 && r.suap?.type === 'EXT',
        );
        return draft?.requestId ?? null;
      },
      await accessToken(page),
    );
    expect(draftId).not.toBeNull();

    await page.goto(`${base()}/startup?requestId=${draftId}`);
    await expectSelectionWarning(page, /ora riceve le richieste solo dal proprio portale/, 'select initiative (warning)');

    // The business moves to Milan: the office on its own portal does not serve it and is dropped.
    await chooseActivityMunicipality(page, 'Milano', 'Milano (MI)');
    await searchOffice(page, 'Milano');
    const milano = card(page, 'Sportelli', 'SUAP del Comune di Milano (MI)');
    await milano.getByRole('button', { name: 'Scegli' }).click();
    await milano.getByText('Scelto').waitFor();
    const sent = await continueAndSend(page, draftId!, 'SUAP del Comune di Milano (MI)');
    expect(sent.suap).toMatchObject({ name: 'SUAP del Comune di Milano (MI)', type: 'INT' });
  });

  describe('on a portal where Milan has moved to the associated office of its province', () => {
    // Milan's own office no longer serves Milan: Giulia's seeded drafts naming it (with Milan as the
    // municipality) now name an office that no longer serves their municipality.
    const own = useOwnPortal(async (db) => {
      const moved = await db.selectFrom('suap').select('suap_id').where('name', '=', 'SUAP del Comune di Milano (MI)').executeTakeFirstOrThrow();
      const associated = await db.selectFrom('suap').select('suap_id').where('name', '=', 'SUAP associato della Provincia di Milano').executeTakeFirstOrThrow();
      await db.deleteFrom('suap_municipality').where('suap_id', '=', moved.suap_id).where('municipality_id', '=', MILAN).execute();
      await db.insertInto('suap_municipality').values({ suap_id: associated.suap_id, municipality_id: MILAN }).execute();
    });

    it('warns on a reopened draft whose office no longer serves its municipality, locks the other steps, and lets Giulia finish with the office that serves it now', async () => {
      const page = await browser.page();
      await page.goto(own.baseUrl());
      await loginFromHeader(page, 'Giulia Bianchi');
      await userMenuButton(page, 'Giulia Bianchi').waitFor();
      const draftId = await page.evaluate(
        async (bearer) => {
          const { requestList } = await (await fetch('/api/suap/v1/request/list', { headers: { Authorization: `Bearer ${bearer}` } })).json();
          const draft = (
            requestList as Array<{
              requestId: number;
              stateOfRequest: { stateOfRequestId: number };
              suap?: { name: string } | null;
              municipalityId?: number | null;
            }>
          ).find((r) => r.stateOfRequest.stateOfRequestId === 1 && r.suap?.name === 'SUAP del Comune di Milano (MI)' && r.municipalityId === 15146);
          return draft?.requestId ?? null;
        },
        await accessToken(page),
      );
      expect(draftId).not.toBeNull();

      await page.goto(`${own.baseUrl()}/startup?requestId=${draftId}`);
      const warning = await expectSelectionWarning(page, /non serve più il comune indicato/, 'select initiative (office no longer serving the municipality)');
      expect(await warning.getByText(/proprio portale/).count()).toBe(0);

      // The office that serves Milan now, found by its territory.
      await page.getByText('Ricerca per territorio').click();
      await choose(page, /Regione/, 'Lombardia');
      await choose(page, /Provincia/, 'Milano');
      await choose(page, /Comune/, 'Milano');
      const associated = card(page, 'Sportelli', 'SUAP associato della Provincia di Milano');
      await associated.getByRole('button', { name: 'Scegli' }).click();
      await associated.getByText('Scelto').waitFor();
      const sent = await continueAndSend(page, draftId!, 'SUAP associato della Provincia di Milano');
      expect(sent).toMatchObject({ suap: { name: 'SUAP associato della Provincia di Milano', type: 'INT' }, municipalityId: MILAN });
    });
  });
});
