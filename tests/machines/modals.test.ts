// Modals (spec §2 "Modals", §9 timings): model-based paths plus one example per rule.
import { describe, expect, it } from 'vitest';
import { assign, createActor, setup, SimulatedClock, type AnyEventObject } from 'xstate';
import { Timings } from '#shared/constants.ts';
import { modalsMachine, selectCurrentModal, selectIsContentReady, type ModalReplies, type ModalRequest } from '#machines/modals.ts';
import { authFailedFo, modalsModel, revokeWarning } from './models/modals.model.ts';
import { defineModelSuite } from './support/harness.ts';

const ids = (queue: ReadonlyArray<{ id: string }>) => queue.map((modal) => modal.id);
const ofType = (emitted: readonly AnyEventObject[], type: string) => emitted.filter((event) => event.type === type);

defineModelSuite(modalsModel, {
  'only the head is visible': ({ after }) => {
    const showing = after.matches('showing');
    expect(selectCurrentModal(after)).toBe(showing ? after.context.queue[0] : null);
    if (showing) expect(after.context.queue.length).toBeGreaterThan(0);
    if (after.matches('idle')) expect(after.context.queue).toEqual([]);
  },
  'queue order is preserved': ({ event, before, after }) => {
    if (!before) return;
    const removedHead = (event.type === 'CLOSE' || event.type === 'ACTION') && before.matches('showing') && after.matches('closing');
    const kept = ids(before.context.queue).slice(removedHead ? 1 : 0);
    const now = ids(after.context.queue);
    expect(now.slice(0, kept.length)).toEqual(kept);
    expect(now.length - kept.length).toBe(event.type === 'OPEN' && now.length > kept.length ? 1 : 0);
  },
  'queued ids are unique': ({ after }) => {
    expect(new Set(ids(after.context.queue)).size).toBe(after.context.queue.length);
  },
  'closing keeps the modal that was at the head': ({ before, after }) => {
    if (before?.matches('showing') && after.matches('closing')) expect(after.context.closing).toBe(before.context.queue[0]);
  },
  'every close restores focus to its opener, once, after the focus poll': ({ event, before, emitted }) => {
    const restores = ofType(emitted, 'restoreFocus');
    if (before?.matches('closing') && event.type.startsWith('xstate.after.modalFocusPoll')) {
      expect(restores).toEqual([{ type: 'restoreFocus', openerId: before.context.closing?.openerId ?? null }]);
    } else {
      expect(restores).toEqual([]);
    }
  },
  'an action reports the head kind and the action': ({ event, before, emitted }) => {
    const actions = ofType(emitted, 'modalAction');
    if (event.type === 'ACTION' && before?.matches({ showing: 'ready' })) {
      const head = before.context.queue[0];
      expect(actions).toEqual([{ type: 'modalAction', modalId: head?.id, kind: head?.kind, action: event.action }]);
    } else {
      expect(actions).toEqual([]);
    }
  },
  'content is ready only after the content delay': ({ event, before, after }) => {
    if (selectIsContentReady(after) && !before?.matches({ showing: 'ready' })) {
      expect(event.type).toMatch(/^xstate\.after\.modalContentDelay\./);
    }
  },
});

function start() {
  const clock = new SimulatedClock();
  const modals = createActor(modalsMachine, { clock });
  const emitted: AnyEventObject[] = [];
  modals.on('*', (event) => emitted.push(event));
  modals.start();
  const open = (modal: ModalRequest) => modals.send({ type: 'OPEN', modal });
  return { modals, clock, emitted, open, current: () => selectCurrentModal(modals.getSnapshot()) };
}

describe('modals rules', () => {
  it('shows queued modals first in, first out', () => {
    const { modals, clock, open, current } = start();
    open({ kind: 'alert', titleKey: 'a' });
    open({ kind: 'draftFound', titleKey: 'b' });
    open({ kind: 'draftDelete', titleKey: 'c' });
    expect(current()?.titleKey).toBe('a');
    modals.send({ type: 'CLOSE', reason: 'escape' });
    expect(current()).toBeNull();
    clock.increment(Timings.modalFocusPoll);
    expect(current()?.titleKey).toBe('b');
    modals.send({ type: 'CLOSE', reason: 'overlay' });
    clock.increment(Timings.modalFocusPoll);
    expect(current()?.titleKey).toBe('c');
  });

  it('creates the content after the content delay, not before', () => {
    const { modals, clock, open } = start();
    open(revokeWarning);
    clock.increment(Timings.modalContentDelay - 1);
    expect(selectIsContentReady(modals.getSnapshot())).toBe(false);
    clock.increment(1);
    expect(selectIsContentReady(modals.getSnapshot())).toBe(true);
  });

  it('returns focus to the opener after the focus poll', () => {
    const { modals, clock, emitted, open } = start();
    open(revokeWarning);
    modals.send({ type: 'CLOSE', reason: 'closeButton' });
    clock.increment(Timings.modalFocusPoll - 1);
    expect(ofType(emitted, 'restoreFocus')).toEqual([]);
    clock.increment(1);
    expect(ofType(emitted, 'restoreFocus')).toEqual([{ type: 'restoreFocus', openerId: 'logout-button' }]);
    expect(modals.getSnapshot().matches('idle')).toBe(true);
  });

  it('reports the chosen action with the modal kind and removes the modal', () => {
    const { modals, clock, emitted, open, current } = start();
    open(authFailedFo);
    modals.send({ type: 'ACTION', action: 'login' });
    expect(ofType(emitted, 'modalAction')).toEqual([]); // no buttons before the content exists
    clock.increment(Timings.modalContentDelay);
    modals.send({ type: 'ACTION', action: 'login' });
    expect(ofType(emitted, 'modalAction')).toEqual([{ type: 'modalAction', modalId: 'auth-failed-FO', kind: 'authFailed', action: 'login' }]);
    expect(current()).toBeNull();
  });

  it('queues a modal with a stable id once', () => {
    const { modals, open } = start();
    open(revokeWarning);
    open(authFailedFo);
    open(authFailedFo);
    expect(modals.getSnapshot().context.queue.map((modal) => modal.kind)).toEqual(['alert', 'authFailed']);
  });

  it('closes on overlay, close button, Escape and action', () => {
    for (const reason of ['overlay', 'closeButton', 'escape', 'action'] as const) {
      const { modals, emitted, open } = start();
      open(revokeWarning);
      modals.send({ type: 'CLOSE', reason });
      expect(ofType(emitted, 'modalClosed')).toEqual([{ type: 'modalClosed', modalId: 'modal-1', kind: 'alert', reason }]);
    }
  });
});

