// Spec §8 "Retrieve details never fails": one request shown on a details page (the
// citizen's and the back office's) and its PDF recap. Two parallel parts:
// - record: none (no request chosen) | loading → loaded | failed, with retry; a reload keeps the
//   record on screen meanwhile, and a write's answer replaces it without another call;
// - pdf: idle → downloading → idle | failed (an alert says so), with retry.
// The calls are the `loadDetails` and `downloadPdf` actors the app provides.
import { assign, emit, setup } from 'xstate';
import type { SuapRequest } from '#shared/api/requests.ts';
import { failureStatusOf } from '#shared/api/failure.ts';
import type { Status } from '#shared/envelope.ts';
import { notProvided } from './support/not-provided.ts';
import type { MachineInfo } from './support/machine-info.ts';

/** What a details page shows: the request and, on the desk, what goes with it. */
export interface DetailsRecord {
  request: SuapRequest;
  [extra: string]: unknown;
}

export interface DetailsInput {
  /** The request to show; null: none chosen (the page says so). */
  requestId: number | null;
}

/** A document of the request to download: where its bytes are (an API path) and what they must hash to. */
export interface DocumentDownload {
  path: string;
  fileName: string;
  hash: string;
}

export interface DetailsContext {
  requestId: number | null;
  record: DetailsRecord | null;
  /** The document being downloaded, if any. */
  document: DocumentDownload | null;
  /** Spec §8: 999 "Generic Error" when the last load failed, else null. */
  status: Status | null;
}

export type DetailsEvent =
  | { type: 'RETRY' }
  | { type: 'RELOAD' }
  /** A write returned the request: shown without another call. */
  | { type: 'REPLACE'; request: SuapRequest }
  | { type: 'DOWNLOAD_PDF' }
  /** One of the request's documents, downloaded with the session (a plain link would carry no token). */
  | { type: 'DOWNLOAD_DOCUMENT'; document: DocumentDownload };

export type DetailsEmitted = { type: 'pdfFailed' } | { type: 'documentFailed'; fileName: string };

