// Spec §4 warning on select-initiative, from the server's `selection` (docs/machines/README.md): a reopened draft
// whose office no longer serves its municipality, or whose initiative is no longer offered, opens on
// select-initiative with the reason in its own sentence, every other step read-only; choosing a
// valid office or initiative and continuing saves the step and releases the lock. The mocked read
// computes `selection` against the mock's master data, as the server does against its own.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API_BASE, ApiPaths } from '#shared/api/paths.ts';
import { server } from '../msw-server.ts';
import {
  barRistorante,
  contact,
  marioActivityAddress,
  marioPersonalData,
  marioRequest,
  romaAssociated,
  romaCity,
  romaOffice,
  tivoli,
} from '#mocks/fixtures/requests.ts';
import { messages } from '../messages.ts';
import { expectStep, headings, openDraftAt } from './harness.tsx';

/** Every step filled in: only the office or the initiative no longer holds. */
/** Who the business is and where: a sole trader (no register asked) with its address. */
const business = { kind: 'sole-trader', atecoCode: '56.10.11', role: 'legal-representative' } as const;
const complete = { procedureNotification: contact, personalData: { ...marioPersonalData, business, activityAddress: marioActivityAddress }, version: 4 };
/** Rome's office serves Rome only: a draft naming it with Tivoli names an office that no longer serves it. */
const officeGone = marioRequest({ requestId: 61, ...complete, suap: romaOffice, municipalityId: tivoli.municipalityId, iniziative: barRistorante });
/** An initiative the mock's master data no longer lists: withdrawn. */
const arcade = { ...barRistorante, iniziativeId: 29, code: 'AVV-SOM-009', activityIt: 'Sala giochi', activityEn: 'Amusement arcade' };
/** Rome's office as the administration left it: no PEC address configured, so it receives nothing. */
const romaWithoutPec = { ...romaOffice, pec: null };
const officeWithoutPec = marioRequest({ requestId: 63, ...complete, suap: romaWithoutPec, municipalityId: romaCity.municipalityId, iniziative: barRistorante });
const initiativeGone = marioRequest({ requestId: 62, ...complete, suap: romaOffice, municipalityId: romaCity.municipalityId, iniziative: arcade });

const menu = () => screen.getByRole('navigation', { name: 'Passaggi della richiesta' });
const drawingOf = (step: string) => menu().querySelector(`[data-step="${step}"]`)?.getAttribute('data-drawing');
/** The warning callout (a status region) of select-initiative, if shown. */
const warning = () => screen.queryAllByRole('status').find((node) => node.id === 'select-initiative-warning') ?? null;

async function openWarned(draft: typeof officeGone, reason: 'municipality' | 'initiative' | 'no-pec') {
  // Opened on the summary: the warning sends the citizen to select-initiative.
  const app = openDraftAt('request-summary', draft);
  await expectStep(app.router, 'select-initiative', headings.selectInitiative);
  const callout = await waitFor(() => {
    const found = warning();
    expect(found).toBeTruthy();
    return found!;
  });
  expect(within(callout).getByText(messages.it['ep.select-initiative.warning.title'])).toBeTruthy();
  expect(within(callout).getByText(messages.it[`ep.select-initiative.warning.${reason}`])).toBeTruthy();
  // The other reasons' sentences are not shown.
  for (const other of ['own-portal', 'no-pec', 'municipality', 'initiative'] as const) {
    if (other !== reason) expect(screen.queryByText(messages.it[`ep.select-initiative.warning.${other}`])).toBeNull();
  }
  // Select-initiative is drawn as a warning; every other step is read-only: drawn complete, no link.
  await waitFor(() => expect(drawingOf('select-initiative')).toBe('warning'));
  for (const other of ['notification-contacts', 'personal-data', 'request-summary']) expect(drawingOf(other)).toBe('complete');
  expect(within(menu()).queryAllByRole('link')).toHaveLength(0);
  return app;
}

