// The audit log page (docs/architecture.md "Audit log"): administrators find who signed in, was
// refused, read a request or its PDF, exported one, or changed a staff account; newest first, ten
// a page, filtered by person, action and days, the query kept in the address. Collaborators get
// the "not allowed" page and no menu entry.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLogHandlers } from '#mocks/handlers/audit-log.ts';
import { renderApp } from '../render.tsx';
import { server } from '../msw-server.ts';
import { storeSession } from '../session.ts';
import { SLOW } from '../private-area/support.ts';

const table = () => screen.getByRole('grid', { name: 'Registro delle attività' });
const rows = () => within(table()).getAllByRole('row').slice(1);
const column = (index: number) =>
  rows().map((row) => within(row).getAllByRole(index === 0 ? 'rowheader' : 'gridcell')[index === 0 ? 0 : index - 1]?.textContent);

beforeEach(() => {
  server.use(...auditLogHandlers());
});

async function openLog(path = '/back-office/audit-log') {
  storeSession('anna');
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Registro attività' }, SLOW);
  return view;
}

describe('audit log', () => {
  it('lists the newest entries first, ten a page, with who, what, on what and how it ended', async () => {
    const { user } = await openLog();
    await screen.findByText('11 attività trovate.', {}, SLOW);
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent?.replace(/[▲▼⇅]/g, '')),
    ).toEqual(['Data e ora', 'Persona', 'Azione', 'Oggetto', 'Esito', 'Origine']);
    expect(rows()).toHaveLength(10);
    // 15/03/2025 12:00 in Rome is 11:00 UTC: the refused sign-in comes first.
    expect(within(rows()[0]!).getByText('Accesso')).toBeTruthy();
    expect(within(rows()[0]!).getByText('Rifiutata (401)')).toBeTruthy();
    expect(within(rows()[0]!).getByText('Non identificata')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pagina successiva' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByText('Anna Verdi · VRDNNA75D52F839Y')).toBeTruthy();
  });

  it("finds Luca's reads of request 102 and its PDF by his fiscal code, and keeps the search in the address", async () => {
    const { user, router } = await openLog();
    await screen.findByText('11 attività trovate.', {}, SLOW);
    await user.type(screen.getByRole('searchbox', { name: 'Cerca per persona (nome o codice fiscale)' }), 'NRELCU90S23L219G{Enter}');
    await screen.findByText('4 attività trovate.');
    const luca = rows().map((row) => row.textContent ?? '');
    expect(luca.every((text) => text.includes('Luca Neri · NRELCU90S23L219G'))).toBe(true);
    expect(luca.some((text) => text.includes('Lettura di una richiesta') && text.includes('Richiesta n. 102'))).toBe(true);
    expect(luca.some((text) => text.includes('Lettura del PDF di una richiesta') && text.includes('Richiesta n. 102'))).toBe(true);
    await waitFor(() => expect(router.state.location.search).toBe('?q=NRELCU90S23L219G'));
  });

  it('filters by action and by days, both days included', async () => {
    const { user, router } = await openLog();
    await screen.findByText('11 attività trovate.', {}, SLOW);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Azione' }), 'Lettura del PDF di una richiesta');
    await screen.findByText("Un'attività trovata.");
    expect(within(rows()[0]!).getByText('Richiesta n. 102')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Azione' }), 'Tutte le azioni');
    await screen.findByText('11 attività trovate.');
    await user.type(screen.getByLabelText('Dal giorno'), '2025-03-14');
    await user.type(screen.getByLabelText('Al giorno'), '2025-03-14');
    await screen.findByText('4 attività trovate.');
    await waitFor(() => expect(router.state.location.search).toBe('?from=2025-03-14&to=2025-03-14'));
  });

  it('opens on the view its address names', async () => {
    await openLog('/back-office/audit-log?action=refusal&sort=at;asc');
    await screen.findByText('2 attività trovate.', {}, SLOW);
    expect(column(4)).toEqual(['Rifiutata (401)', 'Rifiutata (403)']);
    expect((screen.getByRole('combobox', { name: 'Azione' }) as HTMLSelectElement).value).toBe('refusal');
  });

  it('is offered to administrators only', async () => {
    storeSession('luca');
    renderApp('/back-office/audit-log');
    expect(await screen.findByRole('heading', { level: 1, name: 'Accesso non consentito' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Registro attività' })).toBeNull();
  });

  it('shows administrators the menu entry to it', async () => {
    storeSession('anna');
    const { user } = renderApp('/back-office/requests');
    const links = await screen.findAllByRole('link', { name: 'Registro attività' }, SLOW);
    await user.click(links[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Registro attività' }, SLOW)).toBeTruthy();
  });
});
