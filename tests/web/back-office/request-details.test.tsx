// Spec §2 back-office request details: every part, the history with names, the PDF recap on the
// back-office path, a draft's storage limit (date input), and the pratica's lifecycle
// (docs/architecture.md "The pratica's lifecycle"): exactly the actions the lifecycle machine allows
// the signed-in staff member — a clerk of the office on a pratica nobody follows may only take it
// in charge; the clerk in charge asks for corrections or integrations, records answers and proposes
// the outcome but concludes nothing; an administrator assigns and concludes; a collaborator only
// reads — each in its dialog, with a status message and the moved pratica on success, and an alert
// giving the reason when the server refuses (409). Stored texts are shown as text.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, type MockInstance } from 'vitest';
import { mockStore, XSS } from '#mocks/fixtures/back-office.ts';
import { chiara } from '#mocks/fixtures/identities.ts';
import { movePratica } from '#mocks/fixtures/pratica.ts';
import { backOfficeUrls } from '#mocks/handlers/back-office.ts';
import { addDays, addYears, formatCalendarDay, officeToday } from '#shared/dates.ts';
import type { Status } from '#shared/envelope.ts';
import { rememberChosenRequest } from '#web/screens/back-office/selection.ts';
import { server } from '../msw-server.ts';
import { renderApp } from '../render.tsx';
import { storeSession } from '../session.ts';
import { SLOW, useListsMockApi } from '../private-area/support.ts';

let save: MockInstance;

beforeEach(() => {
  save = useListsMockApi();
});

async function openDetails(requestId: number, who: 'anna' | 'luca' | 'chiara' = 'anna') {
  storeSession(who);
  rememberChosenRequest(requestId);
  const view = renderApp('/back-office/requests/details');
  await screen.findByRole('heading', { level: 1, name: `Richiesta n. ${requestId}` }, SLOW);
  return view;
}

