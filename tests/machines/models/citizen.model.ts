// Test models of the citizen's small machines (docs/machines/README.md): deleting a draft from the private
// area, the service page's "draft already open" check, the service page's document sizes, and the
// thank-you page's PDF recap. Every event a person or the app causes, with a valid and an invalid
// payload where there is one, and every answer of the actors.
import type { SuapRequest } from '#shared/api/requests.ts';
import { draftDeletionMachine } from '#machines/draft-deletion.ts';
import { downloadSizesMachine } from '#machines/download-sizes.ts';
import { pdfRecapMachine } from '#machines/pdf-recap.ts';
import { pendingDraftMachine } from '#machines/pending-draft.ts';
import type { ModelSpec } from '../support/model.ts';

export const draftDeletionModel: ModelSpec<typeof draftDeletionMachine> = {
  machine: draftDeletionMachine,
  inputs: [{ name: 'private area', input: undefined }],
  payloads: {
    ASK_DELETE: [{ requestId: 7, openerId: 'request-card-7-delete' }],
    // The confirmation of the draft asked about, and a stray one naming another draft.
    CONFIRM: [{ requestId: 7 }, { requestId: 8 }],
    CANCEL: [{}],
    'xstate.done.actor.deleteDraft': [{ output: undefined }],
    'xstate.error.actor.deleteDraft': [{ error: new Error('network down') }],
  },
  project: ({ context }) => ({ requestId: context.requestId }),
};

const request = (stateOfRequestId: number, typeOfServiceId: number) =>
  ({ requestId: stateOfRequestId * 10 + typeOfServiceId, stateOfRequest: { stateOfRequestId }, typeOfService: { typeOfServiceId } }) as unknown as SuapRequest;
export const startupDraft = request(1, 1);
export const sentStartup = request(2, 1);

export const pendingDraftModel: ModelSpec<typeof pendingDraftMachine> = {
  machine: pendingDraftMachine,
  inputs: [
    { name: 'citizen', input: { userId: 12 } },
    { name: 'visitor', input: { userId: null } },
  ],
  payloads: {
    USER_CHANGED: [{ userId: 12 }, { userId: 13 }, { userId: null }],
    'xstate.done.actor.listStartupRequests': [{ output: [sentStartup, startupDraft] }, { output: [sentStartup] }, { output: [] }],
    'xstate.error.actor.listStartupRequests': [{ error: new Error('network down') }],
  },
  project: ({ context }) => ({ userId: context.userId }),
};

export const downloadSizesModel: ModelSpec<typeof downloadSizesMachine> = {
  machine: downloadSizesMachine,
  inputs: [{ name: 'Italian page', input: { language: 'it' } }],
  payloads: {
    LANGUAGE_CHANGED: [{ language: 'it' }, { language: 'en' }],
    'xstate.done.actor.loadSizes': [{ output: { decree160: 1000, iniziative: 2000 } }],
    'xstate.error.actor.loadSizes': [{ error: new Error('404') }],
  },
  project: ({ context }) => ({ language: context.language, known: Object.keys(context.sizes).length > 0 }),
};

export const pdfRecapModel: ModelSpec<typeof pdfRecapMachine> = {
  machine: pdfRecapMachine,
  inputs: [{ name: 'thank-you page', input: undefined }],
  payloads: {
    DOWNLOAD: [{ path: '/suap/v1/request/7/pdf', requestId: 7, openerId: 'thank-page-pdf' }],
    'xstate.done.actor.downloadPdf': [{ output: 'richiesta-7.pdf' }],
    'xstate.error.actor.downloadPdf': [{ error: new Error('empty recap') }],
  },
  project: ({ context }) => ({ requestId: context.target?.requestId ?? null }),
};
