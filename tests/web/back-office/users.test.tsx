// Spec §2 back-office users, §3 user table columns, §8 create/modify messages, §9 page size 5
// sorted by name; docs/architecture.md "The clerks' desk": the staff list, details with the audit trail, create (success
// alert with name and profile in the person's agreement, then the new details; the check character
// checked in the form; the server's refusals on their fields, in Italian; default texts otherwise)
// and modify (alert with the name, details updated; one's own switch and profile not offered;
// Cancel asks before dropping edits; a record changed meanwhile is reloaded). Administrators only.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockStore } from '#mocks/fixtures/back-office.ts';
import { backOfficeUrls } from '#mocks/handlers/back-office.ts';
import { GENERIC_ERROR } from '#shared/constants.ts';
import { renderApp } from '../render.tsx';
import { storeSession } from '../session.ts';
import { server } from '../msw-server.ts';
import { SLOW, useListsMockApi } from '../private-area/support.ts';

const table = () => screen.getByRole('grid', { name: 'Elenco degli utenti' });
const names = () =>
  within(table())
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

beforeEach(() => {
  useListsMockApi();
});

async function openList() {
  storeSession('anna');
  const view = renderApp('/back-office/users');
  await screen.findByText('7 utenti trovati.', {}, SLOW);
  return view;
}

async function fillStaff(
  user: ReturnType<typeof renderApp>['user'],
  values: { firstName: string; lastName: string; fiscalCode: string; email: string; profile: string },
) {
  await user.type(screen.getByRole('textbox', { name: /^Nome/ }), values.firstName);
  await user.type(screen.getByRole('textbox', { name: /^Cognome/ }), values.lastName);
  await user.type(screen.getByRole('textbox', { name: /^Codice fiscale/ }), values.fiscalCode);
  await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), values.email);
  await user.click(screen.getByRole('radio', { name: values.profile }));
}

const LAURA = { firstName: 'Laura', lastName: 'Marino', fiscalCode: 'MRNLRA90A41H501Q', email: 'laura.marino@example.org', profile: 'Collaboratore' };

