// The details machine's model (tests/machines/models/back-office.model.ts) replayed on the back
// office's request details page (docs/machines/README.md), for an administrator (Anna) and Mario's sent request
// n. 102, or no request chosen (/back-office/requests/details). Together with the citizen page's
// run (details.screen.test.tsx, all but RELOAD and REPLACE) it takes the machine to 100% on screen:
// here every event is a person's too — "Ricarica la richiesta" (RELOAD), "Riprova" on a request that
// could not be loaded (RETRY), "Scarica il riepilogo (PDF)" (DOWNLOAD_PDF, offered where the request
// is shown), and REPLACE, which the page sends when an action on the pratica is recorded: the driver
// concludes the request negatively ("Concludi con esito negativo", the reasons, the dialog's button);
// the event call is the praticaAction machine's (answered by the mock back office, which keeps the
// concluded copy), not this machine's. The details and PDF calls' answers are released through msw gates: a success
// falls through to the mock back office (the request as it is in its store), a failure is a 500;
// the model's outputs carry the version the store holds, so the running machine can equal the model.
// A failed download opens the error alert, seen and closed by the driver. No timers. After every
// step the running machine equals the model, the page shows what the state says, and each page
// button one can press sends an event the state accepts. The last test asserts 100% of the
// machine's states and transitions went by on screen, no refused event, none sent for want of a control.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { detailsMachine, type DetailsRecord } from '#machines/details.ts';
import { mockStore } from '#mocks/fixtures/back-office.ts';
import { configFixture } from '#mocks/fixtures/config.ts';
import { backOfficeUrls } from '#mocks/handlers/back-office.ts';
import { pdfAnswer } from '#mocks/handlers/private-area.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import { GENERIC_ERROR, RequestState } from '#shared/constants.ts';
import { Paths } from '#web/routes/paths.ts';
import { fileSaver } from '#web/lists/pdf.ts';
import { detailsModel, MODEL_DOCUMENT, modelAttachment } from '../../machines/models/back-office.model.ts';
import { detailsAttachmentUrls } from '#mocks/handlers/details-attachments.ts';
import { requirementListHandler } from '#mocks/handlers/requirements.ts';
import { API_BASE, apiPath, routePattern } from '#shared/api/paths.ts';
import { OK_STATUS } from '#shared/envelope.ts';
import type { ModelSpec } from '../../machines/support/model.ts';
import { messages } from '../messages.ts';
import { server } from '../msw-server.ts';
import { SLOW, useListsMockApi } from '../private-area/support.ts';
import { storeSession } from '../session.ts';
import { createLatestGates } from './latest-gate.ts';
import { describeScreenRun, isOperable } from './screen-run.ts';

vi.mock('@xstate/react', async (original) => (await import('./inspect-actors.ts')).inspectingActors(await original<typeof import('@xstate/react')>()));

type Snapshot = SnapshotFrom<typeof detailsMachine>;

const text = messages.it;
const SENT_ID = 102;
/** The model's document as the desk downloads it. */
const DESK_DOCUMENT = { ...MODEL_DOCUMENT, path: apiPath('boAttachment', { id: SENT_ID, attachmentId: 3 }) };
const DOCUMENT_BUTTON = `Scarica ${MODEL_DOCUMENT.fileName}`;
const sent = () => mockStore.requests.find((request) => request.requestId === SENT_ID)!;
const TITLE = `Richiesta n. ${SENT_ID}`;
const REASON = 'Documentazione incompleta.';

/** The request as the mock back office returns it concluded negatively (rejected). */
function rejectedCopy(request: SuapRequest): SuapRequest {
  return {
    ...request,
    version: request.version + 1,
    stateOfRequest: configFixture.stateOfRequestAnagList.find((state) => state.stateOfRequestId === RequestState.REJECTED)!,
  };
}

