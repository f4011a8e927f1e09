// Test models of the back office's write machines (an action on a pratica, storage limit, staff
// form) and of the details machine: every event a person causes with a valid and an invalid
// payload, and every answer of the server (success, 400 refusal, 403/409 refusal, 409 stale, no answer).
import type { SnapshotFrom } from 'xstate';
import { praticaActionMachine } from '#machines/back-office/pratica-action.ts';
import { staffFormMachine } from '#machines/back-office/staff-form.ts';
import { storageLimitMachine } from '#machines/back-office/storage-limit.ts';
import { detailsMachine } from '#machines/details.ts';
import type { Attachment } from '#shared/api/attachments.ts';
import type { ErrorKeyValue } from '#shared/api/error-keys.ts';
import type { Colleague } from '#shared/api/pratica.ts';
import { apiFailure, type ApiFailure } from '#shared/api/failure.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import type { User } from '#shared/domain.ts';
import { eventForm } from '#shared/validation/back-office-forms.ts';
import type { ModelSpec } from '../support/model.ts';

/** The server's refusal as the adapters reject with it: the status, the envelope's code and errorKey (status 0: no answer). */
export const refusal = (status: number, errorKey: ErrorKeyValue | null = null): ApiFailure =>
  apiFailure({ status, code: status === 0 ? null : status, errorKey, message: errorKey });

/** The pratica as the server returns it moved. */
export const movedRequest = { requestId: 12, version: 3, stateOfRequest: { stateOfRequestId: 9 } } as unknown as SuapRequest;
export const colleagues: Colleague[] = [{ userId: 6, firstName: 'Chiara', lastName: 'Russo', profileId: 4 }];

/** The server's answer to a refused event: the state or a term (409 with the reason), a stale copy, the role. */
export const transitionRefused = { ...refusal(409, 'transition-not-allowed'), message: 'Not possible now: integrations were already asked once.' };

export const praticaActionModel: ModelSpec<typeof praticaActionMachine> = {
  machine: praticaActionMachine,
  // One dialog of each kind: a confirmation only, a colleague, a required note, an outcome with an optional note.
  inputs: [
    { name: 'take in charge', input: { requestId: 12, version: 2, type: 'TAKE_IN_CHARGE' } },
    { name: 'assign', input: { requestId: 12, version: 2, type: 'ASSIGN' } },
    { name: 'request integration', input: { requestId: 12, version: 2, type: 'REQUEST_INTEGRATION' } },
    { name: 'propose outcome', input: { requestId: 12, version: 2, type: 'PROPOSE_OUTCOME' } },
  ],
  payloads: {
    // Each dialog has only the fields its event asks for (eventForm): the others are never typed in.
    SET_NOTE: ({ context }) =>
      eventForm(context.type).note ? [{ note: 'Manca la planimetria: "tavola 2" (100 €, 50%) @ufficio!\nRipresentare.' }, { note: 'no' }] : [],
    SET_ASSIGNEE: ({ context }) => (eventForm(context.type).assignee ? [{ assigneeId: '6' }, { assigneeId: '' }] : []),
    SET_OUTCOME: ({ context }) => (eventForm(context.type).outcome ? [{ outcome: 'negative' }, { outcome: '' }] : []),
    SUBMIT: [{}],
    RETRY: [{}],
    CANCEL: [{}],
    'xstate.done.actor.loadColleagues': [{ output: colleagues }],
    'xstate.error.actor.loadColleagues': [{ error: refusal(0) }],
    'xstate.done.actor.fireEvent': [{ output: movedRequest }],
    'xstate.error.actor.fireEvent': [
      { error: transitionRefused },
      { error: refusal(409, 'stale-version') },
      { error: refusal(403, 'forbidden') },
      { error: refusal(400, 'bad-request') },
      { error: refusal(0) },
    ],
  },
  project: ({ context }: SnapshotFrom<typeof praticaActionMachine>) => ({ values: context.values, errors: Object.keys(context.errors).sort() }),
};

export const range = { from: '2026-11-24', to: '2031-11-23' };

