// Spec §8 (docs/machines/README.md): downloading a request's PDF recap outside a details page (the thank-you
// page after sending). idle → downloading → idle | failed (an alert says so), with retry; the
// button stays disabled while the file is on its way. The download is the `downloadPdf` actor the
// app provides (the recap in the language on screen, saved under the server's file name).
import { assign, emit, setup } from 'xstate';
import { notProvided } from './support/not-provided.ts';
import type { MachineInfo } from './support/machine-info.ts';

export interface PdfRecapTarget {
  /** The API path of the recap (front or back office). */
  path: string;
  requestId: number;
  /** The button pressed: focus goes back there when the error alert closes. */
  openerId?: string;
}

export type PdfRecapEvent = { type: 'DOWNLOAD' } & PdfRecapTarget;
export type PdfRecapEmitted = { type: 'pdfFailed'; openerId: string | null };

export const pdfRecapMachine = setup({
  types: {
    context: {} as { target: PdfRecapTarget | null },
    events: {} as PdfRecapEvent,
    emitted: {} as PdfRecapEmitted,
  },
  actors: {
    /** Downloads and saves the recap; rejects when it could not. */
    downloadPdf: notProvided<unknown, PdfRecapTarget>('pdfRecap', 'downloadPdf'),
  },
  actions: {
    setTarget: assign((_, params: { target: PdfRecapTarget }) => ({ target: params.target })),
    reportFailure: emit(({ context }) => ({ type: 'pdfFailed' as const, openerId: context.target?.openerId ?? null })),
  },
}).createMachine({
  id: 'pdfRecap',
  description: "A request's PDF recap download.",
  initial: 'idle',
  context: { target: null },
  states: {
    idle: {
      description: 'The download button is offered.',
      on: {
        DOWNLOAD: {
          target: 'downloading',
          actions: { type: 'setTarget', params: ({ event }) => ({ target: { path: event.path, requestId: event.requestId, openerId: event.openerId } }) },
        },
      },
    },
    downloading: {
      description: 'The recap is on its way; the button is disabled.',
      invoke: {
        id: 'downloadPdf',
        src: 'downloadPdf',
        input: ({ context }) => context.target!,
        onDone: { target: 'idle' },
        onError: { target: 'failed', actions: 'reportFailure' },
      },
    },
    failed: {
      description: 'The recap could not be downloaded: an alert said so; the button tries again.',
      on: {
        DOWNLOAD: {
          target: 'downloading',
          actions: { type: 'setTarget', params: ({ event }) => ({ target: { path: event.path, requestId: event.requestId, openerId: event.openerId } }) },
        },
      },
    },
  },
});

export const pdfRecapMachineInfo: MachineInfo<typeof pdfRecapMachine> = {
  id: 'pdfRecap',
  machine: pdfRecapMachine,
  title: 'PDF recap download (thank-you page)',
  purpose:
    "Downloads a request's PDF recap from the thank-you page after sending, in the language on screen. " +
    'The button is disabled while the file is on its way; a failed download opens an error alert, ' +
    'and the button tries again.',
  actions: {
    setTarget: 'Remembers which recap to download and the button pressed.',
    reportFailure: { says: 'Tells the page the recap could not be downloaded: an alert says so.', messages: ['modals.pdf-request-error.title'] },
  },
};
