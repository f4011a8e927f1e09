// The office search machine's model paths (tests/machines/models/officeSearch.model.ts, the very
// paths the pure machine suite runs) replayed on the rendered select-initiative step with the
// real actors: the list calls wait at a gate per actor until the path answers them (the envelope
// as the server would send it, or an HTTP failure); every user event is a click or typing on the
// screen when the screen offers that control, else it is sent to the machine and counted. After
// each step the running machine must equal the model (its projection), and the screen must show
// exactly the running machine's state: mode, offices, no-data card, failed-list callout, selects.
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { officeSearchMachine, selectHasAskedForOffices } from '../../../../machines/officeSearch.ts';
import type { OfficeSearchEvent } from '../../../../machines/officeSearch/rules.ts';
import { marioDraft } from '../../../../mocks/fixtures/requests.ts';
import { masterDataUrls } from '../../../../mocks/handlers/master-data.ts';
import { GENERIC_ERROR } from '../../../../src/shared/constants.ts';
import { officeSearchModel } from '../../../machines/models/officeSearch.model.ts';
import { serializeModelState } from '../../../machines/support/model.ts';
import { generatePaths, type ModelStep } from '../../../machines/support/paths.ts';
import { replayPath, type PathDriver } from '../../../machines/support/replay.ts';
import { createHttpGates, type HttpGates } from '../../model/http-gates.ts';
import { mockEnrolmentApi } from '../harness.tsx';
import { storeSession } from '../../session.ts';
import { DRAFT_STORAGE_KEY, encodeDraft } from '../../../../machines/draft/rules.ts';
import { renderObserved } from './render.tsx';

type Snapshot = SnapshotFrom<typeof officeSearchMachine>;
const all = generatePaths(officeSearchModel);

/**
 * By default the shortest path for each pair of projected state reached and event that got there,
 * which reaches every state and every kind of transition; SCREEN_MODEL=all runs every path (about
 * three minutes).
 */
function selection(candidates: typeof all): typeof all {
  const chosen = new Map<string, (typeof all)[number]>();
  for (const path of [...candidates].sort((a, b) => a.steps.length - b.steps.length)) {
    const last = path.steps.at(-1)!;
    const key = `${serializeModelState(officeSearchModel, last.state)} ← ${last.event.type}`;
    if (!chosen.has(key)) chosen.set(key, path);
  }
  return [...chosen.values()];
}

const paths = process.env.SCREEN_MODEL === 'all' ? all : selection(all);
const tally = { paths: 0, steps: 0, byUi: 0, direct: 0 };

function gatedLists(gates: HttpGates) {
  const gated = (url: string, id: string) =>
    http.get(url, async ({ request }) => {
      const reply = await gates.hold(id, request.signal);
      return reply.ok ? HttpResponse.json(reply.output as object) : HttpResponse.json(GENERIC_ERROR, { status: 500 });
    });
  return [
    gated(masterDataUrls.regions, 'loadRegions'),
    gated(masterDataUrls.provinces, 'loadProvinces'),
    gated(masterDataUrls.municipalities, 'loadMunicipalities'),
    gated(masterDataUrls.suaps, 'loadOffices'),
  ];
}

