// Step "select initiative" (spec §2, §4 "Search form", §5 search bar and address form, §7 lists,
// §9 page sizes): free search and search by area, offices by 12 with a paginator, internal office
// kept in the draft with its municipality, external office through the exception modal, a tab per
// initiative type with 5 initiatives a page sorted by activity, the "no data" cards.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { cuneoExternal, marioDraft, romaAssociated, romaCity, romaOffice } from '#mocks/fixtures/requests.ts';
import { masterDataUrls } from '#mocks/handlers/master-data.ts';
import { messages } from '../messages.ts';
import { server } from '../msw-server.ts';
import { expectStep, headings, openDraftAt, storedDraft } from './harness.tsx';

const offices = () => screen.getByRole('list', { name: 'Sportelli' });
const initiatives = () => screen.getByRole('list', { name: 'Iniziative' });
const officeSearch = () => screen.getByRole('searchbox', { name: 'Cerca lo sportello per nome o comune' });

const withoutOffice = { ...marioDraft, suap: null, municipalityId: null, municipality: null };

async function openStep(draft = marioDraft) {
  const app = openDraftAt('select-initiative', draft);
  await expectStep(app.router, 'select-initiative', headings.selectInitiative);
  return app;
}

/** A free search for offices, as a person types it. */
async function searchOffices(app: Awaited<ReturnType<typeof openStep>>, text: string) {
  await app.user.clear(officeSearch());
  await app.user.type(officeSearch(), text);
  await app.user.click(within(screen.getByRole('search', { name: 'Cerca lo sportello per nome o comune' })).getByRole('button', { name: 'Cerca' }));
}

async function choose(app: Awaited<ReturnType<typeof openStep>>, label: RegExp, option: string) {
  const trigger = await screen.findByRole('button', { name: label });
  await waitFor(() => expect(trigger.hasAttribute('disabled') || trigger.getAttribute('data-disabled') === 'true').toBe(false));
  await app.user.click(trigger);
  await app.user.click(await screen.findByRole('option', { name: option }));
}