async function expectReleased(app: Awaited<ReturnType<typeof openWarned>>) {
  await app.user.click(screen.getByRole('button', { name: 'Avanti' }));
  await expectStep(app.router, 'personal-data', headings.personalData);
  expect(warning()).toBeNull();
  await waitFor(() => expect(drawingOf('select-initiative')).toBe('complete'));
  expect(
    within(menu())
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(['Recapiti (completato)', 'Sportello e iniziativa (completato)', 'Documenti e riepilogo (da completare)']);
}

describe('select initiative: the warning the server reports', () => {
  it('says the office no longer serves the municipality, locks the other steps, and lets another office release them', async () => {
    const app = await openWarned(officeGone, 'municipality');
    const search = screen.getByRole('searchbox', { name: 'Cerca lo sportello per nome o comune' });
    await app.user.type(search, 'Tivoli');
    await app.user.click(within(screen.getByRole('search', { name: 'Cerca lo sportello per nome o comune' })).getByRole('button', { name: 'Cerca' }));
    const card = await within(await screen.findByRole('list', { name: 'Sportelli' })).findByRole('listitem');
    within(card).getByText(romaAssociated.name);
    await app.user.click(within(card).getByRole('button', { name: 'Scegli' }));
    await within(card).findByText('Scelto');
    await expectReleased(app);
    expect(app.store.writes.at(-1)!.body).toMatchObject({ suap: { suapId: romaAssociated.suapId }, iniziative: { iniziativeId: barRistorante.iniziativeId } });
  });

  it('says the initiative is no longer offered, locks the other steps, and lets another initiative release them', async () => {
    const app = await openWarned(initiativeGone, 'initiative');
    const bar = screen.getByRole('search', { name: "Cerca l'iniziativa" });
    await app.user.type(within(bar).getByRole('searchbox'), 'bar');
    await app.user.click(within(bar).getByRole('button', { name: 'Cerca' }));
    const item = await within(await screen.findByRole('list', { name: 'Iniziative' })).findByRole('listitem');
    await app.user.click(within(item).getByRole('button', { name: 'Scegli' }));
    await within(item).findByText('Scelto');
    await expectReleased(app);
    expect(app.store.writes.at(-1)!.body).toMatchObject({ suap: { suapId: romaOffice.suapId }, iniziative: { iniziativeId: barRistorante.iniziativeId } });
  });

  it('says the office has no PEC address and receives no request, offers no way to choose it, and lets another office release the steps', async () => {
    const app = await openWarned(officeWithoutPec, 'no-pec');
    // The search lists the office, says why it cannot be chosen, and offers no "Choose" for it.
    server.use(
      http.get(`${API_BASE}${ApiPaths.suapList}`, () =>
        HttpResponse.json({ code: 200, message: 'OK', description: '', totalResults: 2, totalPages: 1, suapList: [romaAssociated, romaWithoutPec] }),
      ),
    );
    // The business will be in Tivoli after all: the office chosen must serve it.
    const place = screen.getByRole('combobox', { name: messages.it['ep.activity-place.municipality'] });
    await app.user.clear(place);
    await app.user.type(place, 'tiv');
    await app.user.click(await screen.findByRole('option', { name: 'Tivoli (RM)' }));
    const search = screen.getByRole('searchbox', { name: 'Cerca lo sportello per nome o comune' });
    await app.user.type(search, 'Roma');
    await app.user.click(within(screen.getByRole('search', { name: 'Cerca lo sportello per nome o comune' })).getByRole('button', { name: 'Cerca' }));
    const cards = await within(await screen.findByRole('list', { name: 'Sportelli' })).findAllByRole('listitem');
    const silent = cards.find((card) => within(card).queryByText(romaOffice.name))!;
    expect(within(silent).getByText(messages.it['ep.select-initiative.no-pec'])).toBeTruthy();
    expect(within(silent).queryByRole('button')).toBeNull();
    const other = cards.find((card) => within(card).queryByText(romaAssociated.name))!;
    await app.user.click(within(other).getByRole('button', { name: 'Scegli' }));
    await within(other).findByText('Scelto');
    await expectReleased(app);
    expect(app.store.writes.at(-1)!.body).toMatchObject({ suap: { suapId: romaAssociated.suapId }, municipalityId: tivoli.municipalityId });
  });
});