const part = (name: string) => screen.getByRole('region', { name });
const valueOf = (region: HTMLElement, label: string) => within(region).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
const stored = (requestId: number) => mockStore.requests.find((request) => request.requestId === requestId)!;
/** The actions offered on the pratica, by their buttons' names (none: no group). */
const offered = () => {
  const group = screen.queryByRole('group', { name: 'Azioni sulla pratica' });
  return group
    ? within(group)
        .getAllByRole('button')
        .map((button) => button.textContent)
    : [];
};
const press = async (user: ReturnType<typeof renderApp>['user'], action: string) => {
  await user.click(within(screen.getByRole('group', { name: 'Azioni sulla pratica' })).getByRole('button', { name: action }));
  return screen.findByRole('dialog', { name: new RegExp(`^${action}: richiesta n\\. \\d+$`) });
};
/** Chiara, the clerk, takes request `id` in charge as the mocked server does (the store moves, the version too). */
const takenInChargeByChiara = (id: number) => {
  const moved = movePratica(stored(id), { type: 'TAKE_IN_CHARGE', at: new Date().toISOString() }, { by: chiara, staff: mockStore.staff.map((r) => r.user) });
  expect(moved.ok).toBe(true);
};
const closeAlert = async (user: ReturnType<typeof renderApp>['user'], name: string) => {
  const alert = await screen.findByRole('alertdialog', { name });
  await user.click(await within(alert).findByRole('button', { name: 'Chiudi' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  return alert;
};

describe('back-office request details', () => {
  it('names who made each change in the history', async () => {
    await openDetails(104);
    const history = part('Storico della richiesta');
    expect(within(history).getByText('Luca Neri (Collaboratore)')).toBeTruthy();
    expect(within(history).getAllByText('Mario Rossi (Richiedente)')).toHaveLength(2);
    // A concluded pratica offers nothing, even to an administrator.
    expect(offered()).toEqual([]);
  });

  it("says where the business will be: the municipality of the activity and the business's address", async () => {
    await openDetails(104);
    const place = part('Dove si svolgerà l’attività');
    expect(valueOf(place, 'Comune dell’attività')).toBe('Milano (MI)');
    expect(valueOf(place, 'Indirizzo dell’attività')).toBe('Corso Buenos Aires 20, 20124 Milano');
  });

  it('offers a collaborator no action on a sent pratica, and shows who is in charge (spec §6)', async () => {
    await openDetails(102, 'luca');
    const pratica = part('Lavorazione della pratica');
    expect(valueOf(pratica, 'In carico a')).toBe('Nessuno');
    expect(offered()).toEqual([]);
    expect(screen.queryByLabelText(/Conserva la bozza fino al/)).toBeNull();
  });

  it("shows the state's SSU name beside its badge and flags a pratica past its due day", async () => {
    await openDetails(201);
    const state = within(part('Lavorazione della pratica')).getByText('Stato', { selector: 'dt' }).nextElementSibling!;
    expect(state.querySelector('.badge')?.textContent).toBe('Inviata');
    expect(within(state as HTMLElement).getByText('presented').tagName).toBe('CODE');
    expect(within(state as HTMLElement).getByText('In ritardo')).toBeTruthy();
  });

  it('offers a clerk of the office only "Prendi in carico" on a pratica nobody follows; taken, the clerk in charge may ask and propose but not conclude', async () => {
    const { user } = await openDetails(102, 'chiara');
    expect(offered()).toEqual(['Prendi in carico']);
    const dialog = await press(user, 'Prendi in carico');
    // Taking in charge asks only for a confirmation: no field to fill.
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Prendi in carico' }));
    expect((await screen.findByText('Hai preso in carico la richiesta n. 102.')).getAttribute('role')).toBe('status');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(valueOf(part('Lavorazione della pratica'), 'In carico a')).toBe('Chiara Russo');
    expect(stored(102).pratica?.assigneeId).toBe(chiara.userId);
    expect(offered()).toEqual(['Richiedi regolarizzazione', 'Richiedi integrazione', 'Proponi esito']);
    // The heading takes the focus once the dialog is gone.
    await waitFor(() => expect(document.activeElement?.id).toBe('bo-request-title'));
  });

  it('lets the clerk in charge request a correction with a note of several lines, then record the answer: no conclusion on offer', async () => {
    takenInChargeByChiara(102);
    const { user } = await openDetails(102, 'chiara');
    const dialog = await press(user, 'Richiedi regolarizzazione');
    await user.click(within(dialog).getByRole('button', { name: 'Richiedi regolarizzazione' }));
    expect(await within(dialog).findByText('Scrivi il testo richiesto.')).toBeTruthy();
    const note = 'Manca la "visura" camerale (costo 100 €, 50%).{Enter}Scrivere a suap@comune.it!';
    await user.type(within(dialog).getByRole('textbox', { name: /Cosa deve regolarizzare il richiedente/ }), note);
    await user.click(within(dialog).getByRole('button', { name: 'Richiedi regolarizzazione' }));
    expect(await screen.findByText('Regolarizzazione richiesta per la richiesta n. 102: il termine è sospeso.')).toBeTruthy();
    expect(stored(102).stateOfRequest.stateOfRequestId).toBe(6);
    expect(stored(102).history?.at(-1)).toMatchObject({
      event: 'REQUEST_CORRECTION',
      reason: 'Manca la "visura" camerale (costo 100 €, 50%).\nScrivere a suap@comune.it!',
    });
    expect(offered()).toEqual(['Registra risposta ricevuta']);
  });

  it('lets the clerk in charge propose an outcome, which the page then shows', async () => {
    takenInChargeByChiara(102);
    const { user } = await openDetails(102, 'chiara');
    const dialog = await press(user, 'Proponi esito');
    await user.click(within(dialog).getByRole('button', { name: 'Proponi esito' }));
    expect(await within(dialog).findByText("Scegli l'esito da proporre.")).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'Positivo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Proponi esito' }));
    expect(await screen.findByText('Esito proposto per la richiesta n. 102.')).toBeTruthy();
    expect(valueOf(part('Lavorazione della pratica'), 'Esito proposto')).toBe('Positivo');
  });

  it('offers an administrator the assignment, the requests and every conclusion a SCIA allows, and concludes it negatively with its reasons', async () => {
    const { user } = await openDetails(102);
    // A SCIA within its term is not late.
    expect(within(part('Lavorazione della pratica')).queryByText('In ritardo')).toBeNull();
    expect(offered()).toEqual([
      'Assegna a un collega',
      'Richiedi regolarizzazione',
      'Richiedi integrazione',
      'Proponi esito',
      'Dichiara irricevibile',
      'Concludi con esito positivo',
      'Concludi con esito negativo',
      'Ordina la sospensione',
      'Ordina la conformazione',
    ]);
    const dialog = await press(user, 'Concludi con esito negativo');
    const reason = 'Manca la visura camerale.{Enter}Costo: 12,50 €.';
    await user.type(within(dialog).getByRole('textbox', { name: /^Motivazione/ }), reason);
    await user.click(within(dialog).getByRole('button', { name: 'Concludi con esito negativo' }));
    expect(await screen.findByText('La richiesta n. 102 è stata conclusa con esito negativo.')).toBeTruthy();
    expect(valueOf(part('Dati della richiesta'), 'Stato')).toBe('Rifiutata');
    expect(stored(102).decisionReason).toBe('Manca la visura camerale.\nCosto: 12,50 €.');
    expect(offered()).toEqual([]);
  });

  it("assigns a pratica to a clerk of its office, chosen from the office's clerks", async () => {
    const { user } = await openDetails(102);
    const dialog = await press(user, 'Assegna a un collega');
    const select = (await within(dialog).findByRole('combobox', { name: /Istruttore/ })) as HTMLSelectElement;
    expect(Array.from(select.options).map((option) => option.textContent)).toEqual(['Scegli un istruttore', 'Carla Esposito', 'Chiara Russo']);
    await user.selectOptions(select, 'Chiara Russo');
    await user.click(within(dialog).getByRole('button', { name: 'Assegna a un collega' }));
    expect(await screen.findByText('La richiesta n. 102 è stata assegnata.')).toBeTruthy();
    expect(valueOf(part('Lavorazione della pratica'), 'In carico a')).toBe('Chiara Russo');
  });

  it('closes a dialog without sending anything when the clerk cancels', async () => {
    const { user } = await openDetails(102, 'chiara');
    const dialog = await press(user, 'Prendi in carico');
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stored(102).pratica?.assigneeId).toBeNull();
    expect(offered()).toEqual(['Prendi in carico']);
  });

  it('says why when the server refuses an action (409) and shows the pratica as it now is', async () => {
    const { user } = await openDetails(102, 'chiara');
    const dialog = await press(user, 'Prendi in carico');
    // Meanwhile Carla took it in charge, and the copy on screen kept its version: the machine refuses.
    const carla = mockStore.staff.find((record) => record.user.firstName === 'Carla')!.user;
    const version = stored(102).version;
    movePratica(stored(102), { type: 'TAKE_IN_CHARGE', at: new Date().toISOString() }, { by: carla, staff: mockStore.staff.map((r) => r.user) });
    stored(102).version = version;
    await user.click(within(dialog).getByRole('button', { name: 'Prendi in carico' }));
    const alert = await closeAlert(user, 'Azione non eseguita');
    expect(alert.textContent).toContain('Un collega ha già preso in carico la pratica: ora vedi chi la segue.');
    await waitFor(() => expect(valueOf(part('Lavorazione della pratica'), 'In carico a')).toBe('Carla Esposito'));
    expect(offered()).toEqual([]);
  });

  it('tells a stale copy apart from a refusal (409 stale-version)', async () => {
    server.use(
      http.post(backOfficeUrls.event, () =>
        HttpResponse.json<Status>(
          { code: 409, message: 'Conflict', description: 'The request changed meanwhile: reload it.', errorKey: 'stale-version' } as Status,
          {
            status: 409,
          },
        ),
      ),
    );
    const { user } = await openDetails(102, 'chiara');
    const dialog = await press(user, 'Prendi in carico');
    await user.click(within(dialog).getByRole('button', { name: 'Prendi in carico' }));
    const alert = await closeAlert(user, 'Azione non eseguita');
    expect(alert.textContent).toContain('La pratica è cambiata nel frattempo');
  });

  it("sets a draft's storage limit to the day picked, within the range offered, once however often it is saved", async () => {
    const { user } = await openDetails(101);
    const field = screen.getByLabelText(/Conserva la bozza fino al/);
    const today = officeToday();
    expect(field.getAttribute('type')).toBe('date');
    expect(field.getAttribute('min')).toBe(addDays(today, 1));
    expect(field.getAttribute('max')).toBe(addYears(today, 5));
    const submit = () => user.click(screen.getByRole('button', { name: 'Aggiorna la scadenza' }));
    await user.clear(field);
    await user.type(field, today);
    await submit();
    expect(await screen.findByText('La data deve essere successiva a oggi.')).toBeTruthy();
    await user.clear(field);
    await user.type(field, addDays(addYears(today, 5), 1));
    await submit();
    expect(await screen.findByText(`La data può essere al massimo il ${formatCalendarDay(addYears(today, 5))}.`)).toBeTruthy();
    const day = addDays(today, 112);
    for (let save = 0; save < 2; save++) {
      await user.clear(screen.getByLabelText(/Conserva la bozza fino al/));
      await user.type(screen.getByLabelText(/Conserva la bozza fino al/), day);
      await submit();
      expect((await screen.findByText(`La bozza sarà conservata fino al ${formatCalendarDay(day)}.`)).getAttribute('role')).toBe('status');
      await waitFor(() => expect(valueOf(part('Dati della richiesta'), 'La bozza scade il')).toBe(formatCalendarDay(day)));
    }
    expect(mockStore.requests.find((request) => request.requestId === 101)?.storageLimit).toBe(day);
    const changes = await screen.findByRole('region', { name: 'Modifiche della scadenza' });
    expect(within(changes).getAllByRole('listitem')).toHaveLength(1);
    expect(within(changes).getByRole('listitem').textContent).toContain(`al ${formatCalendarDay(day)} (Anna Verdi)`);
  });

  it('opens a request by its own address and offers the next one in the view it came from', async () => {
    storeSession('anna');
    renderApp('/back-office/requests/106?sort=requestId%3Bdesc&size=5');
    await screen.findByRole('heading', { level: 1, name: 'Richiesta n. 106' }, SLOW);
    const around = await screen.findByRole('navigation', { name: 'Altre richieste dell’elenco' });
    expect(within(around).getByRole('link', { name: 'Richiesta precedente (n. 107)' }).getAttribute('href')).toBe('/back-office/requests/107');
    expect(within(around).getByRole('link', { name: 'Richiesta successiva (n. 105)' }).getAttribute('href')).toBe('/back-office/requests/105');
    expect(screen.getByRole('link', { name: "Torna all'elenco delle richieste" }).getAttribute('href')).toBe('/back-office/requests');
  });

  it('downloads the recap from the back-office path', async () => {
    let asked = '';
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('getPdfRecap')) asked = `${new URL(request.url).pathname}?lang=${new URL(request.url).searchParams.get('lang')}`;
    });
    const { user } = await openDetails(104);
    await user.click(screen.getByRole('button', { name: 'Scarica il riepilogo (PDF)' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(asked).toBe('/api/suap/v1/backoffice/getPdfRecap/104?lang=it');
    expect(save.mock.calls[0]![1]).toBe('riepilogo-richiesta-104.pdf');
    server.events.removeAllListeners();
  });

  it('says so when no request was chosen', async () => {
    storeSession('anna');
    renderApp('/back-office/requests/details');
    expect(await screen.findByText('Nessuna richiesta scelta.', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: "Torna all'elenco delle richieste" }).getAttribute('href')).toBe('/back-office/requests');
  });

  it('shows stored markup as text', async () => {
    await openDetails(107);
    expect(valueOf(part('Dati anagrafici del richiedente'), 'Comune di residenza')).toBe(XSS);
    expect(valueOf(part('Sportello (SUAP)'), 'Nome')).toBe(`SUAP ${XSS}`);
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });
});
