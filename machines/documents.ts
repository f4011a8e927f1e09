// The documents of a request on the wizard's last step, "Documenti e riepilogo" (docs/architecture.md
// "Documents in the wizard"): what the chosen initiative asks for, the files uploaded for each
// requirement, one upload at a time with its progress (cancellable), a refused or failed one kept on
// its slot with the reason (and the file, to try again), removal after a confirmation, and the
// replacement of a single-file requirement's document (the old one removed, then the new one sent:
// the server takes no more files than the requirement does). Whether every required document is
// there is the `complete` region (guard allRequiredAttached, the rule of src/shared/document-rules.ts);
// each change of it is emitted (`documentsChanged`) for the draft, whose send it guards.
// The calls are provided (src/web/actors/documents.ts); so is the tab's note of the file in flight,
// which a reload or an expired session would otherwise lose: the next load names it ("choose X again").
import { assign, emit, not, setup, type SnapshotFrom } from 'xstate';
import type { Attachment, Requirement } from '#shared/api/attachments.ts';
import { isApiFailure, refusalMessage } from '#shared/api/failure.ts';
import { ErrorKey } from '#shared/api/error-keys.ts';
import { isRequirementRequired, missingRequirements, type BusinessRole } from '#shared/document-rules.ts';
import type { MachineInfo } from './support/machine-info.ts';
import { notProvided } from './support/not-provided.ts';

/** Whom the request is for, as far as the documents care (personalData.business.role). */
export type DocumentsBusiness = BusinessRole | null;

export interface DocumentsInput {
  requestId: number;
  iniziativeId: number;
  business?: DocumentsBusiness;
}

/** The file whose upload a reload or an expired session interrupted: the person chooses it again. */
export interface InterruptedUpload {
  requirementCode: string;
  fileName: string;
}

/** What the load gives: the requirements, the stored documents, and the tab's note of a file in flight. */
export interface DocumentsLoaded {
  requirements: readonly Requirement[];
  attachments: readonly Attachment[];
  interrupted: InterruptedUpload | null;
}

export interface UploadInput {
  requestId: number;
  requirementCode: string;
  file: File;
  /** The share of the bytes sent so far, 0–100 (the machine's UPLOAD_PROGRESS). */
  reportProgress: (percent: number) => void;
}

/** A slot's last refusal or failure: the message key (locales) and the file it was about. */
export interface SlotFailure {
  requirementCode: string;
  /** `api-errors.<key>` for a refusal the server (or the same pre-check here) named, else an ep.documents.* key. */
  messageKey: string;
  fileName: string | null;
  /** The file to send again (RETRY); null when trying again cannot help (a refusal of the file itself). */
  file: File | null;
}

/** The upload in flight. */
export interface Upload {
  requirementCode: string;
  file: File;
  percent: number;
  /** The attachment the new file replaces (removed once the new one is stored). */
  replaces: number | null;
}

export interface DocumentsContext {
  requestId: number;
  iniziativeId: number;
  business: DocumentsBusiness;
  requirements: readonly Requirement[];
  attachments: readonly Attachment[];
  failures: readonly SlotFailure[];
  upload: Upload | null;
  /** The attachment being removed (or asked about). */
  removal: Attachment | null;
  interrupted: InterruptedUpload | null;
  /** The load failed (the step offers to try again). */
  loadFailed: boolean;
}

export type DocumentsEvent =
  /** A file chosen (or dropped) for a requirement. */
  | { type: 'CHOOSE'; requirementCode: string; file: File }
  /** A single-file requirement's document replaced by a new file. */
  | { type: 'REPLACE'; requirementCode: string; file: File }
  /** Send again the file a failed upload kept. */
  | { type: 'RETRY'; requirementCode: string }
  /** Stop the upload in flight. */
  | { type: 'CANCEL' }
  | { type: 'UPLOAD_PROGRESS'; percent: number }
  /** Ask to remove a stored document (a confirmation follows). */
  | { type: 'REMOVE'; attachmentId: number }
  | { type: 'CONFIRM_REMOVE' }
  | { type: 'CANCEL_REMOVE' }
  /** Load again after a failed load. */
  | { type: 'RELOAD' };

export type DocumentsEmitted = { type: 'documentsChanged'; complete: boolean } | { type: 'noteInFlight'; key: string; value: string | null };

/** The tab's note of the file in flight, per request (sessionStorage). */
export function inFlightKey(requestId: number): string {
  return `suap.documents.in-flight.${requestId}`;
}