function createDriver(app: ReturnType<typeof renderObserved>, gates: HttpGates): PathDriver<typeof officeSearchMachine> {
  const snapshot = () => app.actor('officeSearch').getSnapshot() as Snapshot;
  const direct = (event: OfficeSearchEvent) => {
    tally.direct += 1;
    act(() => app.actor('officeSearch').send(event));
  };
  const enabled = (element: HTMLElement | null): element is HTMLElement => element !== null && !element.hasAttribute('disabled') && element.getAttribute('aria-disabled') !== 'true';

  async function choose(label: RegExp, name: string | undefined, event: OfficeSearchEvent) {
    const trigger = screen.queryByRole('button', { name: label });
    if (!name || !enabled(trigger)) return direct(event);
    tally.byUi += 1;
    await app.user.click(trigger);
    await app.user.click(await screen.findByRole('option', { name }));
  }

  return {
    async send(anyEvent) {
      const event = anyEvent as unknown as OfficeSearchEvent;
      const { context } = snapshot();
      switch (event.type) {
        case 'SET_TYPE': {
          tally.byUi += 1;
          return app.user.click(screen.getByText(event.typeResearch === 'area' ? 'Ricerca per territorio' : 'Ricerca libera'));
        }
        case 'SELECT_REGION':
          return choose(/Regione/, context.regions.find((r) => r.regionId === event.regionId)?.nameIt, event);
        case 'SELECT_PROVINCE':
          return choose(/Provincia/, context.provinces.find((p) => p.provinceId === event.provinceId)?.nameIt, event);
        case 'SELECT_MUNICIPALITY':
          return choose(/Comune/, context.municipalities.find((m) => m.municipalityId === event.municipalityId)?.nameIt, event);
        case 'SEARCH': {
          const bar = screen.queryByRole('search', { name: 'Cerca lo sportello per nome o comune' });
          if (!bar) return direct(event);
          tally.byUi += 1;
          const box = within(bar).getByRole('searchbox');
          await app.user.clear(box);
          if (event.filter) await app.user.type(box, event.filter);
          return app.user.click(within(bar).getByRole('button', { name: 'Cerca' }));
        }
        case 'PAGE': {
          const pages = screen.queryByRole('navigation', { name: 'Pagine degli sportelli' });
          const button = pages ? within(pages).queryByRole('button', { name: new RegExp(`^Pagina ${event.page} di \\d+$`) }) : null;
          if (!enabled(button) || button.getAttribute('aria-current') === 'page') return direct(event);
          tally.byUi += 1;
          return app.user.click(button);
        }
        case 'CLEAR':
          tally.byUi += 1;
          return app.user.click(screen.getByRole('button', { name: 'Cancella i filtri' }));
      }
    },
    complete: (id, output) => gates.release(id, { ok: true, output }),
    fail: (id, error) => gates.release(id, { ok: false, error }),
    advance: () => {
      throw new Error('the office search machine has no timers');
    },
    async check(step: ModelStep<Snapshot>) {
      const expected = serializeModelState(officeSearchModel, step.state);
      await waitFor(() => expect(serializeModelState(officeSearchModel, snapshot())).toBe(expected));
      // A model step's snapshot is one representative of its projected state: details the projection
      // leaves out (statuses, names) are read from the running machine, already checked equal to it.
      const { context } = snapshot();
      const area = context.typeResearch === 'area';
      await waitFor(() => {
        expect((screen.getByRole('radio', { name: area ? 'Ricerca per territorio' : 'Ricerca libera' }) as HTMLInputElement).checked, 'search mode').toBe(true);
        // Offices (or the no-data card) show once the person asked for some (issue #14.7).
        const asked = selectHasAskedForOffices(snapshot());
        expect(screen.queryByText('Nessuno sportello corrisponde alla ricerca.') !== null, 'no-data card').toBe(asked && context.noData.offices);
        const list = screen.queryByRole('list', { name: 'Sportelli' });
        expect(list ? within(list).queryAllByRole('listitem').length : 0, 'offices shown').toBe(asked ? context.offices.items.length : 0);
        expect(screen.queryByText('Dati non disponibili') !== null, `failed-list callout ${JSON.stringify(context.status)}`).toBe(Object.values(context.status).some(Boolean));
        if (area) {
          const province = screen.getByRole('button', { name: /Provincia/ });
          const municipality = screen.getByRole('button', { name: /Comune/ });
          if (!context.loading.provinces) expect(province.hasAttribute('disabled'), 'province disabled').toBe(!context.enabled.province);
          if (!context.loading.municipalities) expect(municipality.hasAttribute('disabled'), 'municipality disabled').toBe(!context.enabled.municipality);
        } else {
          expect(screen.getByRole('searchbox', { name: 'Cerca lo sportello per nome o comune' })).toBeTruthy();
        }
      });
    },
  };
}

describe('office search model on the select-initiative step', () => {
  for (const [index, path] of paths.entries()) {
    it(`path ${index + 1}/${paths.length}: ${path.description}`, async () => {
      const gates = createHttpGates();
      const draft = { ...marioDraft, suap: null, municipalityId: null };
      mockEnrolmentApi([draft], gatedLists(gates));
      storeSession('mario');
      window.sessionStorage.setItem(DRAFT_STORAGE_KEY, encodeDraft({ requestId: draft.requestId, version: draft.version }));
      const app = renderObserved('/startup/select-initiative');
      await screen.findByRole('heading', { level: 1, name: 'Sportello e iniziativa' });
      await waitFor(() => app.actor('officeSearch'));
      try {
        await replayPath(officeSearchModel.machine, path, createDriver(app, gates));
      } finally {
        app.unmount();
      }
      tally.paths += 1;
      tally.steps += path.steps.length - 1;
    });
  }

  afterAll(() => {
    console.log(`officeSearch on screen: ${tally.paths}/${paths.length} paths (of ${all.length}), ${tally.steps} steps; ${tally.byUi} by the screen's controls, ${tally.direct} sent to the machine (no control)`);
  });
});
