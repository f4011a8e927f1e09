// The service page's documents to attach (docs/architecture.md "What each initiative needs"): one
// collapsible group per set of documents, each document's need, formats, size and signature, in
// Italian and English; and the mocked requirement list the wizard's tests read.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RequirementListResponse } from '#shared/api/attachments.ts';
import { API_BASE, apiPath } from '#shared/api/paths.ts';
import { requirementsForInitiative } from '#mocks/handlers/requirements.ts';
import { renderApp } from '../render.tsx';

const group = (name: string) => screen.getByRole('heading', { level: 4, name }).closest('details')!;
const item = (details: HTMLElement, name: string) => within(details).getByText(name, { selector: 'strong' }).closest('li')!.textContent;

describe('the documents to attach on the service page', () => {
  it('lists each group’s documents in Italian, with what each needs', async () => {
    renderApp('/startup-service');
    await screen.findByRole('heading', { level: 1, name: 'Servizio startup' });
    const section = screen.getByRole('region', { name: 'Cosa serve' });
    expect(within(section).getByRole('heading', { level: 3, name: 'Documenti da allegare' })).toBeTruthy();
    const every = group('Per ogni avvio o modifica di attività');
    expect(every.open).toBe(false);
    expect(within(every).getAllByRole('listitem')).toHaveLength(3);
    expect(item(every, 'Modulo SCIA / istanza')).toContain('(obbligatorio; formati PDF, P7M, fino a 20 MB; un file; con firma digitale)');
    expect(item(every, 'Procura speciale')).toContain('obbligatorio se presenti la richiesta per conto dell’impresa (intermediario)');
    expect(item(every, 'Ricevuta del pagamento dei diritti')).toContain('(facoltativo; formati PDF, JPEG, PNG, fino a 5 MB; un file)');
    const premises = group('Se l’attività si svolge in locali: commercio, somministrazione, servizi alla persona, ricettività, artigianato, sanità');
    expect(item(premises, 'Planimetria dei locali')).toContain('(obbligatorio; formati PDF, JPEG, PNG, fino a 20 MB; fino a 3 file)');
    expect(item(group('Per le imprese alimentari: bar, ristoranti, laboratori e negozi di alimenti'), 'Notifica sanitaria (Reg. CE 852/2004)')).toContain(
      'obbligatorio',
    );
    expect(within(group('Per la cessazione di un’attività')).getAllByRole('listitem')).toHaveLength(1);
  });

  it('lists them in English', async () => {
    renderApp('/startup-service?lang=en');
    await screen.findByRole('heading', { level: 1, name: 'Startup service' });
    expect(screen.getByRole('heading', { level: 3, name: 'Documents to attach' })).toBeTruthy();
    const every = group('For every start or change of a business');
    expect(item(every, 'SCIA form / application')).toContain('(required; formats PDF, P7M, up to 20 MB; one file; digitally signed)');
    expect(item(every, 'Special power of attorney')).toContain('required when you file for the business (intermediary)');
    expect(item(every, 'Receipt of the fees paid')).toContain('(optional;');
    expect(
      item(group('If the business works from premises: trade, food service, personal services, accommodation, crafts, health'), 'Floor plan of the premises'),
    ).toContain('up to 3 files');
    expect(screen.queryByText('Procura speciale')).toBeNull();
  });
});

describe('the mocked requirement list', () => {
  const get = (iniziativeId: number) => fetch(new URL(`${API_BASE}${apiPath('requirementList', { iniziativeId })}`, window.location.origin));

  it('answers a bar’s documents, required ones first, and a closure’s form alone', async () => {
    const bar = (await (await get(21)).json()) as RequirementListResponse;
    expect(bar.requirementList.map((r) => r.requirementCode)).toEqual([
      'SCIA_FORM',
      'FLOOR_PLAN',
      'SANITARY_NOTIFICATION',
      'POWER_OF_ATTORNEY',
      'FEES_RECEIPT',
    ]);
    expect(bar.requirementList).toEqual(requirementsForInitiative(21));
    const closure = (await (await get(41)).json()) as RequirementListResponse;
    expect(closure.requirementList.map((r) => r.requirementCode)).toEqual(['SCIA_FORM']);
  });

  it('answers an unknown initiative as not found', async () => {
    const response = await get(999);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ errorKey: 'not-found' });
  });
});
