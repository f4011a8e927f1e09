// Spec §2 back-office users, §3 user table columns, §8 create/modify messages, §9 page size 5
// sorted by name: the staff list, details with the audit trail, create (success alert with name
// and profile, then the new details; the server's message on a duplicate fiscal code; default
// texts otherwise) and modify (alert with the name, details updated). Administrators only.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockStore } from '../../../mocks/fixtures/back-office.ts';
import { backOfficeUrls } from '../../../mocks/handlers/back-office.ts';
import { GENERIC_ERROR } from '../../../src/shared/constants.ts';
import { renderApp } from '../render.tsx';
import { storeSession } from '../session.ts';
import { server } from '../msw-server.ts';
import { SLOW, useListsMockApi } from '../private-area/support.ts';

const table = () => screen.getByRole('grid', { name: 'Elenco degli utenti' });
const names = () => within(table()).getAllByRole('rowheader').map((cell) => cell.textContent);

beforeEach(() => {
  useListsMockApi();
});

async function openList() {
  storeSession('anna');
  const view = renderApp('/back-office/users');
  await screen.findByText('6 utenti trovati.', {}, SLOW);
  return view;
}

async function fillStaff(user: ReturnType<typeof renderApp>['user'], values: { firstName: string; lastName: string; fiscalCode: string; email: string; profile: string }) {
  await user.type(screen.getByRole('textbox', { name: /^Nome/ }), values.firstName);
  await user.type(screen.getByRole('textbox', { name: /^Cognome/ }), values.lastName);
  await user.type(screen.getByRole('textbox', { name: /^Codice fiscale/ }), values.fiscalCode);
  await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), values.email);
  await user.click(screen.getByRole('radio', { name: values.profile }));
}

const LAURA = { firstName: 'Laura', lastName: 'Marino', fiscalCode: 'MRNLRA90A41H501Q', email: 'laura.marino@example.it', profile: 'Collaboratore' };

describe('staff management', () => {
  it('lists staff by name, five per page, with the spec columns', async () => {
    const { user } = await openList();
    expect(screen.getByRole('heading', { level: 1, name: 'Utenti' })).toBeTruthy();
    expect(within(table()).getAllByRole('columnheader').map((cell) => cell.textContent?.replace(/[▲▼⇅]/g, ''))).toEqual([
      'Nome',
      'Cognome',
      'Codice fiscale',
      'E-mail',
      'Profilo',
      'Attivo',
      'Azioni',
    ]);
    expect(names()).toEqual(['Anna', 'Bruno', 'Carla', 'Davide', 'Elena']);
    const davide = within(table()).getAllByRole('row')[4]!;
    expect(within(davide).getByText('No')).toBeTruthy();
    expect(within(davide).getByText('Collaboratore')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pagina successiva' }));
    await waitFor(() => expect(names()).toEqual(['Luca']));
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

  it('creates a collaborator: success alert with name and profile, then the new details', async () => {
    storeSession('anna');
    const { user, router } = renderApp('/back-office/users/create');
    await screen.findByRole('heading', { level: 1, name: 'Nuovo utente' }, SLOW);
    await user.click(screen.getByRole('button', { name: "Crea l'utente" }));
    expect((await screen.findAllByText('Questo campo è obbligatorio.')).length).toBe(4);
    expect(screen.getByText('Scegli il profilo.')).toBeTruthy();
    expect(document.activeElement?.getAttribute('name')).toBe('firstName');
    await fillStaff(user, LAURA);
    await user.click(screen.getByRole('button', { name: "Crea l'utente" }));
    const alert = await screen.findByRole('alertdialog', { name: 'Utente creato' });
    expect(await within(alert).findByText('Laura Marino è ora registrato con il profilo Collaboratore.')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Chiudi' }));
    await screen.findByRole('heading', { level: 1, name: 'Laura Marino' });
    expect(router.state.location.pathname).toBe('/back-office/users/details');
    expect(router.state.location.search).toBe('?userId=100');
    expect(within(screen.getByRole('region', { name: 'Registro delle modifiche' })).getByText('Creazione')).toBeTruthy();
  });

  it("passes the server's message on when the fiscal code is taken", async () => {
    storeSession('anna');
    const { user } = renderApp('/back-office/users/create');
    await screen.findByRole('heading', { level: 1, name: 'Nuovo utente' }, SLOW);
    await fillStaff(user, { ...LAURA, fiscalCode: 'NRELCU90S23L219G' });
    await user.click(screen.getByRole('button', { name: "Crea l'utente" }));
    const alert = await screen.findByRole('alertdialog', { name: "L'utente non è stato creato" });
    expect(alert.getAttribute('data-modal-type')).toBe('error');
    expect(await within(alert).findByText('fiscalCode: a staff member with this fiscal code already exists.')).toBeTruthy();
    expect(mockStore.staff).toHaveLength(6);
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

  it("passes the server's message on when a modify is refused", async () => {
    storeSession('anna');
    const { user } = renderApp('/back-office/users/modify?userId=3');
    await screen.findByRole('heading', { level: 1, name: 'Modifica Anna Verdi' }, SLOW);
    await user.click(screen.getByRole('checkbox', { name: 'Utente attivo' }));
    await user.click(screen.getByRole('button', { name: 'Salva le modifiche' }));
    const alert = await screen.findByRole('alertdialog', { name: 'Le modifiche non sono state salvate' });
    expect(await within(alert).findByText('active: you cannot deactivate yourself.')).toBeTruthy();
  });

  it('keeps collaborators out', async () => {
    storeSession('luca');
    renderApp('/back-office/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Accesso non consentito' }, SLOW)).toBeTruthy();
  });
});