export function encodeInFlight(upload: InterruptedUpload): string {
  return JSON.stringify({ requirementCode: upload.requirementCode, fileName: upload.fileName });
}

/** The stored note, or null when the text is not one. */
export function decodeInFlight(stored: string | null): InterruptedUpload | null {
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as Partial<InterruptedUpload> | null;
    return typeof value?.requirementCode === 'string' && typeof value.fileName === 'string'
      ? { requirementCode: value.requirementCode, fileName: value.fileName }
      : null;
  } catch {
    return null;
  }
}

const UNAUTHORIZED = 401;

function requirementOf(context: DocumentsContext, code: string): Requirement | undefined {
  return context.requirements.find((requirement) => requirement.requirementCode === code);
}

function filesOf(context: DocumentsContext, code: string): Attachment[] {
  return context.attachments.filter((attachment) => attachment.requirementCode === code);
}

function withoutFailure(failures: readonly SlotFailure[], code: string): SlotFailure[] {
  return failures.filter((failure) => failure.requirementCode !== code);
}

function withFailure(failures: readonly SlotFailure[], failure: SlotFailure): SlotFailure[] {
  return [...withoutFailure(failures, failure.requirementCode), failure];
}

/** The failure a refused or failed upload leaves on its slot. */
export function uploadFailure(upload: Pick<Upload, 'requirementCode' | 'file'>, error: unknown): SlotFailure {
  const base = { requirementCode: upload.requirementCode, fileName: upload.file.name };
  // The session ended meanwhile: after signing in again the file has to be chosen again (a page
  // load loses it), so the slot says which one.
  if (isApiFailure(error) && (error.status === UNAUTHORIZED || error.errorKey === ErrorKey.unauthorized)) {
    return { ...base, messageKey: 'ep.documents.choose-again', file: null };
  }
  const messageKey = refusalMessage(error, 'ep.documents.upload-failed');
  // A refusal of the file itself (its type, size, signature…) is not helped by sending it again.
  const retryable = messageKey === 'ep.documents.upload-failed' || isTransient(error);
  return { ...base, messageKey, file: retryable ? upload.file : null };
}

function isTransient(error: unknown): boolean {
  if (!isApiFailure(error)) return true;
  return error.status === 0 || error.status >= 500 || error.errorKey === ErrorKey.tooManyRequests;
}