// Replies travel through the actor system: a host machine invokes the modals machine and an opener
// (systemIds 'modals' and 'opener'), as the app's root machine does; the opener records what it gets.
type OpenerEvent = { type: 'CHOSEN'; choice: string } | { type: 'DISMISSED' };
const opener = setup({ types: { context: {} as { received: OpenerEvent[] }, events: {} as OpenerEvent } }).createMachine({
  context: { received: [] },
  on: { '*': { actions: assign(({ context, event }) => ({ received: [...context.received, event] })) } },
});
const host = setup({ actors: { modals: modalsMachine, opener } }).createMachine({
  type: 'parallel',
  states: {
    modals: { invoke: { src: 'modals', systemId: 'modals' } },
    opener: { invoke: { src: 'opener', systemId: 'opener' } },
  },
});
const replies: ModalReplies<OpenerEvent> = {
  to: 'opener',
  actions: { confirm: { type: 'CHOSEN', choice: 'confirm' }, cancel: { type: 'CHOSEN', choice: 'cancel' } },
  dismissed: { type: 'DISMISSED' },
};
const confirmModal: ModalRequest = { kind: 'boLogoutConfirm', titleKey: 'modals.bo-logout.title', replies };

function startHost() {
  const clock = new SimulatedClock();
  const actor = createActor(host, { clock }).start();
  const modals = actor.system.get('modals') as ReturnType<typeof createActor<typeof modalsMachine>>;
  const received = () => (actor.system.get('opener') as ReturnType<typeof createActor<typeof opener>>).getSnapshot().context.received;
  const open = (modal: ModalRequest) => {
    modals.send({ type: 'OPEN', modal });
    clock.increment(Timings.modalContentDelay);
  };
  return { actor, modals, clock, received, open };
}

describe('modal replies', () => {
  it('sends the opener the event its request declared for the pressed button, once', () => {
    const { modals, received, open } = startHost();
    open(confirmModal);
    modals.send({ type: 'ACTION', action: 'confirm' });
    expect(received()).toEqual([{ type: 'CHOSEN', choice: 'confirm' }]);
  });

  it('sends the dismissal event on every close that is not a choice', () => {
    for (const reason of ['overlay', 'closeButton', 'escape', 'action'] as const) {
      const { modals, received, open } = startHost();
      open(confirmModal);
      modals.send({ type: 'CLOSE', reason });
      expect(received()).toEqual([{ type: 'DISMISSED' }]);
    }
  });

  it('answers for the modal at the head, not for the ones still queued', () => {
    const { modals, clock, received, open } = startHost();
    open(confirmModal);
    const second: ModalReplies<OpenerEvent> = { ...replies, actions: { confirm: { type: 'CHOSEN', choice: 'second' } } };
    open({ ...confirmModal, id: 'second', replies: second });
    modals.send({ type: 'ACTION', action: 'confirm' });
    clock.increment(Timings.modalFocusPoll);
    clock.increment(Timings.modalContentDelay);
    modals.send({ type: 'ACTION', action: 'confirm' });
    expect(received()).toEqual([
      { type: 'CHOSEN', choice: 'confirm' },
      { type: 'CHOSEN', choice: 'second' },
    ]);
  });

  it('sends nothing for a button without a declared event, a modal without replies, or a recipient that is gone', () => {
    const { modals, clock, received, open } = startHost();
    open({ ...confirmModal, replies: { to: 'opener' } });
    modals.send({ type: 'ACTION', action: 'confirm' });
    clock.increment(Timings.modalFocusPoll);
    open({ kind: 'alert', titleKey: 'a' });
    modals.send({ type: 'CLOSE', reason: 'escape' });
    clock.increment(Timings.modalFocusPoll);
    open({ ...confirmModal, replies: { ...replies, to: 'nobody' } });
    modals.send({ type: 'ACTION', action: 'confirm' });
    expect(received()).toEqual([]);
    // Not sent to the modals machine itself either (xstate's sendTo falls back to self without a target).
    expect(modals.getSnapshot().status).toBe('active');
    expect(modals.getSnapshot().matches('closing')).toBe(true);
  });

  it('keeps the request serialisable: the queued modal holds the replies as plain data', () => {
    const { modals, open } = startHost();
    open(confirmModal);
    const queued = modals.getSnapshot().context.queue[0];
    expect(JSON.parse(JSON.stringify(queued))).toEqual(queued);
    expect(queued?.replies).toEqual(replies);
  });
});
