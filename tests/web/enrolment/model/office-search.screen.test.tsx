// The office search machine's model (tests/machines/models/office-search.model.ts) replayed on the
// rendered select-initiative step with the real actors (docs/machines/README.md). Every event a person causes is
// done with the step's controls: the search mode radio (SET_TYPE), the region, province and
// municipality selects (SELECT_*), the search bar — typing and "Cerca", or emptying a search in
// force — (SEARCH), a page of the offices' paginator (PAGE) and "Cancella i filtri" (CLEAR). The
// list calls wait at an msw gate per actor until the path answers them (the envelope as the server
// sends it, a failed envelope, or an HTTP failure). Nothing is sent to the machine directly: a step
// whose control is not on screen fails the run.
//
// The model is the pure suite's with the events limited to where the step offers their control: the
// selects only in area search and not while their own list loads (an empty select does not open),
// the search bar only in free search, the paginator only once offices were asked for, with more
// than one page and no page loading, and only the other page (the current one sends nothing); the
// out-of-range page the pure suite probes has no control. The paths are the fewest that together
// take the pure machine through all of it; the last test asserts that the running machine went
// through every state and transition of the office search machine on screen, and that the screen
// never sent it an event its state does not accept.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { officeSearchMachine, selectHasAskedForOffices } from '#machines/office-search.ts';
import type { OfficeSearchEvent } from '#machines/office-search/rules.ts';
import { DRAFT_STORAGE_KEY, encodeDraft } from '#machines/draft/rules.ts';
import { marioDraft } from '#mocks/fixtures/requests.ts';
import { masterDataUrls } from '#mocks/handlers/master-data.ts';
import { GENERIC_ERROR } from '#shared/constants.ts';
import { officeSearchModel } from '#tests/machines/models/office-search.model.ts';
import { serializeModelState, type ModelSpec } from '#tests/machines/support/model.ts';
import type { ModelStep } from '#tests/machines/support/paths.ts';
import { replayPath, type PathDriver } from '#tests/machines/support/replay.ts';
import { createHttpGates, type HttpGates } from '../../model/http-gates.ts';
import { coveringPaths, createScreenObserver } from '../../model/screen-coverage.ts';
import { storeSession } from '../../session.ts';
import { mockEnrolmentApi } from '../harness.tsx';
import { renderObserved } from './render.tsx';

// The enrolment harness shortens the waits to 5 s; a model run waits for states on a machine that may
// be far busier (other suites beside it): back to the web setup's 20 s, which a passing wait never uses.
configure({ asyncUtilTimeout: 20_000 });

type Snapshot = SnapshotFrom<typeof officeSearchMachine>;
const payloads = officeSearchModel.payloads;
const casesOf = (type: keyof typeof payloads, snapshot: Snapshot) => {
  const cases = payloads[type]!;
  return typeof cases === 'function' ? cases(snapshot) : cases;
};

/** The pure suite's model, each event offered only where the select-initiative step has its control. */
const stepModel: ModelSpec<typeof officeSearchMachine> = {
  ...officeSearchModel,
  payloads: {
    ...payloads,
    SELECT_REGION: (snapshot) => {
      const { typeResearch, loading } = snapshot.context;
      return typeResearch === 'area' && !loading.regions ? casesOf('SELECT_REGION', snapshot) : [];
    },
    SELECT_PROVINCE: (snapshot) => {
      const { typeResearch, loading, enabled } = snapshot.context;
      return typeResearch === 'area' && enabled.province && !loading.provinces ? casesOf('SELECT_PROVINCE', snapshot) : [];
    },
    SELECT_MUNICIPALITY: (snapshot) => {
      const { typeResearch, loading, enabled } = snapshot.context;
      return typeResearch === 'area' && enabled.municipality && !loading.municipalities ? casesOf('SELECT_MUNICIPALITY', snapshot) : [];
    },
    SEARCH: (snapshot) => (snapshot.context.typeResearch === 'free' ? casesOf('SEARCH', snapshot) : []),
    PAGE: (snapshot) => {
      const { offices, loading } = snapshot.context;
      return selectHasAskedForOffices(snapshot) && offices.totalPages > 1 && !loading.offices ? [{ page: offices.page === 1 ? 2 : 1 }] : [];
    },
  },
};

const paths = await coveringPaths(stepModel);
const observer = createScreenObserver(officeSearchMachine);
const tally = { paths: 0, steps: 0, byUi: 0, answers: 0 };

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

const isEnabled = (element: HTMLElement) => !element.hasAttribute('disabled') && element.getAttribute('aria-disabled') !== 'true';

/** The control, once the screen shows it enabled (the screen follows the machine a render later). */
async function control(find: () => HTMLElement | null, what: string): Promise<HTMLElement> {
  let found: HTMLElement | null = null;
  await waitFor(() => {
    found = find();
    expect(found, `${what} on screen`).not.toBeNull();
    expect(isEnabled(found!), `${what} enabled`).toBe(true);
  });
  return found!;
}

