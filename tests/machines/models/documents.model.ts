// Test model of the documents machine (machines/documents.ts): a draft of a sole trader and one of an
// intermediary (who must attach the power of attorney too); loads that find nothing stored, or the
// form stored and a note of an interrupted floor plan, or that fail; files chosen for each document,
// one too large, one more than the document takes; uploads that succeed, fail (500, try again),
// are refused (415, not mended by another try) or find the session expired (401); progress and
// cancellation; the single-file form replaced; removals confirmed, cancelled, or failing.
import type { Attachment, Requirement } from '#shared/api/attachments.ts';
import { apiFailure } from '#shared/api/failure.ts';
import { documentsMachine, type DocumentsLoaded } from '#machines/documents.ts';
import type { ModelSpec } from '../support/model.ts';

function requirement(code: string, parts: Partial<Requirement> = {}): Requirement {
  return {
    requirementCode: code,
    nameIt: code,
    nameEn: code,
    descriptionIt: '',
    descriptionEn: '',
    required: true,
    requiredWhen: null,
    acceptedTypes: ['pdf'],
    maxBytes: 100,
    maxFiles: 1,
    signatureRequired: false,
    ...parts,
  };
}

export const requirements: readonly Requirement[] = [
  requirement('SCIA_FORM'),
  requirement('FLOOR_PLAN', { maxFiles: 2 }),
  requirement('POWER_OF_ATTORNEY', { required: false, requiredWhen: 'intermediary' }),
];

export function storedAs(attachmentId: number, requirementCode: string, fileName: string): Attachment {
  return {
    attachmentId,
    requirementCode,
    fileName,
    mimeType: 'application/pdf',
    size: 10,
    hash: 'a'.repeat(64),
    algHash: 'S256',
    uploadedOn: '2026-11-20T09:00:00.000Z',
    signature: null,
  };
}

export const smallFile = (name: string) => new File([new Uint8Array(10)], name, { type: 'application/pdf' });
export const largeFile = new File([new Uint8Array(101)], 'large.pdf', { type: 'application/pdf' });

export const serverFailure = apiFailure({ status: 500, code: 500, errorKey: 'generic-error' });
export const refusedType = apiFailure({ status: 415, code: 415, errorKey: 'file-type-not-accepted' });
export const sessionExpired = apiFailure({ status: 401, code: 401, errorKey: 'unauthorized' });

const nothingStored: DocumentsLoaded = { requirements, attachments: [], interrupted: null };
const formStored: DocumentsLoaded = {
  requirements,
  attachments: [storedAs(1, 'SCIA_FORM', 'form.pdf')],
  interrupted: { requirementCode: 'FLOOR_PLAN', fileName: 'plan.pdf' },
};

const formAndPlanStored: DocumentsLoaded = {
  requirements,
  attachments: [storedAs(1, 'SCIA_FORM', 'form.pdf'), storedAs(2, 'FLOOR_PLAN', 'plan.pdf')],
  interrupted: null,
};

export const documentsModel: ModelSpec<typeof documentsMachine> = {
  machine: documentsMachine,
  inputs: [
    { name: 'a sole trader', input: { requestId: 41, iniziativeId: 21, business: { role: 'legal-representative' } } },
    { name: 'an intermediary', input: { requestId: 41, iniziativeId: 21, business: { role: 'intermediary' } } },
  ],
  payloads: {
    'xstate.done.actor.load': [{ output: nothingStored }, { output: formStored }, { output: formAndPlanStored }],
    'xstate.error.actor.load': [{ error: serverFailure }],
    RELOAD: [{}],
    // `named` tells the cases apart in paths (a File serialises as {}).
    CHOOSE: [
      { requirementCode: 'SCIA_FORM', file: smallFile('form.pdf'), named: 'form.pdf' },
      { requirementCode: 'FLOOR_PLAN', file: smallFile('plan.pdf'), named: 'plan.pdf' },
      { requirementCode: 'FLOOR_PLAN', file: largeFile, named: 'large.pdf' },
      { requirementCode: 'POWER_OF_ATTORNEY', file: smallFile('proxy.pdf'), named: 'proxy.pdf' },
    ],
    REPLACE: [
      { requirementCode: 'SCIA_FORM', file: smallFile('form-2.pdf'), named: 'form-2.pdf' },
      { requirementCode: 'SCIA_FORM', file: largeFile, named: 'large.pdf' },
    ],
    RETRY: ({ context }) => context.failures.filter((failure) => failure.file).map((failure) => ({ requirementCode: failure.requirementCode })),
    CANCEL: [{}],
    UPLOAD_PROGRESS: [{ percent: 40 }],
    // The first file of each document (the others behave alike).
    REMOVE: ({ context }) =>
      [...new Map(context.attachments.map((attachment) => [attachment.requirementCode, attachment])).values()].map((attachment) => ({
        attachmentId: attachment.attachmentId,
      })),
    CONFIRM_REMOVE: [{}],
    CANCEL_REMOVE: [{}],
    'xstate.done.actor.upload': ({ context }) => {
      const upload = context.upload;
      if (!upload) return [];
      const next = Math.max(0, ...context.attachments.map((attachment) => attachment.attachmentId)) + 1;
      return [{ output: storedAs(next, upload.requirementCode, upload.file.name) }];
    },
    'xstate.error.actor.upload': [{ error: serverFailure }, { error: refusedType }, { error: sessionExpired }],
    'xstate.done.actor.remove': [{ output: undefined }],
    'xstate.error.actor.remove': [{ error: serverFailure }],
    'xstate.done.actor.removeReplaced': [{ output: undefined }],
    'xstate.error.actor.removeReplaced': [{ error: serverFailure }],
  },
  // What changes a decision: how many files each document has, whether a refusal is shown and can be
  // tried again, the upload and removal in flight, the interrupted note. Ids, names and the progress do not.
  project: ({ context }) => ({
    files: Object.fromEntries(
      requirements.map((item) => [item.requirementCode, context.attachments.filter((a) => a.requirementCode === item.requirementCode).length]),
    ),
    // Whether some slot shows a refusal, and whether one keeps its file to try again (which slot and
    // which words the invariants check on the step that records them).
    failure: context.failures.length === 0 ? null : context.failures.some((failure) => failure.file !== null) ? 'retryable' : 'shown',
    upload: context.upload ? [context.upload.requirementCode, context.upload.replaces !== null] : null,
    removal: context.removal?.requirementCode ?? null,
    interrupted: context.interrupted?.requirementCode ?? null,
  }),
};
