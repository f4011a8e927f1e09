// Test model of the modals machine: up to three queued modals, one with an opener to return focus
// to and one with a stable id (opening it twice must queue it once).
import { modalsMachine, type ModalRequest } from '#machines/modals.ts';
import type { ModelSpec } from '../support/model.ts';

export const MAX_QUEUED_IN_MODEL = 3;

export const revokeWarning: ModalRequest = {
  kind: 'alert',
  type: 'warning',
  titleKey: 'modals.revoke-token-failed',
  openerId: 'logout-button',
};

export const authFailedFo: ModalRequest = {
  id: 'auth-failed-FO',
  kind: 'authFailed',
  type: 'error',
  variant: 'FO',
  titleKey: 'modals.auth-failed.title',
};

const openable = [{ modal: revokeWarning }, { modal: authFailedFo }];

export const modalsModel: ModelSpec<typeof modalsMachine> = {
  machine: modalsMachine,
  inputs: [{ name: 'start', input: undefined }],
  payloads: {
    // Bounded queue: the behaviour does not change past a few entries, the state space would.
    OPEN: (snapshot) => (snapshot.context.queue.length < MAX_QUEUED_IN_MODEL ? openable : []),
    CLOSE: [{ reason: 'escape' }, { reason: 'overlay' }, { reason: 'closeButton' }, { reason: 'action' }],
    ACTION: [{ action: 'login' }, { action: 'confirm' }],
  },
  // Generated ids and the sequence counter only grow; what identifies a state is the queue's shape.
  project: ({ context }) => ({
    queue: context.queue.map((modal) => `${modal.kind}:${modal.openerId ?? '-'}`),
    closing: context.closing ? `${context.closing.kind}:${context.closing.openerId ?? '-'}` : null,
  }),
};