describe('staff management', () => {
  it('lists staff by name, five per page, with the spec columns', async () => {
    const { user } = await openList();
    expect(screen.getByRole('heading', { level: 1, name: 'Utenti' })).toBeTruthy();
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent?.replace(/[▲▼⇅]/g, '')),
    ).toEqual(['Nome', 'Cognome', 'Codice fiscale', 'E-mail', 'Profilo', 'Attivo', 'Azioni']);
    expect(names()).toEqual(['Anna', 'Bruno', 'Carla', 'Chiara', 'Davide']);
    // The clerk ("istruttore") is named by her profile.
    expect(within(within(table()).getAllByRole('row')[4]!).getByText('Istruttore')).toBeTruthy();
    const davide = within(table()).getAllByRole('row')[5]!;
    expect(within(davide).getByText('No')).toBeTruthy();
    expect(within(davide).getByText('Collaboratore')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pagina successiva' }));
    await waitFor(() => expect(names()).toEqual(['Elena', 'Luca']));
    await user.click(within(table()).getByRole('columnheader', { name: /^Cognome/ }));
    await waitFor(() => expect(names()).toEqual(['Carla', 'Davide', 'Elena', 'Bruno', 'Luca']));
  });

  it('searches staff', async () => {
    const { user } = await openList();
    await user.type(screen.getByRole('searchbox', { name: 'Cerca per nome, codice fiscale o e-mail' }), 'gall{Enter}');
    await screen.findByText('2 utenti trovati.');
    expect(names()).toEqual(['Bruno', 'Elena']);
  });

  it('shows a user with the audit trail', async () => {
    const { user } = await openList();
    await user.click(screen.getByRole('button', { name: 'Dettagli di Bruno Gallo' }));
    await screen.findByRole('heading', { level: 1, name: 'Bruno Gallo' });
    expect(screen.getByRole('link', { name: 'Modifica' }).getAttribute('href')).toBe('/back-office/users/modify?userId=30');
    const audit = screen.getByRole('region', { name: 'Registro delle modifiche' });
    expect(within(audit).getByText('Creazione')).toBeTruthy();
    expect(within(audit).getByText('da Anna Verdi')).toBeTruthy();
  });

  it('creates a collaborator: success alert with name and profile in the right agreement, then the new details', async () => {
    storeSession('anna');
    const { user, router } = renderApp('/back-office/users/create');
    await screen.findByRole('heading', { level: 1, name: 'Nuovo utente' }, SLOW);
    await user.click(screen.getByRole('button', { name: "Crea l'utente" }));
    expect((await screen.findAllByText('Questo campo è obbligatorio.')).length).toBe(4);
    expect(screen.getByText('Scegli il profilo.')).toBeTruthy();
    expect(document.activeElement?.getAttribute('name')).toBe('firstName');
    await fillStaff(user, LAURA);
    await user.click(screen.getByRole('button', { name: "Crea l'utente" }));
    // Laura's fiscal code records day 41 (1 + 40): "creata", "registrata".
    const alert = await screen.findByRole('alertdialog', { name: 'Utente creata' });
    expect(await within(alert).findByText('Laura Marino è ora registrata con il profilo Collaboratore.')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Chiudi' }));
    await screen.findByRole('heading', { level: 1, name: 'Laura Marino' });
    expect(router.state.location.pathname).toBe('/back-office/users/details');
    expect(router.state.location.search).toBe('?userId=100');
    expect(within(screen.getByRole('region', { name: 'Registro delle modifiche' })).getByText('Creazione')).toBeTruthy();
  });

  it('registers a clerk ("istruttore"), the profile that works the pratiche', async () => {
    storeSession('anna');
    const { user } = renderApp('/back-office/users/create');
    await screen.findByRole('heading', { level: 1, name: 'Nuovo utente' }, SLOW);
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Amministratore', 'Collaboratore', 'Istruttore']);
    await fillStaff(user, { ...LAURA, profile: 'Istruttore' });
    await user.click(screen.getByRole('button', { name: "Crea l'utente" }));
    const alert = await screen.findByRole('alertdialog', { name: 'Utente creata' });
    expect(await within(alert).findByText('Laura Marino è ora registrata con il profilo Istruttore.')).toBeTruthy();
    expect(mockStore.staff.at(-1)?.user.profile.profileId).toBe(4);
  });

  it('uses the masculine agreement for a man', async () => {
    storeSession('anna');
    const { user } = renderApp('/back-office/users/create');
    await screen.findByRole('heading', { level: 1, name: 'Nuovo utente' }, SLOW);
    await fillStaff(user, {
      firstName: 'Mario',
      lastName: 'Rossi',
      fiscalCode: 'RSSMRA80A01H501U',
      email: 'mario.rossi@example.org',
      profile: 'Amministratore',
    });
    await user.click(screen.getByRole('button', { name: "Crea l'utente" }));
    const alert = await screen.findByRole('alertdialog', { name: 'Utente creato' });
    expect(await within(alert).findByText('Mario Rossi è ora registrato con il profilo Amministratore.')).toBeTruthy();
  });

  it('checks the check character in the form, before anything is sent', async () => {
    let sent = 0;
    const count = ({ request }: { request: Request }) => {
      if (request.method === 'POST' && new URL(request.url).pathname === backOfficeUrls.createUser) sent += 1;
    };
    server.events.on('request:start', count);
    storeSession('anna');
    const { user } = renderApp('/back-office/users/create');
    await screen.findByRole('heading', { level: 1, name: 'Nuovo utente' }, SLOW);
    await fillStaff(user, { ...LAURA, fiscalCode: 'MRNLRA90A41H501X' });
    await user.click(screen.getByRole('button', { name: "Crea l'utente" }));
    expect(await screen.findByText('L’ultimo carattere del codice fiscale non corrisponde agli altri: controlla di averlo scritto bene.')).toBeTruthy();
    expect(document.activeElement?.getAttribute('name')).toBe('fiscalCode');
    expect(sent).toBe(0);
    server.events.removeListener('request:start', count);
  });

  it.each([
    ['fiscal code', { ...LAURA, fiscalCode: 'NRELCU90S23L219G' }, 'fiscalCode', 'Un altro operatore ha già questo codice fiscale.'],
    ['e-mail address', { ...LAURA, email: 'ANNA.VERDI@example.org' }, 'email', 'Un altro operatore ha già questo indirizzo e-mail.'],
  ])("shows the server's refusal of a taken %s on its field, in Italian", async (_label, values, field, message) => {
    storeSession('anna');
    const { user } = renderApp('/back-office/users/create');
    await screen.findByRole('heading', { level: 1, name: 'Nuovo utente' }, SLOW);
    await fillStaff(user, values);
    await user.click(screen.getByRole('button', { name: "Crea l'utente" }));
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.getAttribute('name')).toBe(field));
    expect(document.activeElement?.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(mockStore.staff).toHaveLength(7);
  });

  it('shows the default create-user error when the server says nothing useful', async () => {
    server.use(http.post(backOfficeUrls.createUser, () => HttpResponse.json(GENERIC_ERROR, { status: 500 })));
    storeSession('anna');
    const { user } = renderApp('/back-office/users/create');
    await screen.findByRole('heading', { level: 1, name: 'Nuovo utente' }, SLOW);
    await fillStaff(user, LAURA);
    await user.click(screen.getByRole('button', { name: "Crea l'utente" }));
    const alert = await screen.findByRole('alertdialog', { name: "L'utente non è stato creato" });
    expect(await within(alert).findByText(/Non è stato possibile creare l'utente/)).toBeTruthy();
  });

  it("tells a refusal that concerns no field by its errorKey's text, not the server's English", async () => {
    server.use(
      http.post(backOfficeUrls.createUser, () =>
        HttpResponse.json({ code: 429, message: 'Too Many Requests', description: 'slow down', errorKey: 'too-many-requests' }, { status: 429 }),
      ),
    );
    storeSession('anna');
    const { user } = renderApp('/back-office/users/create');
    await screen.findByRole('heading', { level: 1, name: 'Nuovo utente' }, SLOW);
    await fillStaff(user, LAURA);
    await user.click(screen.getByRole('button', { name: "Crea l'utente" }));
    const alert = await screen.findByRole('alertdialog', { name: "L'utente non è stato creato" });
    expect(await within(alert).findByText('Troppe richieste in poco tempo: riprova tra un minuto.')).toBeTruthy();
    expect(within(alert).queryByText('slow down')).toBeNull();
  });

  it('modifies a user: alert with the name, details updated', async () => {
    storeSession('anna');
    const { user, router } = renderApp('/back-office/users/modify?userId=30');
    await screen.findByRole('heading', { level: 1, name: 'Modifica Bruno Gallo' }, SLOW);
    const first = screen.getByRole('textbox', { name: /^Nome/ });
    expect((first as HTMLInputElement).value).toBe('Bruno');
    await user.clear(first);
    await user.type(first, 'Brunello');
    await user.click(screen.getByRole('checkbox', { name: 'Utente attivo' }));
    await user.click(screen.getByRole('button', { name: 'Salva le modifiche' }));
    const alert = await screen.findByRole('alertdialog', { name: 'Modifiche salvate' });
    expect(await within(alert).findByText('I dati di Brunello Gallo sono stati aggiornati.')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Chiudi' }));
    await screen.findByRole('heading', { level: 1, name: 'Brunello Gallo' });
    expect(router.state.location.search).toBe('?userId=30');
    const data = screen.getByRole('region', { name: "Dati dell'utente" });
    expect(within(data).getByText('No')).toBeTruthy();
  });

  it('does not offer one’s own active switch or profile', async () => {
    storeSession('anna');
    renderApp('/back-office/users/modify?userId=3');
    await screen.findByRole('heading', { level: 1, name: 'Modifica Anna Verdi' }, SLOW);
    expect(screen.queryByRole('checkbox', { name: 'Utente attivo' })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByText(/È il tuo account/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Salva le modifiche' })).toBeTruthy();
  });

  it('asks before Cancel drops unsaved edits; without edits it leaves at once', async () => {
    storeSession('anna');
    const { user, router } = renderApp('/back-office/users/modify?userId=30');
    await screen.findByRole('heading', { level: 1, name: 'Modifica Bruno Gallo' }, SLOW);
    const first = screen.getByRole('textbox', { name: /^Nome/ });
    await user.type(first, 'ne');
    await user.click(screen.getByRole('button', { name: 'Annulla' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Uscire senza salvare?' });
    await user.click(await within(dialog).findByRole('button', { name: 'Continua a modificare' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((screen.getByRole('textbox', { name: /^Nome/ }) as HTMLInputElement).value).toBe('Brunone');
    expect(router.state.location.pathname).toBe('/back-office/users/modify');
    await user.click(screen.getByRole('button', { name: 'Annulla' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Uscire senza salvare?' });
    await user.click(await within(dialog).findByRole('button', { name: 'Esci senza salvare' }));
    await screen.findByRole('heading', { level: 1, name: 'Bruno Gallo' });
    expect(router.state.location.search).toBe('?userId=30');
    expect(mockStore.staff.find((record) => record.user.userId === 30)?.user.firstName).toBe('Bruno');

    await user.click(screen.getByRole('link', { name: 'Modifica' }));
    await screen.findByRole('heading', { level: 1, name: 'Modifica Bruno Gallo' });
    await user.click(screen.getByRole('button', { name: 'Annulla' }));
    await screen.findByRole('heading', { level: 1, name: 'Bruno Gallo' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks to reload a record that changed meanwhile', async () => {
    server.use(
      http.put(backOfficeUrls.modifyUser, () =>
        HttpResponse.json({ code: 409, message: 'Conflict', description: 'changed', errorKey: 'conflict' }, { status: 409 }),
      ),
    );
    storeSession('anna');
    const { user } = renderApp('/back-office/users/modify?userId=30');
    await screen.findByRole('heading', { level: 1, name: 'Modifica Bruno Gallo' }, SLOW);
    await user.type(screen.getByRole('textbox', { name: /^Nome/ }), 'ne');
    await user.click(screen.getByRole('button', { name: 'Salva le modifiche' }));
    const stale = await screen.findByRole('alert');
    expect(within(stale).getByText(/sono cambiati nel frattempo/)).toBeTruthy();
    await user.click(within(stale).getByRole('button', { name: 'Ricarica i dati' }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: /^Nome/ }) as HTMLInputElement).value).toBe('Bruno'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps collaborators out', async () => {
    storeSession('luca');
    renderApp('/back-office/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Accesso non consentito' }, SLOW)).toBeTruthy();
  });
});
