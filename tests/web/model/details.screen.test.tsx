// The details machine's model (tests/machines/models/back-office.model.ts) replayed on the citizen's
// request details page (docs/machines/README.md): every event a person causes there is a click — "try again" on
// a request that could not be loaded (RETRY), "download the recap" (DOWNLOAD_PDF) — and the answers
// of the request and PDF calls are released through msw gates (the model's request, or a failure).
// A failed download opens the error alert, which the driver sees and closes. RELOAD and REPLACE are
// the back office's (a storage limit saved, a decision): the citizen's page has no control for
// them, so the model tries neither here. The paths are the fewest that together cover what the
// model reaches; the last test asserts that the running machine went through every state and every
// transition on screen but those two, and that no screen sent it an event its state refuses.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { detailsMachine, type DetailsRecord } from '#machines/details.ts';
import { mockStore } from '#mocks/fixtures/back-office.ts';
import { forCitizen, pdfAnswer, privateAreaUrls } from '#mocks/handlers/private-area.ts';
import { GENERIC_ERROR, RequestState } from '#shared/constants.ts';
import { OK_STATUS } from '#shared/envelope.ts';
import { Paths } from '#web/routes/paths.ts';
import { detailsPath } from '#web/screens/private-area/cards.ts';
import { detailsModel, MODEL_DOCUMENT, modelAttachment } from '../../machines/models/back-office.model.ts';
import { detailsAttachmentUrls } from '#mocks/handlers/details-attachments.ts';
import { requirementListHandler } from '#mocks/handlers/requirements.ts';
import { API_BASE, routePattern } from '#shared/api/paths.ts';
import type { ModelSpec } from '../../machines/support/model.ts';
import { server } from '../msw-server.ts';
import { SLOW, useListsMockApi } from '../private-area/support.ts';
import { storeSession } from '../session.ts';
import { createLatestGates } from './latest-gate.ts';
import { describeScreenRun, withoutEvents } from './screen-run.ts';

type Snapshot = SnapshotFrom<typeof detailsMachine>;

/** Events of the machine no control of the citizen's details page produces (the back office's). */
const NOT_ON_THIS_PAGE = ['RELOAD', 'REPLACE'];
const PDF_BUTTON = 'Scarica il riepilogo (PDF)';
const PDF_ERROR_TITLE = 'Non è stato possibile scaricare il riepilogo';
// The model's document (tests/machines/models/back-office.model.ts): listed with the request, its
// name is the button that downloads it.
const DOCUMENT = MODEL_DOCUMENT;
const DOCUMENT_BUTTON = `Scarica ${DOCUMENT.fileName}`;
const DOCUMENT_ERROR_TITLE = 'Documento non scaricato';

const citizenModel: ModelSpec<typeof detailsMachine> = withoutEvents(detailsModel, NOT_ON_THIS_PAGE);

const gates = createLatestGates();

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
    http.get(detailsAttachmentUrls.own, () => HttpResponse.json({ ...OK_STATUS, attachmentList: [modelAttachment()] })),
    http.get(`${API_BASE}${routePattern('attachment')}`, async () => {
      const reply = await gates.hold('downloadDocument');
      if (!reply.ok) return HttpResponse.json({ ...GENERIC_ERROR }, { status: 500 });
      return new HttpResponse(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'application/pdf' } });
    }),
    requirementListHandler(),
  ];
}

const enabled = (name: string) => {
  const button = screen.queryByRole('button', { name }) as HTMLButtonElement | null;
  return button && !button.disabled ? button : null;
};

await describeScreenRun<typeof detailsMachine>({
  title: 'details model on the citizen request details page',
  model: citizenModel,
  notOnScreen: NOT_ON_THIS_PAGE,
  gates,
  setUp() {
    useListsMockApi();
    server.use(...gatedCalls());
    storeSession('mario');
  },
  warmUp: { url: Paths.requestDetails, ready: () => screen.findByText('Nessuna richiesta indicata.', { exact: false }, { timeout: 60_000 }) },
  url(path) {
    const requestId = (path.steps[0]!.state as Snapshot).context.requestId;
    return requestId === null ? Paths.requestDetails : detailsPath(requestId);
  },
  ready: () => screen.findByRole('heading', { level: 1 }, SLOW),
  // The model tries DOWNLOAD_PDF where its guard refuses it too (no request shown, so no button):
  // that event goes to the machine as the model's probe.
  allowDirect: true,
  async send(event, { app, ui, direct }) {
    const control =
      event.type === 'RETRY'
        ? enabled('Riprova')
        : event.type === 'DOWNLOAD_PDF'
          ? enabled(PDF_BUTTON)
          : event.type === 'DOWNLOAD_DOCUMENT'
            ? enabled(DOCUMENT_BUTTON)
            : null;
    return control ? ui(() => app.user.click(control)) : direct(event);
  },
  async check(step, { app, count }) {
    const state = step.state as Snapshot;
    // A failed download says so in an alert; closing it gives the page back for the next step.
    if (step.event.type === 'xstate.error.actor.downloadPdf') {
      const alert = await screen.findByRole('alertdialog', { name: PDF_ERROR_TITLE });
      // The dialog's buttons come with its content, after the modals machine's content delay.
      await app.user.click(await within(alert).findByRole('button', { name: 'Chiudi' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      count('alertsClosed');
    }
    if (step.event.type === 'xstate.error.actor.downloadDocument') {
      const alert = await screen.findByRole('alertdialog', { name: DOCUMENT_ERROR_TITLE });
      await app.user.click(await within(alert).findByRole('button', { name: 'Chiudi' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      count('documentAlertsClosed');
    }
    if (state.matches({ record: 'loaded' })) {
      await screen.findByRole('heading', { level: 1, name: `Richiesta n. ${state.context.record!.request.requestId}` });
      await waitFor(() => expect((screen.getByRole('button', { name: PDF_BUTTON }) as HTMLButtonElement).disabled).toBe(state.matches({ pdf: 'downloading' })));
    }
    if (state.matches({ record: 'failed' })) expect(await screen.findByRole('button', { name: 'Riprova' })).toBeTruthy();
    if (state.matches({ record: 'none' })) expect(await screen.findByText('Nessuna richiesta indicata.', { exact: false })).toBeTruthy();
  },
  finally(tally) {
    expect(tally.alertsClosed, 'a failed download showed its alert').toBeGreaterThan(0);
    expect(tally.documentAlertsClosed, 'a failed document download showed its alert').toBeGreaterThan(0);
  },
});
