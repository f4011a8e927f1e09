// Spec §2 "Modals": one queue for every dialog of the portal. Only the head is shown; a modal closes
// on overlay click, close button, Escape or one of its action buttons; focus then returns to the
// element that opened it. The machine keeps the queue and the timing (spec §9: content created
// after 100 ms, focus polled after 100 ms); the app renders the head and moves focus when told.
//
// Replies (docs/machines/README.md): whoever opens a modal says in the request what it wants back, so no code
// reads button names to decide what happens. `replies.to` is the systemId of the recipient (an
// actor of the same actor system, e.g. 'auth'); `replies.actions` maps each action button (the
// `action` of ACTION) to the event sent when it is pressed; `replies.dismissed` is the event sent
// when the modal closes without a choice (overlay, close button, Escape, or a button that only
// dismisses: CLOSE with any reason). The machine itself sends them (action `replyToOpener`), after
// the transition that removes the modal, so the recipient already sees the modal gone. A button
// with no event declared, a modal without `replies`, or a recipient no longer running (its screen
// was left) sends nothing. Replies are plain data (no actor refs, no functions): they stay in the
// queue, in snapshots and in the inspector. `ModalReplies<TEvent>` lets the opener type them with
// its own event union. The emitted 'modalAction' and 'modalClosed' remain for the screens' own
// modals that are not machine-driven yet.
import { assign, emit, enqueueActions, setup, type EventObject, type SnapshotFrom } from 'xstate';
import { Timings } from '#shared/constants.ts';
import type { MachineInfo } from './support/machine-info.ts';

export const MODAL_KINDS = [
  'alert',
  'authFailed',
  'boLogoutConfirm',
  'requestAbort',
  'draftFound',
  'draftDelete',
  /** The draft was deleted in another tab: a new request, or the private area. */
  'draftGone',
  'suapException',
  /** Back office: leave a form with unsaved edits? */
  'discardEdits',
] as const;
export type ModalKind = (typeof MODAL_KINDS)[number];
export type ModalType = 'error' | 'warning' | 'success';
export type ModalVariant = 'FO' | 'BO';
export type ModalCloseReason = 'overlay' | 'closeButton' | 'escape' | 'action';

/**
 * What the modal sends back, and to whom (see the header). `TEvent` is the recipient's event type,
 * so an opener declares `ModalReplies<AuthEvent>` and its events are checked.
 */
export interface ModalReplies<TEvent extends EventObject = EventObject> {
  /** systemId of the actor that receives the replies. */
  to: string;
  /** Per action button (the `action` of ACTION): the event sent when it is pressed. */
  actions?: Readonly<Record<string, TEvent>>;
  /** Sent when the modal closes without an action: overlay, close button, Escape, a dismiss-only button. */
  dismissed?: TEvent;
}

/** What a caller asks to show. Texts are message keys; `values` fill their placeholders. */
export interface ModalRequest {
  /** Optional stable id: opening a modal whose id is already queued does nothing. */
  id?: string;
  kind: ModalKind;
  type?: ModalType;
  variant?: ModalVariant;
  titleKey: string;
  descriptionKey?: string;
  values?: Readonly<Record<string, string | number>>;
  /** DOM id of the element that opened the modal; focus goes back there on close. */
  openerId?: string;
  /** The typed events the modal sends back to its opener (see the header). */
  replies?: ModalReplies;
}

/** How the head left the screen: one of its action buttons, or a close of any reason. */
type ModalOutcome = { action: string } | { dismissed: ModalCloseReason };

export interface QueuedModal extends ModalRequest {
  id: string;
}

export interface ModalsContext {
  /** FIFO; the head is the visible modal while the machine is in `showing`. */
  queue: readonly QueuedModal[];
  /** Source of generated ids; never part of the model's state identity (it only grows). */
  seq: number;
  /** The modal just removed, kept until its opener gets focus back. */
  closing: QueuedModal | null;
}