export const documentsSetup = setup({
  types: {
    context: {} as DocumentsContext,
    events: {} as DocumentsEvent,
    emitted: {} as DocumentsEmitted,
    input: {} as DocumentsInput,
    tags: {} as 'busy',
  },
  actors: {
    /** The initiative's requirements, the request's attachments, and the tab's note of a file in flight. */
    load: notProvided<DocumentsLoaded, { requestId: number; iniziativeId: number }>('documents', 'load'),
    /** Uploads one file; resolves the stored attachment, rejects with an ApiFailure. */
    upload: notProvided<Attachment, UploadInput>('documents', 'upload'),
    /** Removes one attachment; rejects with an ApiFailure. */
    remove: notProvided<void, { requestId: number; attachmentId: number }>('documents', 'remove'),
  },
  guards: {
    allRequiredAttached: ({ context }) => missingRequirements(context.requirements, context.attachments, context.business).length === 0,
    isTooLarge: ({ context }, params: { requirementCode: string; file: File }) => {
      const requirement = requirementOf(context, params.requirementCode);
      return requirement !== undefined && params.file.size > requirement.maxBytes;
    },
    isSlotFull: ({ context }, params: { requirementCode: string }) => {
      const requirement = requirementOf(context, params.requirementCode);
      return requirement !== undefined && filesOf(context, params.requirementCode).length >= requirement.maxFiles;
    },
    isSingleFileTaken: ({ context }, params: { requirementCode: string }) => {
      const requirement = requirementOf(context, params.requirementCode);
      return requirement?.maxFiles === 1 && filesOf(context, params.requirementCode).length === 1;
    },
    isKnownRequirement: ({ context }, params: { requirementCode: string }) => requirementOf(context, params.requirementCode) !== undefined,
    hasRetryFile: ({ context }, params: { requirementCode: string }) =>
      context.failures.some((failure) => failure.requirementCode === params.requirementCode && failure.file !== null),
    isStoredAttachment: ({ context }, params: { attachmentId: number }) =>
      context.attachments.some((attachment) => attachment.attachmentId === params.attachmentId),
    isInterrupted: ({ event }) => {
      const error = (event as { error?: unknown }).error;
      // No answer at all (status 0: the page was reloaded or left, the network dropped) or an
      // expired session: the server has not stored the file, and the person must choose it again.
      return isApiFailure(error) && (error.status === 0 || error.status === UNAUTHORIZED || error.errorKey === ErrorKey.unauthorized);
    },
  },
  actions: {
    setLoaded: assign((_, params: DocumentsLoaded) => ({
      requirements: params.requirements,
      attachments: params.attachments,
      // A file noted as in flight that the server has after all (its answer was lost): nothing to choose again.
      interrupted:
        params.interrupted &&
        !params.attachments.some(
          (attachment) => attachment.requirementCode === params.interrupted?.requirementCode && attachment.fileName === params.interrupted.fileName,
        )
          ? params.interrupted
          : null,
      loadFailed: false,
    })),
    setLoadFailed: assign({ loadFailed: true }),
    startUpload: assign(({ context }, params: { requirementCode: string; file: File; replaces: number | null }) => ({
      upload: { requirementCode: params.requirementCode, file: params.file, percent: 0, replaces: params.replaces },
      failures: withoutFailure(context.failures, params.requirementCode),
      interrupted: context.interrupted?.requirementCode === params.requirementCode ? null : context.interrupted,
    })),
    retryUpload: assign(({ context }, params: { requirementCode: string }) => {
      const failure = context.failures.find((candidate) => candidate.requirementCode === params.requirementCode);
      if (!failure?.file) throw new Error('documents: nothing to retry');
      return {
        upload: { requirementCode: params.requirementCode, file: failure.file, percent: 0, replaces: null },
        failures: withoutFailure(context.failures, params.requirementCode),
      };
    }),
    setProgress: assign(({ context }, params: { percent: number }) => ({
      upload: context.upload ? { ...context.upload, percent: Math.max(context.upload.percent, Math.min(100, Math.round(params.percent))) } : null,
    })),
    storeAttachment: assign(({ context }, params: { attachment: Attachment }) => ({
      attachments: [...context.attachments, params.attachment],
    })),
    finishUpload: assign({ upload: null }),
    recordUploadFailure: assign(({ context, event }) => ({
      failures: context.upload ? withFailure(context.failures, uploadFailure(context.upload, (event as { error?: unknown }).error)) : context.failures,
      upload: null,
    })),
    refuseTooLarge: assign(({ context }, params: { requirementCode: string; file: File }) => ({
      failures: withFailure(context.failures, {
        requirementCode: params.requirementCode,
        messageKey: `api-errors.${ErrorKey.fileTooLarge}`,
        fileName: params.file.name,
        file: null,
      }),
    })),
    refuseTooMany: assign(({ context }, params: { requirementCode: string; file: File }) => ({
      failures: withFailure(context.failures, {
        requirementCode: params.requirementCode,
        messageKey: `api-errors.${ErrorKey.tooManyFiles}`,
        fileName: params.file.name,
        file: null,
      }),
    })),
    askRemoval: assign(({ context }, params: { attachmentId: number }) => ({
      removal: context.attachments.find((attachment) => attachment.attachmentId === params.attachmentId) ?? null,
    })),
    forgetRemoval: assign({ removal: null }),
    dropAttachment: assign(({ context }, params: { attachmentId: number | null }) => ({
      attachments: context.attachments.filter((attachment) => attachment.attachmentId !== params.attachmentId),
    })),
    clearSlotFailure: assign(({ context }, params: { requirementCode: string }) => ({ failures: withoutFailure(context.failures, params.requirementCode) })),
    recordRemoveFailure: assign(({ context, event }, params: { attachment: Attachment | null }) => ({
      failures: params.attachment
        ? withFailure(context.failures, {
            requirementCode: params.attachment.requirementCode,
            messageKey: refusalMessage((event as { error?: unknown }).error, 'ep.documents.remove-failed'),
            fileName: params.attachment.fileName,
            file: null,
          })
        : context.failures,
      removal: null,
    })),
    reportComplete: emit({ type: 'documentsChanged', complete: true }),
    reportIncomplete: emit({ type: 'documentsChanged', complete: false }),
    /** Storage adapter: notes (value) or forgets (null) the file in flight under `key` in the tab's storage; by default emitted for the app. */
    noteInFlight: emit((_, params: { key: string; value: string | null }) => ({ type: 'noteInFlight' as const, key: params.key, value: params.value })),
  },
});

