// Where the business will be (machines/activity-place.ts; docs/architecture.md "Deviations from the
// spec"): on select-initiative the municipality of the activity is chosen from the ISTAT list and
// kept in the request's `municipalityId`; an office found by free search is kept only when it serves
// it, a new municipality drops an office that does not (saying so), and area search fills the same
// field. On personal-data the business's address in that municipality is required, its postcode
// checked for its five digits.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { barRistorante, marioDraft, marioPersonalData, romaAssociated, romaCity, romaOffice, tivoli } from '#mocks/fixtures/requests.ts';
import { messages } from '../messages.ts';
import { expectStep, headings, openDraftAt, storedDraft } from './harness.tsx';

const it_ = messages.it;
const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
const municipalityField = () => screen.getByRole('combobox', { name: it_['ep.activity-place.municipality'] }) as HTMLInputElement;
const offices = () => screen.getByRole('list', { name: 'Sportelli' });
const officeSearch = () => screen.getByRole('searchbox', { name: 'Cerca lo sportello per nome o comune' });
const yourChoice = () => screen.getByRole('heading', { name: 'La tua scelta' }).closest('.app-panel') as HTMLElement;

async function openSelectInitiative(draft = marioDraft) {
  const app = openDraftAt('select-initiative', draft);
  await expectStep(app.router, 'select-initiative', headings.selectInitiative);
  return app;
}
type App = Awaited<ReturnType<typeof openSelectInitiative>>;

async function chooseMunicipality(app: App, typed: string, option: string) {
  await app.user.clear(municipalityField());
  await app.user.type(municipalityField(), typed);
  await app.user.click(await screen.findByRole('option', { name: option }));
}

async function chooseOffice(app: App, text: string, office: { name: string }) {
  await app.user.clear(officeSearch());
  await app.user.type(officeSearch(), text);
  await app.user.click(within(screen.getByRole('search', { name: 'Cerca lo sportello per nome o comune' })).getByRole('button', { name: 'Cerca' }));
  await app.user.click(await within(offices()).findByRole('button', { name: 'Scegli', description: office.name }));
}

describe('select initiative: the municipality of the activity', () => {
  it('changing the municipality drops an office that does not serve it, and says so', async () => {
    const app = await openSelectInitiative();
    expect(municipalityField().value).toBe('Roma (RM)');
    await chooseMunicipality(app, 'tiv', 'Tivoli (RM)');
    const notice = fill(it_['ep.activity-place.notice.office-dropped'], { office: romaOffice.name, municipality: 'Tivoli' });
    await screen.findByText(notice);
    await waitFor(() => expect(storedDraft()).toMatchObject({ suap: null, municipalityId: tivoli.municipalityId }));
    expect(within(yourChoice()).getByText('Tivoli')).toBeTruthy();
    expect(within(yourChoice()).queryByText(romaOffice.name)).toBeNull();
  });

  it('keeps the office when the new municipality is one it serves', async () => {
    const app = await openSelectInitiative({ ...marioDraft, suap: romaAssociated, municipalityId: null, municipality: null });
    await chooseMunicipality(app, 'tiv', 'Tivoli (RM)');
    await waitFor(() => expect(storedDraft()).toMatchObject({ municipalityId: tivoli.municipalityId }));
    // The check answered: the office stays, nothing is said.
    await waitFor(() => expect(screen.queryByText(/non serve il comune/)).toBeNull());
    expect(storedDraft()?.suap).toMatchObject({ suapId: romaAssociated.suapId });
  });

  it('refuses an office found by free search that does not serve the municipality; one that serves it is kept', async () => {
    const app = await openSelectInitiative({ ...marioDraft, suap: null, municipalityId: tivoli.municipalityId, municipality: tivoli });
    await chooseOffice(app, 'Roma', romaOffice);
    await screen.findByText(fill(it_['ep.activity-place.notice.office-not-serving'], { office: romaOffice.name, municipality: 'Tivoli' }));
    expect(storedDraft()?.suap ?? null).toBeNull();
    await app.user.click(within(offices()).getByRole('button', { name: 'Scegli', description: romaAssociated.name }));
    await waitFor(() => expect(storedDraft()?.suap).toMatchObject({ suapId: romaAssociated.suapId }));
    expect(screen.queryByText(/non serve il comune/)).toBeNull();
  });

  it('asks for the municipality before an office found by free search', async () => {
    const app = await openSelectInitiative({ ...marioDraft, suap: null, municipalityId: null, municipality: null });
    await chooseOffice(app, 'Roma', romaOffice);
    await screen.findByText(it_['ep.activity-place.notice.choose-municipality-first']);
    expect(storedDraft()?.suap ?? null).toBeNull();
  });

  it("keeps the municipality when the search switches between free and area search (spec §4 clears only the search's address)", async () => {
    const app = await openSelectInitiative({ ...marioDraft, suap: null, municipalityId: tivoli.municipalityId, municipality: tivoli });
    await app.user.click(screen.getByText('Ricerca per territorio'));
    await screen.findByRole('button', { name: /Regione/ });
    await app.user.click(screen.getByText('Ricerca libera'));
    await screen.findByRole('searchbox', { name: 'Cerca lo sportello per nome o comune' });
    expect(municipalityField().value).toBe('Tivoli (RM)');
    expect(storedDraft()?.municipalityId).toBe(tivoli.municipalityId);
  });

  it('area search fills the municipality of the activity with the one it chose', async () => {
    const app = await openSelectInitiative({ ...marioDraft, suap: null, municipalityId: null, municipality: null });
    await app.user.click(screen.getByText('Ricerca per territorio'));
    for (const [label, option] of [
      [/Regione/, 'Lazio'],
      [/Provincia/, 'Roma'],
      [/Comune/, 'Tivoli'],
    ] as const) {
      const trigger = await screen.findByRole('button', { name: label });
      await waitFor(() => expect(trigger.hasAttribute('disabled') || trigger.getAttribute('data-disabled') === 'true').toBe(false));
      await app.user.click(trigger);
      await app.user.click(await screen.findByRole('option', { name: option }));
    }
    await app.user.click(await within(offices()).findByRole('button', { name: 'Scegli', description: romaAssociated.name }));
    await waitFor(() => expect(storedDraft()).toMatchObject({ suap: { suapId: romaAssociated.suapId }, municipalityId: tivoli.municipalityId }));
    await waitFor(() => expect(municipalityField().value).toBe('Tivoli (RM)'));
  });
});