export const storageLimitModel: ModelSpec<typeof storageLimitMachine> = {
  machine: storageLimitMachine,
  inputs: [{ name: 'draft', input: { requestId: 7, current: '2027-11-23', range } }],
  payloads: {
    SET_DAY: [{ day: '2027-03-15' }, { day: '2031-11-24' }, { day: '' }],
    SUBMIT: [{}],
    'xstate.done.actor.saveStorageLimit': [{ output: '2027-03-15' }],
    'xstate.error.actor.saveStorageLimit': [{ error: refusal(409, 'conflict') }, { error: refusal(400, 'bad-request') }, { error: refusal(0) }],
  },
  project: ({ context }: SnapshotFrom<typeof storageLimitMachine>) => ({ day: context.day, current: context.current, errors: Object.keys(context.errors) }),
};

const saved = {
  userId: 9,
  firstName: 'Paola',
  lastName: 'Neri',
  fiscalCode: 'NREPLA80A41H501F',
  email: 'paola.neri@example.org',
  profile: { profileId: 3 },
  active: 1,
} as unknown as User;
const paola = { firstName: 'Paola', lastName: 'Neri', fiscalCode: 'NREPLA80A41H501F', email: 'paola.neri@example.org', profileId: '3', active: true } as const;

export const staffFormModel: ModelSpec<typeof staffFormMachine> = {
  machine: staffFormMachine,
  inputs: [
    { name: 'new staff member', input: {} },
    { name: 'oneself', input: { userId: 2, initial: { ...paola, profileId: '2' }, isSelf: true } },
  ],
  payloads: {
    // A whole valid record at once (five CHANGE steps would only multiply paths), a wrong code, and
    // one's own active switch (ignored for oneself).
    CHANGE: ({ context }) =>
      context.values.firstName === ''
        ? [{ field: 'firstName', value: 'Paola' }]
        : context.values.email === ''
          ? [{ field: 'email', value: paola.email }]
          : [
              { field: 'active', value: false },
              { field: 'fiscalCode', value: 'NREPLA80A41H501G' },
              { field: 'firstName', value: 'Paolina' },
            ],
    SUBMIT: [{}],
    CANCEL: [{}],
    KEEP_EDITING: [{}],
    DISCARD: [{}],
    'xstate.done.actor.saveStaff': [{ output: saved }],
    'xstate.error.actor.saveStaff': [{ error: refusal(409, 'duplicate-fiscal-code') }, { error: refusal(409, 'conflict') }, { error: refusal(0) }],
  },
  project: ({ context }: SnapshotFrom<typeof staffFormMachine>) => ({ values: context.values, errors: Object.keys(context.errors).sort() }),
  limit: 4000,
};

export const detailsRecord = { request: { requestId: 7, version: 1 } as unknown as SuapRequest };

/** The request's one document, as the details pages download it (the citizen's path). */
export const MODEL_DOCUMENT = { path: '/suap/v1/request/7/attachments/3', fileName: 'planimetria.pdf', hash: 'ab'.repeat(32) };

/** The same document as the attachment lists answer it. */
export function modelAttachment(): Attachment {
  return {
    attachmentId: 3,
    requirementCode: 'FLOOR_PLAN',
    fileName: MODEL_DOCUMENT.fileName,
    mimeType: 'application/pdf',
    size: 3,
    hash: MODEL_DOCUMENT.hash,
    algHash: 'S256',
    uploadedOn: '2026-03-01T09:30:00.000Z',
    signature: null,
  };
}

export const detailsModel: ModelSpec<typeof detailsMachine> = {
  machine: detailsMachine,
  inputs: [
    { name: 'request chosen', input: { requestId: 7 } },
    { name: 'none chosen', input: { requestId: null } },
  ],
  payloads: {
    RETRY: [{}],
    RELOAD: [{}],
    REPLACE: [{ request: { ...detailsRecord.request, version: 2 } }],
    DOWNLOAD_PDF: [{}],
    'xstate.done.actor.loadDetails': [{ output: detailsRecord }],
    'xstate.error.actor.loadDetails': [{ error: new Error('network down') }],
    'xstate.done.actor.downloadPdf': [{ output: 'recap.pdf' }],
    'xstate.error.actor.downloadPdf': [{ error: new Error('network down') }],
    DOWNLOAD_DOCUMENT: [{ document: MODEL_DOCUMENT }],
    'xstate.done.actor.downloadDocument': [{ output: undefined }],
    'xstate.error.actor.downloadDocument': [{ error: new Error('network down') }],
  },
  project: ({ context }: SnapshotFrom<typeof detailsMachine>) => ({
    version: (context.record?.request as { version?: number } | undefined)?.version ?? null,
    failed: context.status !== null,
  }),
};