const boModel: ModelSpec<typeof detailsMachine> = {
  ...detailsModel,
  inputs: [
    { name: 'request chosen', input: { requestId: SENT_ID } },
    { name: 'none chosen', input: { requestId: null } },
  ],
  payloads: {
    ...detailsModel.payloads,
    // The request as the store holds it: sent at first, the concluded copy once an action replaced it.
    'xstate.done.actor.loadDetails': ({ context }: Snapshot) => [{ output: { request: context.record?.request ?? sent() } satisfies DetailsRecord }],
    // An administrator concludes a sent request only; concluding returns the concluded copy.
    REPLACE: ({ context }: Snapshot) =>
      context.record?.request.stateOfRequest.stateOfRequestId === RequestState.SENT ? [{ request: rejectedCopy(context.record.request) }] : [],
    // The PDF button is shown with the request.
    DOWNLOAD_PDF: ({ context }: Snapshot) => (context.record ? [{}] : []),
    // So is the request's document, on the desk's path.
    DOWNLOAD_DOCUMENT: ({ context }: Snapshot) => (context.record ? [{ document: DESK_DOCUMENT }] : []),
  },
};

const gates = createLatestGates();
let saved: string[] = [];

function gatedCalls() {
  return [
    http.get(backOfficeUrls.request, async () => {
      const reply = await gates.hold('loadDetails');
      if (!reply.ok) return HttpResponse.json({ ...GENERIC_ERROR }, { status: 500 });
      // The mock back office answers with the request as its store holds it.
      return undefined;
    }),
    http.get(backOfficeUrls.pdf, async ({ request, params }) => {
      const reply = await gates.hold('downloadPdf');
      if (!reply.ok) return HttpResponse.json({ ...GENERIC_ERROR }, { status: 500 });
      return pdfAnswer(Number(params.id), request.url);
    }),
    http.get(detailsAttachmentUrls.desk, () => HttpResponse.json({ ...OK_STATUS, attachmentList: [modelAttachment()] })),
    http.get(`${API_BASE}${routePattern('boAttachment')}`, async () => {
      const reply = await gates.hold('downloadDocument');
      if (!reply.ok) return HttpResponse.json({ ...GENERIC_ERROR }, { status: 500 });
      return new HttpResponse(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'application/pdf' } });
    }),
    requirementListHandler(),
  ];
}

const button = (name: string) => screen.queryByRole('button', { name }) as HTMLButtonElement | null;
const CONCLUDE = text['bo.pratica.action.CONCLUDE_NEGATIVE'];
const concludeButton = () => {
  const actions = screen.queryByRole('group', { name: text['bo.pratica.actions'] });
  return actions ? (within(actions).queryByRole('button', { name: CONCLUDE }) as HTMLButtonElement | null) : null;
};