export type ModalsEvent = { type: 'OPEN'; modal: ModalRequest } | { type: 'CLOSE'; reason: ModalCloseReason } | { type: 'ACTION'; action: string };

export type ModalsEmitted =
  | { type: 'modalAction'; modalId: string; kind: ModalKind; action: string }
  | { type: 'modalClosed'; modalId: string; kind: ModalKind; reason: ModalCloseReason }
  | { type: 'restoreFocus'; openerId: string | null };

export const modalsMachine = setup({
  types: {
    context: {} as ModalsContext,
    events: {} as ModalsEvent,
    emitted: {} as ModalsEmitted,
  },
  delays: {
    modalContentDelay: Timings.modalContentDelay,
    modalFocusPoll: Timings.modalFocusPoll,
  },
  guards: {
    // A screen that re-renders may ask twice for "its" modal; a stable id makes the second ask a no-op.
    isNewModal: ({ context }, params: { modal: ModalRequest }) =>
      params.modal.id === undefined || !context.queue.some((queued) => queued.id === params.modal.id),
    hasQueuedModal: ({ context }) => context.queue.length > 0,
  },
  actions: {
    enqueue: assign(({ context }, params: { modal: ModalRequest }) => ({
      queue: [...context.queue, { ...params.modal, id: params.modal.id ?? `modal-${context.seq + 1}` }],
      seq: context.seq + 1,
    })),
    // Must run before `removeHead`: it reports the modal that is still at the head.
    emitAction: emit(({ context }, params: { action: string }) => {
      const head = headOf(context);
      return { type: 'modalAction' as const, modalId: head.id, kind: head.kind, action: params.action };
    }),
    // Must run before `removeHead`: it answers for the modal that is still at the head.
    replyToOpener: enqueueActions(({ context, system, enqueue }, params: ModalOutcome) => {
      const head = headOf(context);
      const reply = replyFor(head, params);
      // The opener may have gone (its screen was left): the answer has no one to go to.
      const recipient = reply && head.replies ? system.get(head.replies.to) : undefined;
      if (reply && recipient) enqueue.sendTo(recipient, reply);
    }),
    emitClosed: emit(({ context }, params: { reason: ModalCloseReason }) => {
      const head = headOf(context);
      return { type: 'modalClosed' as const, modalId: head.id, kind: head.kind, reason: params.reason };
    }),
    removeHead: assign(({ context }) => ({ closing: headOf(context), queue: context.queue.slice(1) })),
    emitRestoreFocus: emit(({ context }) => ({ type: 'restoreFocus' as const, openerId: context.closing?.openerId ?? null })),
    forgetClosing: assign({ closing: null }),
  },
}).createMachine({
  id: 'modals',
  description: 'Queue of dialogs; only the head is on screen.',
  initial: 'idle',
  context: { queue: [], seq: 0, closing: null },
  states: {
    idle: {
      description: 'No modal on screen and none queued.',
      on: {
        OPEN: { target: 'showing', actions: { type: 'enqueue', params: ({ event }) => ({ modal: event.modal }) } },
      },
    },
    showing: {
      description: 'The head of the queue is on screen; later ones wait their turn.',
      initial: 'preparing',
      on: {
        OPEN: {
          guard: { type: 'isNewModal', params: ({ event }) => ({ modal: event.modal }) },
          actions: { type: 'enqueue', params: ({ event }) => ({ modal: event.modal }) },
        },
        CLOSE: {
          target: 'closing',
          actions: [
            { type: 'replyToOpener', params: ({ event }) => ({ dismissed: event.reason }) },
            { type: 'emitClosed', params: ({ event }) => ({ reason: event.reason }) },
            'removeHead',
          ],
        },
      },
      states: {
        preparing: {
          description: 'Dialog frame open; its content is created after the content delay.',
          after: { modalContentDelay: 'ready' },
        },
        ready: {
          description: 'Content and action buttons are rendered.',
          on: {
            // Only here: before the content exists there is no action button to press.
            ACTION: {
              target: '#modals.closing',
              actions: [
                { type: 'emitAction', params: ({ event }) => ({ action: event.action }) },
                { type: 'replyToOpener', params: ({ event }) => ({ action: event.action }) },
                { type: 'emitClosed', params: () => ({ reason: 'action' as const }) },
                'removeHead',
              ],
            },
          },
        },
      },
    },
    closing: {
      description: 'Head removed; after the focus poll the opener gets focus back, then the next modal shows.',
      on: {
        OPEN: {
          guard: { type: 'isNewModal', params: ({ event }) => ({ modal: event.modal }) },
          actions: { type: 'enqueue', params: ({ event }) => ({ modal: event.modal }) },
        },
      },
      after: {
        modalFocusPoll: [
          { guard: 'hasQueuedModal', target: 'showing', actions: ['emitRestoreFocus', 'forgetClosing'] },
          { target: 'idle', actions: ['emitRestoreFocus', 'forgetClosing'] },
        ],
      },
    },
  },
});