describe("personal data: the business's address", () => {
  const draft = { ...marioDraft, iniziative: barRistorante, municipalityId: romaCity.municipalityId, municipality: romaCity, personalData: marioPersonalData };
  const field = (key: 'activityStreet' | 'activityStreetNumber' | 'activityZipCode') =>
    screen.getByRole('textbox', { name: new RegExp(`^${it_[`ep.activity-address.fields.${key}`]}`) }) as HTMLInputElement;
  const summaryLinks = async () =>
    within(await screen.findByRole('group', { name: 'C’è un problema' }))
      .getAllByRole('link')
      .map((link) => link.textContent);

  it('asks for street, number and a five-digit postcode in the municipality of the activity, and keeps them in the draft', async () => {
    const app = openDraftAt('personal-data', draft);
    await expectStep(app.router, 'personal-data', headings.personalData);
    const section = screen.getByRole('region', { name: it_['ep.activity-address.title'] });
    within(section).getByText(fill(it_['ep.activity-address.intro'], { municipality: 'Roma' }));
    await app.user.click(screen.getByRole('button', { name: 'Avanti' }));
    const required = it_['ep.errors.required'];
    expect(await summaryLinks()).toEqual(
      expect.arrayContaining([
        `${it_['ep.activity-address.fields.activityStreet']}: ${required}`,
        `${it_['ep.activity-address.fields.activityStreetNumber']}: ${required}`,
        `${it_['ep.activity-address.fields.activityZipCode']}: ${required}`,
      ]),
    );
    await app.user.type(field('activityStreet'), 'Via del Corso');
    await app.user.type(field('activityStreetNumber'), '12/A');
    await app.user.type(field('activityZipCode'), '0018');
    await app.user.click(screen.getByRole('button', { name: 'Avanti' }));
    await waitFor(async () => {
      const links = await summaryLinks();
      expect(links).toContain(`${it_['ep.activity-address.fields.activityZipCode']}: ${it_['ep.errors.zip-code']}`);
      expect(links.filter((link) => link?.startsWith(it_['ep.activity-address.fields.activityStreet']))).toEqual([]);
    });
    expect(app.store.writes).toHaveLength(0);
    await app.user.type(field('activityZipCode'), '6');
    await waitFor(() => expect(storedDraft()?.personalData?.activityAddress).toEqual({ street: 'Via del Corso', streetNumber: '12/A', zipCode: '00186' }));
    await app.user.click(screen.getByRole('button', { name: 'Avanti' }));
    await waitFor(async () =>
      expect((await summaryLinks().catch(() => [])).filter((link) => link?.startsWith(it_['ep.activity-address.fields.activityZipCode']))).toEqual([]),
    );
  });
});
