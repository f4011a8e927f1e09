// The details machine's model (tests/machines/models/backOffice.model.ts) replayed on the citizen's
// request details page (issue #13.5): every event a person causes there is a click — "try again" on
// a request that could not be loaded (RETRY), "download the recap" (DOWNLOAD_PDF) — and the answers
// of the request and PDF calls are released through msw gates (the model's request, or a failure).
// A failed download opens the error alert, which the driver sees and closes. RELOAD and REPLACE are
// the back office's (a storage limit saved, a decision): the citizen's page has no control for
// them, so the model tries neither here. The paths are the fewest that together cover what the
// model reaches; the last test asserts that the running machine went through every state and every
// transition on screen but those two, and that no screen sent it an event its state refuses.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { detailsMachine, type DetailsRecord } from '../../../machines/details.ts';
import { mockStore } from '../../../mocks/fixtures/back-office.ts';
import { forCitizen, pdfAnswer, privateAreaUrls } from '../../../mocks/handlers/private-area.ts';
import { GENERIC_ERROR, RequestState } from '../../../src/shared/constants.ts';
import { OK_STATUS } from '../../../src/shared/envelope.ts';
import { Paths } from '../../../src/web/routes/paths.ts';
import { detailsPath } from '../../../src/web/screens/private-area/cards.ts';
import { listTransitions } from '../../../scripts/diagrams/walk.ts';
import { detailsModel } from '../../machines/models/backOffice.model.ts';
import { serializeModelState, type ModelSpec } from '../../machines/support/model.ts';
import { replayPath, type PathDriver } from '../../machines/support/replay.ts';
import { server } from '../msw-server.ts';
import { SLOW, useListsMockApi } from '../private-area/support.ts';
import { storeSession } from '../session.ts';
import { createLatestGates } from './latest-gate.ts';
import { renderInspected } from './render-inspected.tsx';
import { coveringPaths, createScreenObserver } from './screen-coverage.ts';

type Snapshot = SnapshotFrom<typeof detailsMachine>;

/** Events of the machine no control of the citizen's details page produces (the back office's). */
const NOT_ON_THIS_PAGE = ['RELOAD', 'REPLACE'];
const PDF_BUTTON = 'Scarica il riepilogo (PDF)';
const PDF_ERROR_TITLE = 'Non è stato possibile scaricare il riepilogo';

const citizenModel: ModelSpec<typeof detailsMachine> = {
  ...detailsModel,
  payloads: { ...detailsModel.payloads, ...Object.fromEntries(NOT_ON_THIS_PAGE.map((type) => [type, []])) },
};

const paths = await coveringPaths(citizenModel);
const observer = createScreenObserver(detailsMachine);
const gates = createLatestGates();
const tally = { paths: 0, steps: 0, clicks: 0, direct: 0, answers: 0, alertsClosed: 0 };

const template = () => mockStore.requests.find((request) => request.stateOfRequest.stateOfRequestId === RequestState.SENT)!;

function gatedCalls() {
  return [
    http.get(privateAreaUrls.request, async () => {
      const reply = await gates.hold('loadDetails');
      if (!reply.ok) return HttpResponse.json({ ...GENERIC_ERROR }, { status: 500 });
      const { request } = reply.output as DetailsRecord;
      // A real request of the citizen, as the model's: its id and version.
      return HttpResponse.json({ ...OK_STATUS, request: { ...forCitizen(template(), true), requestId: request.requestId, version: request.version } });
    }),
    http.get(privateAreaUrls.pdf, async ({ request, params }) => {
      const reply = await gates.hold('downloadPdf');
      if (!reply.ok) return HttpResponse.json({ ...GENERIC_ERROR }, { status: 500 });
      return pdfAnswer(Number(params.id), request.url);
    }),
  ];
}