const noteUpload = {
  type: 'noteInFlight',
  params: ({ context }: { context: DocumentsContext }) => ({
    key: inFlightKey(context.requestId),
    value: context.upload ? encodeInFlight({ requirementCode: context.upload.requirementCode, fileName: context.upload.file.name }) : null,
  }),
} as const;
const forgetUpload = {
  type: 'noteInFlight',
  params: ({ context }: { context: DocumentsContext }) => ({ key: inFlightKey(context.requestId), value: null }),
} as const;

type FileEvent = { event: { requirementCode: string; file: File } };
const fileParams = ({ event }: FileEvent) => ({ requirementCode: event.requirementCode, file: event.file });
const codeParams = ({ event }: FileEvent) => ({ requirementCode: event.requirementCode });

export const documentsMachine = documentsSetup.createMachine({
  id: 'documents',
  description: 'The documents of the request on the step "Documents and summary".',
  context: ({ input }) => ({
    requestId: input.requestId,
    iniziativeId: input.iniziativeId,
    business: input.business ?? null,
    requirements: [],
    attachments: [],
    failures: [],
    upload: null,
    removal: null,
    interrupted: null,
    loadFailed: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      description: 'Reading what the initiative asks for and what the request has; until then the request cannot be sent.',
      entry: 'reportIncomplete',
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ requestId: context.requestId, iniziativeId: context.iniziativeId }),
        onDone: { target: 'ready', actions: { type: 'setLoaded', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: 'setLoadFailed' },
      },
    },
    loadFailed: {
      description: 'The documents could not be read: the step offers to try again, and the request cannot be sent.',
      on: { RELOAD: 'loading' },
    },
    ready: {
      type: 'parallel',
      description: 'The documents are known: the person uploads, replaces and removes them.',
      states: {
        work: {
          description: 'One change at a time.',
          initial: 'idle',
          states: {
            idle: {
              description: 'Waiting for a file to be chosen, a retry or a removal.',
              on: {
                CHOOSE: [
                  // The same limits the server applies, said before any byte leaves.
                  { guard: { type: 'isTooLarge', params: fileParams }, actions: { type: 'refuseTooLarge', params: fileParams } },
                  { guard: { type: 'isSlotFull', params: codeParams }, actions: { type: 'refuseTooMany', params: fileParams } },
                  {
                    guard: { type: 'isKnownRequirement', params: codeParams },
                    target: 'uploading',
                    actions: { type: 'startUpload', params: ({ event }) => ({ ...fileParams({ event }), replaces: null }) },
                  },
                ],
                REPLACE: [
                  { guard: { type: 'isTooLarge', params: fileParams }, actions: { type: 'refuseTooLarge', params: fileParams } },
                  {
                    guard: { type: 'isSingleFileTaken', params: codeParams },
                    target: 'removingReplaced',
                    actions: {
                      type: 'startUpload',
                      params: ({ context, event }) => ({
                        ...fileParams({ event }),
                        replaces: filesOf(context, event.requirementCode)[0]?.attachmentId ?? null,
                      }),
                    },
                  },
                ],
                RETRY: {
                  guard: { type: 'hasRetryFile', params: ({ event }) => ({ requirementCode: event.requirementCode }) },
                  target: 'uploading',
                  actions: { type: 'retryUpload', params: ({ event }) => ({ requirementCode: event.requirementCode }) },
                },
                REMOVE: {
                  guard: { type: 'isStoredAttachment', params: ({ event }) => ({ attachmentId: event.attachmentId }) },
                  target: 'confirmingRemoval',
                  actions: { type: 'askRemoval', params: ({ event }) => ({ attachmentId: event.attachmentId }) },
                },
              },
            },
            uploading: {
              tags: 'busy',
              description: 'Sending the file, its progress shown; the tab notes its name until the server answers.',
              entry: noteUpload,
              invoke: {
                id: 'upload',
                src: 'upload',
                input: ({ context, self }) => {
                  if (!context.upload) throw new Error('documents: no upload');
                  return {
                    requestId: context.requestId,
                    requirementCode: context.upload.requirementCode,
                    file: context.upload.file,
                    reportProgress: (percent: number) => self.send({ type: 'UPLOAD_PROGRESS', percent }),
                  };
                },
                onDone: {
                  target: 'idle',
                  actions: [{ type: 'storeAttachment', params: ({ event }) => ({ attachment: event.output }) }, forgetUpload, 'finishUpload'],
                },
                onError: [
                  // The note stays: after a reload, or signing in again, the slot names the file to choose again.
                  { guard: 'isInterrupted', target: 'idle', actions: 'recordUploadFailure' },
                  { target: 'idle', actions: ['recordUploadFailure', forgetUpload] },
                ],
              },
              on: {
                UPLOAD_PROGRESS: { actions: { type: 'setProgress', params: ({ event }) => ({ percent: event.percent }) } },
                CANCEL: { target: 'idle', actions: [forgetUpload, 'finishUpload'] },
              },
            },
            removingReplaced: {
              tags: 'busy',
              // The server takes no more files than the document does (409 too-many-files), so the
              // old one goes first; if the new one then fails, the slot says so and keeps the file to try again.
              description: 'Replacing a single-file document: removing the old file before the new one is sent.',
              invoke: {
                id: 'removeReplaced',
                src: 'remove',
                input: ({ context }) => ({ requestId: context.requestId, attachmentId: context.upload?.replaces ?? 0 }),
                onDone: {
                  target: 'uploading',
                  actions: { type: 'dropAttachment', params: ({ context }) => ({ attachmentId: context.upload?.replaces ?? null }) },
                },
                // The old file stays; the new one is not sent.
                onError: {
                  target: 'idle',
                  actions: [
                    {
                      type: 'recordRemoveFailure',
                      params: ({ context }) => ({
                        attachment: context.attachments.find((attachment) => attachment.attachmentId === context.upload?.replaces) ?? null,
                      }),
                    },
                    'finishUpload',
                  ],
                },
              },
            },
            confirmingRemoval: {
              description: 'Asking whether to remove the document.',
              on: {
                CONFIRM_REMOVE: 'removing',
                CANCEL_REMOVE: { target: 'idle', actions: 'forgetRemoval' },
              },
            },
            removing: {
              tags: 'busy',
              description: 'Removing the document.',
              invoke: {
                id: 'remove',
                src: 'remove',
                input: ({ context }) => ({ requestId: context.requestId, attachmentId: context.removal?.attachmentId ?? 0 }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'dropAttachment', params: ({ context }) => ({ attachmentId: context.removal?.attachmentId ?? null }) },
                    { type: 'clearSlotFailure', params: ({ context }) => ({ requirementCode: context.removal?.requirementCode ?? '' }) },
                    'forgetRemoval',
                  ],
                },
                onError: { target: 'idle', actions: { type: 'recordRemoveFailure', params: ({ context }) => ({ attachment: context.removal }) } },
              },
            },
          },
        },
        completeness: {
          description: 'Whether every document the request requires is attached; each change is reported to the draft.',
          initial: 'checking',
          states: {
            checking: {
              description: 'Just loaded: decides once.',
              always: [{ guard: 'allRequiredAttached', target: 'complete' }, { target: 'incomplete' }],
            },
            incomplete: {
              description: 'A required document is missing: the request cannot be sent.',
              entry: 'reportIncomplete',
              always: { guard: 'allRequiredAttached', target: 'complete' },
            },
            complete: {
              description: 'Every required document is attached: the request may be sent.',
              entry: 'reportComplete',
              always: { guard: not('allRequiredAttached'), target: 'incomplete' },
            },
          },
        },
      },
    },
  },
});