function createDriver(app: ReturnType<typeof renderObserved>, gates: HttpGates): PathDriver<typeof officeSearchMachine> {
  const snapshot = () => observer.actor().getSnapshot() as Snapshot;

  async function choose(label: RegExp, name: string | undefined) {
    if (!name) throw new Error(`no option to choose in ${label}`);
    tally.byUi += 1;
    await app.user.click(await control(() => screen.queryByRole('button', { name: label }), `the ${label} select`));
    await app.user.click(await screen.findByRole('option', { name }));
  }

  const searchBar = () => screen.queryByRole('search', { name: 'Cerca lo sportello per nome o comune' });

  return {
    async send(anyEvent) {
      const event = anyEvent as unknown as OfficeSearchEvent;
      const { context } = snapshot();
      switch (event.type) {
        case 'SET_TYPE': {
          tally.byUi += 1;
          return app.user.click(screen.getByRole('radio', { name: event.typeResearch === 'area' ? 'Ricerca per territorio' : 'Ricerca libera' }));
        }
        case 'SELECT_REGION':
          return choose(/Regione/, context.regions.find((r) => r.regionId === event.regionId)?.nameIt);
        case 'SELECT_PROVINCE':
          return choose(/Provincia/, context.provinces.find((p) => p.provinceId === event.provinceId)?.nameIt);
        case 'SELECT_MUNICIPALITY':
          return choose(/Comune/, context.municipalities.find((m) => m.municipalityId === event.municipalityId)?.nameIt);
        case 'SEARCH': {
          const bar = await control(searchBar, 'the search bar');
          const box = within(bar).getByRole('searchbox') as HTMLInputElement;
          tally.byUi += 1;
          // Emptying the field while a search is in force searches for nothing; an empty bar submits nothing too.
          if (event.filter === null && box.value !== '') return app.user.clear(box);
          // Typing over the text (never emptying it first, which would search for nothing on the way).
          if (event.filter !== null && box.value !== event.filter) {
            await app.user.type(box, event.filter, { initialSelectionStart: 0, initialSelectionEnd: box.value.length });
          }
          return app.user.click(await control(() => within(bar).queryByRole('button', { name: 'Cerca' }), 'Cerca'));
        }
        case 'PAGE': {
          const pages = () => screen.queryByRole('navigation', { name: 'Pagine degli sportelli' });
          const button = await control(() => {
            const nav = pages();
            return nav ? within(nav).queryByRole('button', { name: new RegExp(`^Pagina ${event.page} di \\d+$`) }) : null;
          }, `page ${event.page}`);
          expect(button.getAttribute('aria-current'), 'the page asked for is another one').not.toBe('page');
          tally.byUi += 1;
          return app.user.click(button);
        }
        case 'CLEAR':
          tally.byUi += 1;
          return app.user.click(await control(() => screen.queryByRole('button', { name: 'Cancella i filtri' }), 'Cancella i filtri'));
      }
    },
    async complete(id, output) {
      tally.answers += 1;
      await gates.release(id, { ok: true, output });
    },
    async fail(id, error) {
      tally.answers += 1;
      await gates.release(id, { ok: false, error });
    },
    advance: () => {
      throw new Error('the office search machine has no timers');
    },
    async check(step: ModelStep<Snapshot>) {
      const expected = serializeModelState(stepModel, step.state);
      await waitFor(() => expect(serializeModelState(stepModel, snapshot())).toBe(expected));
      // A model step's snapshot is one representative of its projected state: details the projection
      // leaves out (statuses, names) are read from the running machine, already checked equal to it.
      const { context } = snapshot();
      const area = context.typeResearch === 'area';
      await waitFor(() => {
        expect((screen.getByRole('radio', { name: area ? 'Ricerca per territorio' : 'Ricerca libera' }) as HTMLInputElement).checked, 'search mode').toBe(true);
        // Offices (or the no-data card) show once the person asked for some (docs/architecture.md "The citizen's journey with real data").
        const asked = selectHasAskedForOffices(snapshot());
        expect(screen.queryByText('Nessuno sportello corrisponde alla ricerca.') !== null, 'no-data card').toBe(asked && context.noData.offices);
        const list = screen.queryByRole('list', { name: 'Sportelli' });
        expect(list ? within(list).queryAllByRole('listitem').length : 0, 'offices shown').toBe(asked ? context.offices.items.length : 0);
        expect(screen.queryByText('Dati non disponibili') !== null, `failed-list callout ${JSON.stringify(context.status)}`).toBe(
          Object.values(context.status).some(Boolean),
        );
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
      const app = renderObserved('/startup/select-initiative', undefined, observer.inspect);
      // The first render loads the step's lazy screens: on a busy machine that takes a while.
      await screen.findByRole('heading', { level: 1, name: 'Sportello e iniziativa' }, { timeout: 100_000 });
      await waitFor(() => observer.actor());
      try {
        await replayPath(stepModel.machine, path, createDriver(app, gates));
      } finally {
        app.unmount();
      }
      tally.paths += 1;
      tally.steps += path.steps.length - 1;
    }, 150_000);
  }

  it('went through every state and transition of the office search machine on screen, by its controls, and no screen sent an event its state refuses', () => {
    expect(tally.paths, 'every path ran').toBe(paths.length);
    const missing = observer.onScreen.missing();
    expect(missing.states).toEqual([]);
    expect(missing.transitions).toEqual([]);
    expect(observer.refused).toEqual([]);
    expect(tally.byUi, 'every person-caused step was done with a control').toBeGreaterThan(0);
  });

  afterAll(() => {
    observer.onScreen.paths = tally.paths;
    observer.onScreen.steps = tally.steps;
    console.log(
      `officeSearch on screen: ${tally.paths}/${paths.length} paths, ${tally.steps} steps; ${tally.byUi} by the step's controls, ${tally.answers} answers released; ${observer.onScreen.summary()}`,
    );
  });
});