describe('select initiative: offices', () => {
  it('lists no office before a search (the initiatives come next), then offices by 12 with a paginator', async () => {
    const requests: URL[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/suap/list')) requests.push(new URL(request.url));
    });
    const app = await openStep();
    // Nobody asked for offices yet: a hint, no list of twelve ahead of the initiatives (docs/architecture.md "The citizen's journey with real data").
    screen.getByText(/Scrivi il nome del comune in cui avvierai l’attività/);
    expect(screen.queryByRole('list', { name: 'Sportelli' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pagine degli sportelli' })).toBeNull();
    await searchOffices(app, 'SUAP');
    await waitFor(() => expect(within(offices()).getAllByRole('listitem')).toHaveLength(12));
    const first = requests.at(-1)!.searchParams;
    expect(Object.fromEntries(first)).toEqual({ page: '1', size: '12', sortField: 'name', sortType: 'asc', filter: 'SUAP' });
    const pages = screen.getByRole('navigation', { name: 'Pagine degli sportelli' });
    expect((within(pages).getByRole('button', { name: 'Pagina precedente' }) as HTMLButtonElement).disabled).toBe(true);
    expect(
      within(pages)
        .getByRole('button', { name: /^Pagina 1 di \d+$/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    await app.user.click(within(pages).getByRole('button', { name: /^Pagina 2 di \d+$/ }));
    await waitFor(() => expect(within(offices()).getAllByRole('listitem')).toHaveLength(3));
    expect(requests.at(-1)!.searchParams.get('page')).toBe('2');
    expect((within(pages).getByRole('button', { name: 'Pagina successiva' }) as HTMLButtonElement).disabled).toBe(true);
    server.events.removeAllListeners();
  });

  it('checks the search bar: at least 3 characters, the shared pattern, search disabled until valid', async () => {
    const app = await openStep();
    const submit = () =>
      within(screen.getByRole('search', { name: 'Cerca lo sportello per nome o comune' })).getByRole('button', { name: 'Cerca' }) as HTMLButtonElement;
    await app.user.type(officeSearch(), 'ro');
    expect(submit().disabled).toBe(true);
    const error = screen.getByText(
      messages.it['search-bar.errors.minlength' as keyof typeof messages.it]?.replace('{min}', '3') ?? 'Scrivi almeno 3 caratteri.',
    );
    expect(officeSearch().getAttribute('aria-describedby')).toContain(error.id);
    await app.user.type(officeSearch(), '<');
    expect(submit().disabled).toBe(true);
    await app.user.clear(officeSearch());
    await app.user.type(officeSearch(), 'roma');
    await app.user.click(submit());
    await waitFor(() => expect(within(offices()).getAllByRole('listitem')).toHaveLength(2));
    await app.user.type(officeSearch(), 'zzz');
    await app.user.click(submit());
    await screen.findByText('Nessuno sportello corrisponde alla ricerca.');
    // Clearing the search goes back to the hint.
    await app.user.click(screen.getByRole('button', { name: 'Cancella la ricerca' }));
    await screen.findByText(/Scrivi il nome del comune in cui avvierai l’attività/);
    expect(screen.queryByRole('list', { name: 'Sportelli' })).toBeNull();
  });

  it('finds an office by a municipality it serves', async () => {
    const app = await openStep();
    await searchOffices(app, 'Tivoli');
    await waitFor(() =>
      expect(
        within(offices())
          .getAllByRole('heading', { level: 3 })
          .map((h) => h.textContent),
      ).toEqual(['SUAP associato della Provincia di Roma']),
    );
  });

  it('puts the office of the very municipality searched first and says on each card which municipality it matched', async () => {
    const app = await openStep(withoutOffice);
    await searchOffices(app, 'Roma');
    await waitFor(() =>
      expect(
        within(offices())
          .getAllByRole('heading', { level: 3 })
          .map((h) => h.textContent),
      ).toEqual(['SUAP del Comune di Roma (RM)', 'SUAP associato della Provincia di Roma']),
    );
    const [rome, associated] = within(offices()).getAllByRole('listitem');
    within(rome!).getByText('Comune servito: Roma');
    // Found by its own name: no municipality to name.
    expect(within(associated!).queryByText(/Comun[ei] servit/)).toBeNull();
    await searchOffices(app, 'Tivoli');
    await within(offices()).findByText('Comune servito: Tivoli');
  });

  it('names on the card the municipalities a short text matched, the first five and how many more', async () => {
    const app = await openStep(withoutOffice);
    const places = ['Sant’Angelo a Cupolo', 'Sant’Angelo a Fasanella', 'Sant’Angelo a Scala', 'Sant’Angelo all’Esca', 'Sant’Angelo dei Lombardi'];
    server.use(
      http.get(masterDataUrls.suaps, () =>
        HttpResponse.json({
          code: 200,
          message: 'OK',
          description: 'OK',
          totalResults: 1,
          totalPages: 1,
          suapList: [
            {
              ...romaAssociated,
              matchedMunicipalities: places.map((nameIt, index) => ({ municipalityId: index + 1, nameIt, nameEn: nameIt })),
              matchedMunicipalityCount: 7,
            },
          ],
        }),
      ),
    );
    await searchOffices(app, 'Sant’Angelo');
    await screen.findByText(`Comuni serviti: ${places.join(', ')} e altri 2`);
  });

  it('offers no office of the last search while the next one runs, and focuses the mark of the office chosen', async () => {
    // The draft names Rome as the municipality of the activity: the office chosen must serve it.
    const app = await openStep({ ...withoutOffice, municipalityId: romaCity.municipalityId, municipality: romaCity });
    await searchOffices(app, 'Latina');
    await within(offices()).findByText('SUAP del Comune di Latina (LT)');
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(masterDataUrls.suaps, async () => {
        await held;
        return HttpResponse.json({
          code: 200,
          message: 'OK',
          description: 'OK',
          totalResults: 1,
          totalPages: 1,
          suapList: [{ ...romaOffice, matchedMunicipalities: [], matchedMunicipalityCount: 0 }],
        });
      }),
    );
    await searchOffices(app, 'Tivoli');
    // The search runs: Latina's office is gone, nothing can be chosen, and the wait is said.
    await screen.findByText('Caricamento degli sportelli in corso', { selector: 'p.app-search-hint' });
    expect(screen.queryByRole('list', { name: 'Sportelli' })).toBeNull();
    expect(screen.queryByText('SUAP del Comune di Latina (LT)')).toBeNull();
    expect(screen.queryAllByRole('button', { name: 'Scegli' }).filter((button) => button.closest('.app-office-search'))).toEqual([]);
    answer();
    const card = await within(await screen.findByRole('list', { name: 'Sportelli' })).findByRole('listitem');
    await app.user.click(within(card).getByRole('button', { name: 'Scegli' }));
    const mark = await within(card).findByText('Scelto');
    await waitFor(() => expect(document.activeElement).toBe(mark.closest('p')));
    expect(document.activeElement?.getAttribute('aria-describedby')).toBe('suap-3-name');
    // The draft keeps the office, not what the search matched.
    await waitFor(() => expect(storedDraft()?.suap).toEqual(romaOffice));
  });

  it('after paging, focus goes to the list of offices shown', async () => {
    const app = await openStep();
    await searchOffices(app, 'SUAP');
    await waitFor(() => expect(within(offices()).getAllByRole('listitem')).toHaveLength(12));
    const pages = screen.getByRole('navigation', { name: 'Pagine degli sportelli' });
    await app.user.click(within(pages).getByRole('button', { name: /^Pagina 2 di \d+$/ }));
    await waitFor(() => expect(within(offices()).getAllByRole('listitem')).toHaveLength(3));
    await waitFor(() => expect(document.activeElement).toBe(offices()));
  });

  it('searches by area with the reset rules, the required asterisks, and keeps the office with its municipality', async () => {
    const app = await openStep(withoutOffice);
    await app.user.click(screen.getByText('Ricerca per territorio'));
    // Switching to area search clears the offices until a municipality is chosen.
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Sportelli' })?.children.length ?? 0).toBe(0));
    expect(screen.queryByText('Nessuno sportello corrisponde alla ricerca.')).toBeNull();
    for (const label of ['Regione', 'Provincia', 'Comune']) expect(screen.getByText(label).textContent).toBe(`${label} *`);
    expect(screen.getByRole('button', { name: /Provincia/ }).hasAttribute('disabled')).toBe(true);
    // Opening a list is no leaving of the field: no "required" over the list being chosen from.
    await app.user.click(screen.getByRole('button', { name: /Regione/ }));
    await screen.findByRole('option', { name: 'Lazio' });
    expect(screen.queryByText('Questo campo è obbligatorio.')).toBeNull();
    await app.user.keyboard('{Escape}');
    // Closed without a choice, it is: the field was left empty.
    await screen.findByText('Questo campo è obbligatorio.');
    await choose(app, /Regione/, 'Lazio');
    await choose(app, /Provincia/, 'Roma');
    await choose(app, /Comune/, 'Roma');
    await waitFor(() => expect(within(offices()).getAllByRole('listitem')).toHaveLength(1));
    // A new region resets the province and disables the municipality.
    await choose(app, /Regione/, 'Piemonte');
    await waitFor(() => expect(screen.getByRole('button', { name: /Comune/ }).hasAttribute('disabled')).toBe(true));
    expect(screen.getByRole('button', { name: /Provincia/ }).textContent).toContain('Seleziona');
    await choose(app, /Regione/, 'Lazio');
    await choose(app, /Provincia/, 'Roma');
    await choose(app, /Comune/, 'Roma');
    const card = await within(await screen.findByRole('list', { name: 'Sportelli' })).findByRole('listitem');
    await app.user.click(within(card).getByRole('button', { name: 'Scegli' }));
    await within(card).findByText('Scelto');
    expect(storedDraft()).toMatchObject({ suap: romaOffice, municipalityId: romaCity.municipalityId });
  });

  it('shows the address errors once a select is left empty ("bo.errors.<key>")', async () => {
    const app = await openStep();
    await app.user.click(screen.getByText('Ricerca per territorio'));
    const region = await screen.findByRole('button', { name: /Regione/ });
    await waitFor(() => expect(region.hasAttribute('disabled')).toBe(false));
    await app.user.click(region);
    await screen.findByRole('listbox');
    await app.user.keyboard('{Escape}');
    await screen.findByText('Questo campo è obbligatorio.');
  });

  it('opens an external office in a new window through the one-stop-shop exception modal', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const app = await openStep();
    await searchOffices(app, 'Cuneo');
    await waitFor(() => expect(within(offices()).getAllByRole('listitem')).toHaveLength(1));
    await app.user.click(within(offices()).getByRole('button', { name: 'Scegli' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Questo sportello usa un proprio portale' });
    await app.user.click(await within(dialog).findByRole('button', { name: 'Apri il portale dello sportello' }));
    expect(open).toHaveBeenCalledWith(cuneoExternal.url, '_blank', 'noopener,noreferrer');
    // The external office is not kept in the draft.
    expect(storedDraft()?.suap).toEqual(romaOffice);
  });

  it('says so when the offices cannot be loaded, without breaking the page', async () => {
    const failing = http.get(masterDataUrls.suaps, () => HttpResponse.json({ code: 500, message: 'x', description: 'x' }, { status: 500 }));
    const app = openDraftAt('select-initiative', marioDraft, { handlers: [failing] });
    await expectStep(app.router, 'select-initiative', headings.selectInitiative);
    await searchOffices(app, 'Roma');
    await screen.findByText('Dati non disponibili');
    await screen.findByText('Nessuno sportello corrisponde alla ricerca.');
  });
});

describe('select initiative: initiatives', () => {
  it('shows a tab per initiative type and 5 initiatives a page, sorted by activity in the current language', async () => {
    const requests: URL[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/iniziative/list')) requests.push(new URL(request.url));
    });
    const app = await openStep();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Avvio', 'Modifica', 'Cessazione']);
    await waitFor(() =>
      expect(
        within(initiatives())
          .getAllByRole('heading', { level: 3 })
          .map((h) => h.textContent),
      ).toEqual(['Acconciatore', 'Bar e ristorante', 'Commercio al dettaglio', 'Edicola', 'Farmacia']),
    );
    expect(Object.fromEntries(requests.at(-1)!.searchParams)).toEqual({
      page: '1',
      size: '5',
      sortField: 'activity',
      sortType: 'asc',
      typeId: '1',
      lang: 'it',
    });
    await app.user.click(screen.getByRole('tab', { name: 'Cessazione' }));
    await waitFor(() =>
      expect(
        within(initiatives())
          .getAllByRole('heading', { level: 3 })
          .map((h) => h.textContent),
      ).toEqual(['Cessazione attività']),
    );
    server.events.removeAllListeners();
  });

  it('finds an initiative by an everyday word: "parrucchiere" finds Acconciatore', async () => {
    const app = await openStep();
    await app.user.type(screen.getByRole('searchbox', { name: "Cerca l'iniziativa" }), 'parrucchiere');
    await app.user.click(within(screen.getByRole('search', { name: "Cerca l'iniziativa" })).getByRole('button', { name: 'Cerca' }));
    await waitFor(() =>
      expect(
        within(initiatives())
          .getAllByRole('heading', { level: 3 })
          .map((h) => h.textContent),
      ).toEqual(['Acconciatore']),
    );
  });

  it('searches the initiatives for a "B&B": the search bar takes &', async () => {
    const requests: URL[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/iniziative/list')) requests.push(new URL(request.url));
    });
    const app = await openStep();
    const search = screen.getByRole('searchbox', { name: "Cerca l'iniziativa" });
    await app.user.type(search, 'B&B');
    expect(search.getAttribute('aria-invalid')).not.toBe('true');
    await app.user.click(within(screen.getByRole('search', { name: "Cerca l'iniziativa" })).getByRole('button', { name: 'Cerca' }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('filter')).toBe('B&B'));
    server.events.removeAllListeners();
  });

  it('after paging the initiatives, focus goes to the list shown', async () => {
    const app = await openStep();
    await waitFor(() => expect(within(initiatives()).getAllByRole('listitem')).toHaveLength(5));
    const first = within(initiatives()).getAllByRole('heading', { level: 3 })[0]!.textContent;
    const pages = screen.getByRole('navigation', { name: 'Pagine delle iniziative' });
    await app.user.click(within(pages).getByRole('button', { name: /^Pagina 2 di \d+$/ }));
    await waitFor(() => expect(within(initiatives()).getAllByRole('heading', { level: 3 })[0]!.textContent).not.toBe(first));
    await waitFor(() => expect(document.activeElement).toBe(initiatives()));
  });

  it('searches the initiatives (min 3), shows the no-data card, and keeps the chosen one in the draft', async () => {
    const app = await openStep();
    const search = screen.getByRole('searchbox', { name: "Cerca l'iniziativa" });
    await app.user.type(search, 'xyz');
    await app.user.click(within(screen.getByRole('search', { name: "Cerca l'iniziativa" })).getByRole('button', { name: 'Cerca' }));
    await screen.findByText('Nessuna iniziativa corrisponde alla ricerca.');
    await app.user.clear(search);
    await app.user.type(search, 'bar');
    await app.user.click(within(screen.getByRole('search', { name: "Cerca l'iniziativa" })).getByRole('button', { name: 'Cerca' }));
    const item = await within(await screen.findByRole('list', { name: 'Iniziative' })).findByRole('listitem');
    await app.user.click(within(item).getByRole('button', { name: 'Scegli' }));
    // Focus moves from the button that gave way to the "Scelto" mark, named by the initiative's title.
    const mark = (await within(item).findByText('Scelto')).closest('p')!;
    await waitFor(() => expect(document.activeElement).toBe(mark));
    expect(mark.getAttribute('aria-describedby')).toBe('iniziative-21-title');
    expect(storedDraft()?.iniziative).toMatchObject({ iniziativeId: 21, activityIt: 'Bar e ristorante' });
  });

  it('"continue" needs the municipality of the activity, an office and an initiative; then it saves and opens personal data', async () => {
    const app = openDraftAt('select-initiative', withoutOffice);
    await expectStep(app.router, 'select-initiative', headings.selectInitiative);
    await app.user.click(screen.getByRole('button', { name: 'Avanti' }));
    // The error summary takes focus and links to the two sections.
    const summary = await screen.findByRole('group', { name: 'C’è un problema' });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      messages.it['ep.select-initiative.errors.municipality'],
      'Scegli lo sportello a cui presentare la richiesta.',
      "Scegli l'iniziativa che vuoi presentare.",
    ]);
    await app.user.click(within(summary).getAllByRole('link')[1]!);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Sportello' }));
    // Where the business will be first: Rome, then an office that serves it.
    await app.user.type(screen.getByRole('combobox', { name: messages.it['ep.activity-place.municipality'] }), 'Roma');
    await app.user.click(await screen.findByRole('option', { name: 'Roma (RM)' }));
    await searchOffices(app, 'Roma');
    await app.user.click(await within(offices()).findByRole('button', { name: 'Scegli', description: romaOffice.name }));
    await waitFor(() => expect(storedDraft()?.suap).toMatchObject({ suapId: romaOffice.suapId }));
    await waitFor(() => expect(within(initiatives()).getAllByRole('listitem')).toHaveLength(5));
    await app.user.click(within(within(initiatives()).getAllByRole('listitem')[1]!).getByRole('button', { name: 'Scegli' }));
    await app.user.click(screen.getByRole('button', { name: 'Avanti' }));
    await expectStep(app.router, 'personal-data', headings.personalData);
    expect(app.store.writes.at(-1)!.body).toMatchObject({
      suap: { suapId: romaOffice.suapId },
      municipalityId: romaCity.municipalityId,
      iniziative: { iniziativeId: 21 },
    });
  });
});