type DocumentsSnapshot = SnapshotFrom<typeof documentsMachine>;

/** One requirement as the step shows it. */
export interface DocumentSlot {
  requirement: Requirement;
  required: boolean;
  attachments: readonly Attachment[];
  failure: SlotFailure | null;
  /** The upload in flight for this requirement, if any. */
  upload: Upload | null;
  /** The file a reload or an expired session interrupted: to be chosen again. */
  interruptedFileName: string | null;
  /** Another file may be chosen for it (not full). */
  canAdd: boolean;
  /** Its one document may be replaced. */
  canReplace: boolean;
}

export function selectSlots(snapshot: DocumentsSnapshot): DocumentSlot[] {
  const { context } = snapshot;
  return context.requirements.map((requirement) => {
    const code = requirement.requirementCode;
    const attachments = filesOf(context, code);
    return {
      requirement,
      required: isRequirementRequired(requirement, context.business),
      attachments,
      failure: context.failures.find((failure) => failure.requirementCode === code) ?? null,
      upload: context.upload?.requirementCode === code ? context.upload : null,
      interruptedFileName: context.interrupted?.requirementCode === code ? context.interrupted.fileName : null,
      canAdd: attachments.length < requirement.maxFiles,
      canReplace: requirement.maxFiles === 1 && attachments.length === 1,
    };
  });
}