function headOf(context: ModalsContext): QueuedModal {
  const head = context.queue[0];
  // Unreachable through the machine's own transitions (CLOSE and ACTION exist only in `showing`).
  if (!head) throw new Error('modals: no modal at the head of the queue');
  return head;
}

/** The event the modal's opener asked for on this outcome, or undefined when it asked for none. */
export function replyFor(modal: ModalRequest, outcome: ModalOutcome): EventObject | undefined {
  if (!modal.replies) return undefined;
  return 'action' in outcome ? modal.replies.actions?.[outcome.action] : modal.replies.dismissed;
}

type ModalsSnapshot = SnapshotFrom<typeof modalsMachine>;

/** The modal to render, or null: only the head, and only while showing. */
export function selectCurrentModal(snapshot: ModalsSnapshot): QueuedModal | null {
  return snapshot.matches('showing') ? (snapshot.context.queue[0] ?? null) : null;
}

export function selectIsContentReady(snapshot: ModalsSnapshot): boolean {
  return snapshot.matches({ showing: 'ready' });
}

export function selectQueuedCount(snapshot: ModalsSnapshot): number {
  return snapshot.context.queue.length;
}

export const modalsMachineInfo: MachineInfo<typeof modalsMachine> = {
  id: 'modals',
  machine: modalsMachine,
  title: 'Modals',
  purpose:
    'Keeps every dialog of the portal (alerts, authentication failed, back-office logout confirmation, ' +
    'request abort, draft found, draft delete, one-stop-shop exception) in one first-in-first-out queue. ' +
    'Only the first dialog is on screen; the others wait. A dialog closes on overlay click, close button, ' +
    'Escape or one of its buttons; its content appears after a short delay, and after closing the focus ' +
    'goes back to the element that opened it before the next dialog shows. The screens tell the machine ' +
    'what to open and what the user pressed. Whoever opens a dialog says what each button means to it ' +
    '(and what closing it without a choice means); the machine sends that answer back to it.',
  guards: {
    isNewModal: 'The dialog asked for is not already waiting in the queue (same id).',
    hasQueuedModal: 'Another dialog is waiting in the queue.',
  },
  actions: {
    enqueue: 'Puts the dialog at the end of the queue.',
    emitAction: 'Tells the screens which button of the dialog was pressed.',
    replyToOpener: 'Sends whoever opened the dialog the answer it asked for: the pressed button’s, or the one for closing without a choice.',
    emitClosed: 'Tells the screens the dialog closed, and how.',
    removeHead: 'Takes the dialog off the screen, remembering it until focus goes back.',
    emitRestoreFocus: 'Puts focus back on the element that opened the dialog.',
    forgetClosing: 'Forgets the dialog that just closed.',
  },
};