function createDriver(app: ReturnType<typeof renderInspected>): PathDriver<typeof detailsMachine> {
  const direct = (event: { type: string }) => {
    tally.direct += 1;
    observer.sendDirectly(event);
  };
  const click = async (control: HTMLElement) => {
    tally.clicks += 1;
    await app.user.click(control);
  };
  const enabled = (name: string) => {
    const button = screen.queryByRole('button', { name }) as HTMLButtonElement | null;
    return button && !button.disabled ? button : null;
  };
  return {
    async send(event) {
      const control = event.type === 'RETRY' ? enabled('Riprova') : event.type === 'DOWNLOAD_PDF' ? enabled(PDF_BUTTON) : null;
      return control ? click(control) : direct(event);
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
      throw new Error('the details machine has no timers');
    },
    async check(step) {
      await waitFor(() => expect(serializeModelState(citizenModel, observer.actor().getSnapshot() as Snapshot)).toBe(serializeModelState(citizenModel, step.state)));
      const state = step.state as Snapshot;
      // A failed download says so in an alert; closing it gives the page back for the next step.
      if (step.event.type === 'xstate.error.actor.downloadPdf') {
        const alert = await screen.findByRole('alertdialog', { name: PDF_ERROR_TITLE });
        // The dialog's buttons come with its content, after the modals machine's content delay.
        await app.user.click(await within(alert).findByRole('button', { name: 'Chiudi' }));
        await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
        tally.alertsClosed += 1;
      }
      if (state.matches({ record: 'loaded' })) {
        await screen.findByRole('heading', { level: 1, name: `Richiesta n. ${state.context.record!.request.requestId}` });
        await waitFor(() => expect((screen.getByRole('button', { name: PDF_BUTTON }) as HTMLButtonElement).disabled).toBe(state.matches({ pdf: 'downloading' })));
      }
      if (state.matches({ record: 'failed' })) expect(await screen.findByRole('button', { name: 'Riprova' })).toBeTruthy();
      if (state.matches({ record: 'none' })) expect(await screen.findByText('Nessuna richiesta indicata.', { exact: false })).toBeTruthy();
    },
  };
}

describe('details model on the citizen request details page', () => {
  beforeEach(() => {
    useListsMockApi();
    server.use(...gatedCalls());
    storeSession('mario');
  });

  it('opens the details page once (its screens load lazily)', async () => {
    const app = renderInspected(Paths.requestDetails, () => {});
    await screen.findByText('Nessuna richiesta indicata.', { exact: false }, { timeout: 60_000 });
    app.unmount();
  }, 90_000);

  for (const [index, path] of paths.entries()) {
    it(`path ${index + 1}/${paths.length} [${path.inputName}]: ${path.description}`, async () => {
      const requestId = (path.steps[0]!.state as Snapshot).context.requestId;
      const app = renderInspected(requestId === null ? Paths.requestDetails : detailsPath(requestId), observer.inspect);
      await screen.findByRole('heading', { level: 1 }, SLOW);
      try {
        await replayPath(detailsMachine, path, createDriver(app));
      } finally {
        gates.drain();
        app.unmount();
      }
      tally.paths += 1;
      tally.steps += path.steps.length - 1;
    });
  }

  it('went through every state and every transition the page can cause, and no screen sent an event its state refuses', () => {
    expect(tally.paths, 'every path ran').toBe(paths.length);
    const missing = observer.onScreen.missing();
    expect(missing.states).toEqual([]);
    const offered = listTransitions(detailsMachine).filter((transition) => !(transition.kind === 'event' && NOT_ON_THIS_PAGE.includes(transition.eventType)));
    expect(offered.filter((transition) => !observer.onScreen.transitions.has(transition.key)).map((transition) => transition.key)).toEqual([]);
    expect(missing.transitions).toHaveLength(NOT_ON_THIS_PAGE.length);
    expect(observer.refused).toEqual([]);
    expect(tally.alertsClosed, 'a failed download showed its alert').toBeGreaterThan(0);
  });

  afterAll(() => {
    console.log(
      `details on the citizen's page: ${tally.paths}/${paths.length} paths, ${tally.steps} steps; ${tally.clicks} clicks, ` +
        `${tally.answers} answers released, ${tally.direct} sent to the machine (no control), ${tally.alertsClosed} error alerts closed`,
    );
  });
});