/** The required documents still missing. */
export function selectMissing(snapshot: DocumentsSnapshot): Requirement[] {
  return missingRequirements(snapshot.context.requirements, snapshot.context.attachments, snapshot.context.business);
}

export function selectIsComplete(snapshot: DocumentsSnapshot): boolean {
  return snapshot.matches({ ready: { completeness: 'complete' } });
}

/** A change is in flight: nothing else may start (the chooser and the buttons wait). */
export function selectIsBusy(snapshot: DocumentsSnapshot): boolean {
  return snapshot.hasTag('busy');
}

export const documentsMachineInfo: MachineInfo<typeof documentsMachine> = {
  id: 'documents',
  machine: documentsMachine,
  title: 'Documents of the request (the last step, documents and summary)',
  purpose:
    'Shows, on the wizard’s last step, the documents the chosen initiative asks for (required, optional, or required when acting for someone else) ' +
    'and the files uploaded for each. A chosen file larger than the requirement allows, or one too many, is refused at once with the server’s own message; ' +
    'otherwise it is uploaded with its progress shown, and may be cancelled. A refused upload says why on its document (and in the step’s error summary); ' +
    'a failed one may be tried again with the same file; when the session expired, the document names the file to choose again, and so does the step after a page reload. ' +
    'A document is removed after a confirmation; a single-file document is replaced by removing the old file and then sending the new one. ' +
    'The request can be sent only when every required document is attached: each change of that is reported to the draft, whose send it guards; the server checks again.',
  guards: {
    allRequiredAttached: 'Every document the request requires (for its initiative, and for an intermediary the power of attorney) has a file.',
    isTooLarge: 'The chosen file is larger than the requirement accepts.',
    isSlotFull: 'The requirement already has as many files as it takes.',
    isSingleFileTaken: 'The requirement takes one file and has it: the new file replaces it.',
    isKnownRequirement: 'The file was chosen for a document the initiative asks for.',
    hasRetryFile: 'The document’s last upload failed in a way another try may mend, and its file is kept.',
    isStoredAttachment: 'The document to remove is one the request has.',
    isInterrupted: 'The upload got no answer (a reload, the network dropped) or the session had expired (401): the file must be chosen again.',
  },
  actions: {
    setLoaded: 'Keeps the requirements and the stored documents, and the file a reload interrupted (unless the server has it).',
    setLoadFailed: 'Records that the documents could not be read.',
    startUpload: 'Starts the upload of the chosen file (forgetting the document’s last refusal).',
    retryUpload: 'Starts the upload again with the file the failed one kept.',
    setProgress: 'Shows how much of the file has been sent.',
    storeAttachment: 'Adds the stored document to its requirement.',
    finishUpload: 'Ends the upload.',
    recordUploadFailure: {
      says: 'Says on the document why the upload failed (the server’s reason, or "choose the file again" after an expired session).',
      messages: ['api-errors.*', 'ep.documents.upload-failed', 'ep.documents.choose-again'],
    },
    refuseTooLarge: { says: 'Says the file is too large, before sending it.', messages: ['api-errors.file-too-large'] },
    refuseTooMany: { says: 'Says the document already has as many files as it takes.', messages: ['api-errors.too-many-files'] },
    askRemoval: 'Remembers which document to remove, for the confirmation.',
    forgetRemoval: 'Forgets the document asked about.',
    dropAttachment: 'Takes the removed document off its requirement.',
    clearSlotFailure: 'Forgets the document’s last refusal.',
    recordRemoveFailure: { says: 'Says on the document that it could not be removed.', messages: ['api-errors.*', 'ep.documents.remove-failed'] },
    reportComplete: 'Tells the draft that every required document is attached (DOCUMENTS_CHANGED).',
    reportIncomplete: 'Tells the draft that a required document is missing, or not known yet (DOCUMENTS_CHANGED).',
    noteInFlight: 'Notes the name of the file being sent in the tab’s storage, or forgets it (the app performs the write).',
  },
};
