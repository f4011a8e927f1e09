// The pdfRecap machine's model (tests/machines/models/citizen.model.ts) replayed on the thank-you
// page (docs/machines/README.md). Each path opens Mario's complete draft on the request summary and sends it
// ("Invia la richiesta", not an event of this machine), which brings the thank-you page and starts
// the machine. The one event a person causes, DOWNLOAD, is a click on "Scarica il riepilogo (PDF)"
// (from idle, and from failed: the retry); the recap call's answers are released through an msw
// gate: the PDF (saved under the server's file name) or a failure, whose error alert the driver
// sees and closes before the next step. No timers. The model's DOWNLOAD names this page's request
// (the one sent), so the running machine can equal the model. The last test asserts 100% of the
// machine's states and transitions went by on screen, every event by its control, no refused event,
// and after every step the PDF button, when one can press it, sends an event the state accepts.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { DRAFT_STORAGE_KEY, encodeDraft } from '#machines/draft/rules.ts';
import { pdfRecapMachine } from '#machines/pdf-recap.ts';
import { barRistorante, marioActivityAddress, marioDraft, marioPersonalData } from '#mocks/fixtures/requests.ts';
import { pdfAnswer } from '#mocks/handlers/private-area.ts';
import { requestUrls } from '#mocks/handlers/requests.ts';
import { apiPath } from '#shared/api/paths.ts';
import { GENERIC_ERROR } from '#shared/constants.ts';
import { fileSaver } from '#web/lists/pdf.ts';
import { pdfRecapModel } from '../../machines/models/citizen.model.ts';
import type { ModelSpec } from '../../machines/support/model.ts';
import { expectStep, headings, mockEnrolmentApi } from '../enrolment/harness.tsx';
import { SLOW } from '../private-area/support.ts';
import { storeSession } from '../session.ts';
import { createLatestGates } from './latest-gate.ts';
import { describeScreenRun, isOperable } from './screen-run.ts';

vi.mock('@xstate/react', async (original) => (await import('./inspect-actors.ts')).inspectingActors(await original<typeof import('@xstate/react')>()));

type Snapshot = SnapshotFrom<typeof pdfRecapMachine>;

// Complete: who the business is (a sole trader, no register asked at send) and where.
const business = { kind: 'sole-trader', atecoCode: '56.10.11', role: 'legal-representative' } as const;
const complete = {
  ...marioDraft,
  iniziative: barRistorante,
  personalData: { ...marioPersonalData, telephone: '+39 06 1234567', business, activityAddress: marioActivityAddress },
};
const PDF_BUTTON = 'Scarica il riepilogo (PDF)';
const PDF_ERROR_TITLE = 'Non è stato possibile scaricare il riepilogo';
const RECAP_NAME = `riepilogo-richiesta-${complete.requestId}.pdf`;

/** The thank-you page's download: the request just sent, its recap path, the button's id. */
const DOWNLOAD = { path: apiPath('requestPdf', { id: complete.requestId }), requestId: complete.requestId, openerId: 'thank-page-pdf' };

const thankPageModel: ModelSpec<typeof pdfRecapMachine> = {
  ...pdfRecapModel,
  payloads: { ...pdfRecapModel.payloads, DOWNLOAD: [DOWNLOAD] },
};

const gates = createLatestGates();
let saved: string[] = [];

function gatedPdf() {
  return http.get<{ id: string }>(requestUrls.pdf, async ({ request, params }) => {
    const reply = await gates.hold('downloadPdf');
    if (!reply.ok) return HttpResponse.json({ ...GENERIC_ERROR }, { status: 500 });
    return pdfAnswer(Number(params.id), request.url);
  });
}

const pdfButton = () => screen.queryByRole('button', { name: PDF_BUTTON }) as HTMLButtonElement | null;

await describeScreenRun<typeof pdfRecapMachine>({
  title: 'pdfRecap model on the thank-you page',
  model: thankPageModel,
  gates,
  setUp() {
    saved = [];
    vi.spyOn(fileSaver, 'save').mockImplementation((_blob, name) => {
      saved.push(name);
    });
    window.sessionStorage.setItem(DRAFT_STORAGE_KEY, encodeDraft({ requestId: complete.requestId, version: complete.version }));
    mockEnrolmentApi([complete], [gatedPdf()]);
    storeSession('mario');
  },
  warmUp: {
    url: '/startup/request-summary',
    ready: () => screen.findByRole('heading', { level: 1, name: headings.summary }, { timeout: 60_000 }),
  },
  url: () => '/startup/request-summary',
  async ready(app) {
    await screen.findByRole('heading', { level: 1, name: headings.summary }, SLOW);
    await app.user.click(await screen.findByRole('button', { name: 'Invia la richiesta' }));
    await expectStep(app.router, 'thank-page', headings.thanks);
  },
  async send(event, { app, ui, direct }) {
    const button = pdfButton();
    if (event.type === 'DOWNLOAD' && isOperable(button)) return ui(() => app.user.click(button));
    return direct(event);
  },
  async check(step, { app, count }) {
    const state = step.state as Snapshot;
    const before = saved.length;
    if (step.event.type === 'xstate.done.actor.downloadPdf') {
      // Saved under the server's file name.
      await waitFor(() => expect(saved.at(-1)).toBe(RECAP_NAME));
      count('saved');
    }
    if (step.event.type === 'xstate.error.actor.downloadPdf') {
      expect(saved.length, 'nothing saved on a failure').toBe(before);
      const alert = await screen.findByRole('alertdialog', { name: PDF_ERROR_TITLE });
      expect(alert.getAttribute('data-modal-type')).toBe('error');
      // The dialog's buttons come with its content, after the modals machine's content delay.
      await app.user.click(await within(alert).findByRole('button', { name: 'Chiudi' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      count('alertsClosed');
    } else {
      expect(screen.queryByRole('alertdialog')).toBeNull();
    }
    // The button is disabled exactly while the recap is on its way (read once the alert, which
    // hides the page from assistive technology, is closed).
    await waitFor(() => expect(pdfButton()?.disabled).toBe(state.matches('downloading')));
  },
  offered() {
    const button = pdfButton();
    return isOperable(button) ? [{ control: PDF_BUTTON, event: { type: 'DOWNLOAD', ...DOWNLOAD } }] : [];
  },
  finally(tally) {
    expect(tally.saved, 'a recap was saved').toBeGreaterThan(0);
    expect(tally.alertsClosed, 'a failed download showed its alert').toBeGreaterThan(0);
    expect(tally.offeredChecks, 'the PDF button was checked after every step').toBe(tally.steps + tally.paths);
  },
});