export const detailsMachine = setup({
  types: {
    context: {} as DetailsContext,
    events: {} as DetailsEvent,
    input: {} as DetailsInput,
    emitted: {} as DetailsEmitted,
  },
  actors: {
    /** Loads the request (details call); rejects on any failure, a non-200 envelope included. */
    loadDetails: notProvided<DetailsRecord, { requestId: number }>('details', 'loadDetails'),
    /** Downloads and saves the PDF recap in the language on screen; rejects when it could not. */
    downloadPdf: notProvided<unknown, { requestId: number }>('details', 'downloadPdf'),
    /** Downloads and saves one document, asking for the bytes of its hash (If-Match); rejects when it could not. */
    downloadDocument: notProvided<unknown, DocumentDownload>('details', 'downloadDocument'),
  },
  guards: {
    hasRequestId: ({ context }) => context.requestId !== null,
    hasRecord: ({ context }) => context.record !== null,
  },
  actions: {
    storeRecord: assign((_, params: { record: DetailsRecord }) => ({ record: params.record, status: null })),
    replaceRequest: assign(({ context }, params: { request: SuapRequest }) => ({
      record: { ...(context.record ?? {}), request: params.request },
      status: null,
    })),
    // A refusal keeps its 403: the page says "not allowed", without a retry (docs/architecture.md "The citizen's journey with real data").
    failRecord: assign(({ event }) => ({ record: null, status: failureStatusOf((event as { error?: unknown }).error ?? null) })),
    reportPdfFailure: emit({ type: 'pdfFailed' as const }),
    chooseDocument: assign((_, params: { document: DocumentDownload }) => ({ document: params.document })),
    reportDocumentFailure: emit(({ context }) => ({ type: 'documentFailed' as const, fileName: context.document?.fileName ?? '' })),
  },
}).createMachine({
  id: 'details',
  description: 'One request on a details page, and its PDF recap.',
  type: 'parallel',
  context: ({ input }) => ({ requestId: input.requestId, record: null, status: null, document: null }),
  states: {
    record: {
      description: 'The request shown.',
      initial: 'choosing',
      states: {
        choosing: {
          description: 'Is there a request to show?',
          always: [{ guard: 'hasRequestId', target: 'loading' }, { target: 'none' }],
        },
        none: {
          description: 'No request chosen: the page says so and links back to the list.',
        },
        loading: {
          description: 'Loading the request; on a reload the one shown stays on screen meanwhile.',
          invoke: {
            id: 'loadDetails',
            src: 'loadDetails',
            input: ({ context }) => ({ requestId: context.requestId! }),
            onDone: { target: 'loaded', actions: { type: 'storeRecord', params: ({ event }) => ({ record: event.output }) } },
            onError: { target: 'failed', actions: 'failRecord' },
          },
        },
        loaded: {
          description: 'The request is shown.',
          on: {
            RELOAD: { target: 'loading' },
            REPLACE: { actions: { type: 'replaceRequest', params: ({ event }) => ({ request: event.request }) } },
          },
        },
        failed: {
          description: 'The request could not be loaded: the retrieve-error callout with a retry.',
          on: { RETRY: { target: 'loading' } },
        },
      },
    },
    pdf: {
      description: 'The PDF recap download.',
      initial: 'idle',
      states: {
        idle: {
          description: 'The download button is offered once the request is shown.',
          on: { DOWNLOAD_PDF: { guard: 'hasRecord', target: 'downloading' } },
        },
        downloading: {
          description: 'The recap is on its way; the button is disabled.',
          invoke: {
            id: 'downloadPdf',
            src: 'downloadPdf',
            input: ({ context }) => ({ requestId: context.record!.request.requestId }),
            onDone: { target: 'idle' },
            onError: { target: 'failed', actions: 'reportPdfFailure' },
          },
        },
        failed: {
          description: 'The recap could not be downloaded: an alert said so; the button tries again.',
          on: { DOWNLOAD_PDF: { guard: 'hasRecord', target: 'downloading' } },
        },
      },
    },
    document: {
      description: 'A document’s download: its bytes come with the session’s token and must be the ones its hash names.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Each document’s name is a button that downloads it once the request is shown.',
          on: {
            DOWNLOAD_DOCUMENT: {
              guard: 'hasRecord',
              target: 'downloading',
              actions: { type: 'chooseDocument', params: ({ event }) => ({ document: event.document }) },
            },
          },
        },
        downloading: {
          description: 'The document is on its way.',
          invoke: {
            id: 'downloadDocument',
            src: 'downloadDocument',
            input: ({ context }) => context.document!,
            onDone: { target: 'idle' },
            onError: { target: 'idle', actions: 'reportDocumentFailure' },
          },
        },
      },
    },
  },
});

export const detailsMachineInfo: MachineInfo<typeof detailsMachine> = {
  id: 'details',
  machine: detailsMachine,
  title: 'Request details and PDF recap',
  purpose:
    "Shows one request on the citizen's details page and on the back office's: it loads the request, " +
    'shows it, and on failure shows "data not available" with a retry (spec §8: retrieving details ' +
    'never fails with a broken page). A reload keeps the request on screen until the new copy arrives; ' +
    'a decision or another write shows the request it returned at once. Beside it, the PDF recap ' +
    'download: the button is disabled while the file is on its way, and a failed download opens an ' +
    'alert and may be tried again. Each document of the request downloads the same way, with the ' +
    'session, asking for the bytes its hash names.',
  guards: {
    hasRequestId: 'A request was chosen (in the address, or kept from the list in this tab).',
    hasRecord: 'The request is shown.',
  },
  actions: {
    storeRecord: 'Shows the request that arrived.',
    replaceRequest: 'Shows the request a write returned, without loading it again.',
    failRecord: { says: 'Records the 999 "Generic Error": the page shows the "data not available" callout with a retry.', messages: ['retrieve-error.title'] },
    reportPdfFailure: {
      says: 'Tells the page the recap could not be downloaded: an alert says so.',
      messages: ['pa.errors.pdf-request.title', 'bo.errors.pdf-request.title'],
    },
    chooseDocument: 'Keeps which document is being downloaded.',
    reportDocumentFailure: { says: 'Tells the page the document could not be downloaded: an alert names it.', messages: ['shown-docs.download-failed.title'] },
  },
};