await describeScreenRun<typeof detailsMachine>({
  title: 'details model on the back-office request details page',
  model: boModel,
  gates,
  setUp() {
    useListsMockApi();
    saved = [];
    vi.spyOn(fileSaver, 'save').mockImplementation((_blob, name) => {
      saved.push(name);
    });
    server.use(...gatedCalls());
    storeSession('anna');
  },
  warmUp: { url: Paths.boRequestDetails, ready: () => screen.findByText(text['bo.details.none'], {}, { timeout: 60_000 }) },
  url: (path) => (path.input.requestId === null ? Paths.boRequestDetails : `/back-office/requests/${SENT_ID}`),
  ready: () => screen.findByRole('heading', { level: 1 }, SLOW),
  async send(event, { app, ui, direct }) {
    const click = (control: HTMLElement | null) => (isOperable(control) ? ui(() => app.user.click(control)) : direct(event));
    switch (event.type) {
      case 'RELOAD':
        return click(button(text['bo.details.reload']));
      case 'RETRY':
        return click(button('Riprova'));
      case 'DOWNLOAD_PDF':
        return click(button(text['pa.details.pdf']));
      case 'DOWNLOAD_DOCUMENT':
        return click(button(DOCUMENT_BUTTON));
      case 'REPLACE': {
        const conclude = concludeButton();
        if (!conclude) return direct(event);
        // Anna concludes the request negatively: the event recorded, the page shows the copy it returned.
        return ui(async () => {
          await app.user.click(conclude);
          const dialog = await screen.findByRole('dialog', { name: `${CONCLUDE}: richiesta n. ${SENT_ID}` });
          await app.user.click(within(dialog).getByRole('textbox', { name: /^Motivazione/ }));
          await app.user.paste(REASON);
          await app.user.click(within(dialog).getByRole('button', { name: CONCLUDE }));
        });
      }
      default:
        return direct(event);
    }
  },
  async check(step, { app, count }) {
    const state = step.state as Snapshot;
    const { record } = state.context;
    if (step.event.type === 'xstate.error.actor.downloadPdf') {
      const alert = await screen.findByRole('alertdialog', { name: text['bo.errors.pdf-request.title'] });
      // The dialog's buttons come with its content, after the modals machine's content delay.
      await app.user.click(await within(alert).findByRole('button', { name: 'Chiudi' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      count('alertsClosed');
    }
    if (step.event.type === 'xstate.error.actor.downloadDocument') {
      const alert = await screen.findByRole('alertdialog', { name: 'Documento non scaricato' });
      await app.user.click(await within(alert).findByRole('button', { name: 'Chiudi' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      count('documentAlertsClosed');
    }
    if (step.event.type === 'xstate.done.actor.downloadDocument') {
      await waitFor(() => expect(saved).toContain(MODEL_DOCUMENT.fileName));
      count('documentsSaved');
    }
    if (step.event.type === 'xstate.done.actor.downloadPdf') {
      await waitFor(() => expect(saved.length).toBeGreaterThan(0));
      count('saved');
    }
    if (record) {
      // The request stays on screen while it reloads; the PDF button is disabled while the file is on its way.
      await screen.findByRole('heading', { level: 1, name: TITLE });
      await waitFor(() => expect(button(text['pa.details.pdf'])?.disabled).toBe(state.matches({ pdf: 'downloading' })));
      const decided = record.request.stateOfRequest.stateOfRequestId !== RequestState.SENT;
      await waitFor(() => expect(concludeButton() === null).toBe(decided));
      if (step.event.type === 'REPLACE') {
        // Shown at once from the event's answer, and announced.
        expect((await screen.findByText(text['bo.pratica.done.CONCLUDE_NEGATIVE'].replace('{id}', String(SENT_ID)))).getAttribute('role')).toBe('status');
        expect(sent().stateOfRequest.stateOfRequestId).toBe(RequestState.REJECTED);
        count('replaced');
      }
    }
    if (state.matches({ record: 'failed' })) {
      expect(await screen.findByRole('button', { name: 'Riprova' })).toBeTruthy();
      expect(button(text['pa.details.pdf'])).toBeNull();
    }
    if (state.matches({ record: 'none' })) expect(await screen.findByText(text['bo.details.none'])).toBeTruthy();
    if (state.matches({ record: 'loading' }) && !record) expect(screen.queryByRole('heading', { level: 1, name: TITLE })).toBeNull();
  },
  offered() {
    const controls: Record<string, AnyEventObject> = {
      [text['bo.details.reload']]: { type: 'RELOAD' },
      Riprova: { type: 'RETRY' },
      [text['pa.details.pdf']]: { type: 'DOWNLOAD_PDF' },
      [DOCUMENT_BUTTON]: { type: 'DOWNLOAD_DOCUMENT', document: DESK_DOCUMENT },
    };
    return Object.entries(controls)
      .filter(([name]) => isOperable(button(name)))
      .map(([name, event]) => ({ control: `"${name}"`, event }));
  },
  finally(tally) {
    expect(tally.replaced, 'a conclusion replaced the request').toBeGreaterThan(0);
    expect(tally.alertsClosed, 'a failed download showed its alert').toBeGreaterThan(0);
    expect(tally.saved, 'a recap was saved').toBeGreaterThan(0);
    expect(tally.documentAlertsClosed, 'a failed document download showed its alert').toBeGreaterThan(0);
    expect(tally.documentsSaved, 'a document was saved').toBeGreaterThan(0);
  },
});
