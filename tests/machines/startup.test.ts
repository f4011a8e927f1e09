// One system of actors (docs/machines/README.md), the enrolment's part: the startup machine runs the real draft and
// enrolment machines (their HTTP held by gates) and carries the rules between them that used to be a
// React hook: completed saves, new drafts, sent requests and reopened drafts reach the steps; edits
// typed before a reload are put back only on the version they were typed on; a step page with no
// draft goes to the process entry; dialogs, pages and storage writes go out to the app's adapters.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, setup, type AnyActorRef, type AnyEventObject } from 'xstate';
import { draftMachine, selectDraft } from '#machines/draft.ts';
import { DRAFT_STORAGE_KEY, encodeDraft } from '#machines/draft/rules.ts';
import { selectStatus } from '#machines/enrolment.ts';
import { SENT_REQUEST_KEY, startupMachine } from '#machines/startup.ts';
import { relay } from '#machines/support/relay.ts';
import { StepStatus } from '#shared/constants.ts';
import type { Suap } from '#shared/domain.ts';
import { completeDraft, createdDraft, earlierDraft, contact, requestUser, sentRequest } from './fixtures/requests.ts';
import { createGates } from './support/gates.ts';

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The startup pages open on `url`, the tab holding `stored` under the draft key and `sent` as its "sent" marker. */
async function opened(url: string, stored: string | null = null, sent: string | null = null) {
  const gates = createGates(draftMachine);
  const writes: Array<{ key: string; value: string | null }> = [];
  const portals: string[] = [];
  const offices: Suap[] = [];
  const machine = startupMachine.provide({
    actors: {
      draft: draftMachine.provide({ actors: gates.actors }),
      readStoredDraft: fromPromise(async ({ input }: { input: { key: string } }) => (input.key === SENT_REQUEST_KEY ? sent : stored)),
    },
    actions: {
      writeStorage: (_, params) => void writes.push(params),
      keepSelectedOffice: (_, params) => void offices.push(params.suap),
      openExternalPortal: (_, params) => void portals.push(params.url),
    },
  });
  const actor = createActor(machine, { input: { user: requestUser, url } });
  const emitted: AnyEventObject[] = [];
  actor.on('*', (event) => void emitted.push(event));
  actor.start();
  const child = (systemId: 'draft' | 'enrolment'): AnyActorRef => {
    const ref = actor.system.get(systemId) as AnyActorRef | undefined;
    if (!ref) throw new Error(`no ${systemId} in the system`);
    return ref;
  };
  const release = async (id: string, output: unknown) => {
    gates.release(id, output);
    await settle();
  };
  await settle();
  await release('loadPersistedDraft', stored);
  await settle();
  return {
    actor,
    gates,
    writes,
    portals,
    offices,
    release,
    draft: () => child('draft'),
    enrolment: () => child('enrolment'),
    navigations: () => emitted.filter((event) => event.type === 'navigate'),
    modals: () => emitted.filter((event) => event.type === 'modal').map((event) => event.modal as { kind: string }),
  };
}

type Opened = Awaited<ReturnType<typeof opened>>;
const statusOf = (startup: Opened, step: Parameters<typeof selectStatus>[1]) => selectStatus(startup.enrolment().getSnapshot(), step);
const draftOf = (startup: Opened) => selectDraft(startup.draft().getSnapshot());

describe('the startup machine runs the draft and the steps in one system', () => {
  it('registers the draft and the steps under their systemIds', async () => {
    const startup = await opened('/startup');
    expect(startup.draft().getSnapshot().machine.id).toBe('draft');
    expect(startup.enrolment().getSnapshot().machine.id).toBe('enrolment');
  });

  it('tells the steps the page on screen when it starts, and every page change (URL_CHANGED)', async () => {
    const startup = await opened('/startup');
    expect(startup.enrolment().getSnapshot().context.url).toBe('/startup');
    startup.actor.send({ type: 'URL_CHANGED', url: '/startup/notification-contacts' });
    expect(startup.enrolment().getSnapshot().context.url).toBe('/startup/notification-contacts');
    expect(startup.actor.getSnapshot().context.url).toBe('/startup/notification-contacts');
  });
});

describe('a new draft and its saves', () => {
  async function newDraft() {
    const startup = await opened('/startup');
    startup.draft().send({ type: 'ENTER', user: requestUser, requestId: null });
    await startup.release('listDrafts', []);
    return startup;
  }

  it('starts the steps over and opens the first step; the tab keeps the new draft', async () => {
    const startup = await newDraft();
    expect(statusOf(startup, 'initial-summary')).toBe(StepStatus.ENABLED);
    expect(statusOf(startup, 'notification-contacts')).toBe(StepStatus.TO_DO);
    expect(startup.navigations()).toEqual([{ type: 'navigate', to: '/startup/initial-summary', replace: true }]);
    expect(startup.writes.at(-1)).toEqual({ key: DRAFT_STORAGE_KEY, value: encodeDraft(draftOf(startup) ?? {}) });
  });

  it('completes the step a "continue" saved (COMPLETE_STEP) and enables the next', async () => {
    const startup = await newDraft();
    startup.enrolment().send({ type: 'COMPLETE_STEP' });
    startup.draft().send({ type: 'SAVE', step: 'notification-contacts', complete: true, changes: { procedureNotification: contact } });
    await startup.release('createRequest', createdDraft);
    expect(statusOf(startup, 'notification-contacts')).toBe(StepStatus.COMPLETE);
    expect(statusOf(startup, 'select-initiative')).toBe(StepStatus.ENABLED);
  });

  it('shows the draft-found dialog through the app (emitted modal), the draft keeping its answers', async () => {
    const startup = await opened('/startup');
    startup.draft().send({ type: 'ENTER', user: requestUser, requestId: null });
    await startup.release('listDrafts', [earlierDraft]);
    expect(startup.modals().map((modal) => modal.kind)).toEqual(['draftFound']);
  });
});

describe('a sent request', () => {
  it('locks every step but the thank-you page (SUBMITTED)', async () => {
    const startup = await opened('/startup/request-summary', encodeDraft({ requestId: completeDraft.requestId }));
    await startup.release('retrieveRequest', completeDraft);
    startup.draft().send({ type: 'DOCUMENTS_CHANGED', complete: true });
    startup.draft().send({ type: 'SUBMIT' });
    await startup.release('submitRequest', sentRequest);
    expect(statusOf(startup, 'personal-data')).toBe(StepStatus.READONLY);
    expect(statusOf(startup, 'thank-page')).toBe(StepStatus.ENABLED);
    expect(startup.writes.filter((write) => write.key === DRAFT_STORAGE_KEY).at(-1)).toEqual({ key: DRAFT_STORAGE_KEY, value: null });
  });
});

describe('a reload of a saved draft (the edits typed since its last save)', () => {
  const typed = { ...completeDraft, personalData: { firstName: 'Mariella', lastName: 'Rossi', fiscalCode: 'RSSMRA80C52H501X' } };

  it('re-checks the steps and puts the edits back when the server still has their version', async () => {
    const startup = await opened('/startup/personal-data', encodeDraft(typed));
    expect(startup.actor.getSnapshot().value).toBe('holdingEdits');
    await startup.release('retrieveRequest', completeDraft);
    expect(statusOf(startup, 'personal-data')).toBe(StepStatus.COMPLETE);
    expect(draftOf(startup)?.personalData).toEqual(typed.personalData);
    expect(startup.actor.getSnapshot().value).toBe('settled');
  });

  it('drops them when the server has a newer version: nothing is overwritten silently', async () => {
    const startup = await opened('/startup/personal-data', encodeDraft(typed));
    const newer = { ...completeDraft, version: completeDraft.version + 1 };
    await startup.release('retrieveRequest', newer);
    expect(draftOf(startup)?.personalData).toEqual(completeDraft.personalData);
    expect(startup.actor.getSnapshot().value).toBe('settled');
  });

  it('puts them back once only: a later re-check keeps what the draft holds', async () => {
    const startup = await opened('/startup/personal-data', encodeDraft(typed));
    await startup.release('retrieveRequest', completeDraft);
    // The process entry reopening the same request: fetched and re-checked again.
    startup.draft().send({ type: 'ENTER', user: requestUser, requestId: completeDraft.requestId });
    await startup.release('retrieveRequest', completeDraft);
    expect(draftOf(startup)?.personalData).toEqual(completeDraft.personalData);
  });
});

describe('a step page opened with no draft', () => {
  it('goes to the process entry, replacing the page', async () => {
    const startup = await opened('/startup/personal-data');
    expect(startup.navigations()).toEqual([{ type: 'navigate', to: '/startup', replace: true }]);
  });

  it('stays on the process entry itself and on the thank-you page', async () => {
    expect((await opened('/startup')).navigations()).toEqual([]);
    expect((await opened('/startup/thank-page')).navigations()).toEqual([]);
  });

  it('decides only at page load: a draft closed later leaves on its own', async () => {
    const startup = await opened('/startup/personal-data', encodeDraft({ requestId: completeDraft.requestId }));
    await startup.release('retrieveRequest', completeDraft);
    startup.draft().send({ type: 'ABORT' });
    startup.draft().send({ type: 'CONFIRM_ABORT' });
    expect(selectDraft(startup.draft().getSnapshot())).toBeNull();
    expect(startup.navigations().filter((event) => event.to === '/startup')).toEqual([]);
  });
});

describe('a step address typed after sending (the tab\'s "sent" marker)', () => {
  it('sending keeps the request number in the tab', async () => {
    const startup = await opened('/startup/request-summary', encodeDraft({ requestId: completeDraft.requestId }));
    await startup.release('retrieveRequest', completeDraft);
    startup.draft().send({ type: 'DOCUMENTS_CHANGED', complete: true });
    startup.draft().send({ type: 'SUBMIT' });
    await startup.release('submitRequest', sentRequest);
    expect(startup.writes).toContainEqual({ key: SENT_REQUEST_KEY, value: String(sentRequest.requestId) });
    expect(startup.actor.getSnapshot().context.sentRequestId).toBe(sentRequest.requestId);
  });

  it('a step page loaded with no draft after sending says it was sent (thank-you page), with its number, instead of the entry', async () => {
    const startup = await opened('/startup/personal-data', null, String(sentRequest.requestId));
    expect(startup.navigations()).toEqual([{ type: 'navigate', to: '/startup/thank-page', replace: true }]);
    expect(startup.actor.getSnapshot().context.sentRequestId).toBe(sentRequest.requestId);
    // Nothing was started unasked: no request list, no new draft.
    expect(startup.gates.calls.map((call) => call.id)).toEqual(['loadPersistedDraft']);
    expect(draftOf(startup)).toBeNull();
  });

  it('a marker that is not a request number counts as none: the entry, as before', async () => {
    const startup = await opened('/startup/personal-data', null, 'garbage');
    expect(startup.navigations()).toEqual([{ type: 'navigate', to: '/startup', replace: true }]);
  });

  it('the entry and the thank-you page are not step addresses: they stay', async () => {
    expect((await opened('/startup', null, '12')).navigations()).toEqual([]);
    expect((await opened('/startup/thank-page', null, '12')).navigations()).toEqual([]);
  });

  it('the thank-you page loaded again names the request the marker names (none without one)', async () => {
    expect((await opened('/startup/thank-page', null, '12')).actor.getSnapshot().context.sentRequestId).toBe(12);
    expect((await opened('/startup/thank-page')).actor.getSnapshot().context.sentRequestId).toBeNull();
    expect((await opened('/startup', null, '12')).actor.getSnapshot().context.sentRequestId).toBeNull();
  });

  it('a new draft (the offered new request) removes the marker', async () => {
    const startup = await opened('/startup/personal-data', null, String(sentRequest.requestId));
    startup.actor.send({ type: 'URL_CHANGED', url: '/startup' });
    startup.draft().send({ type: 'ENTER', user: requestUser, requestId: null });
    await startup.release('listDrafts', []);
    expect(startup.writes).toContainEqual({ key: SENT_REQUEST_KEY, value: null });
    expect(startup.actor.getSnapshot().context.sentRequestId).toBeNull();
  });

  it('a draft reopened removes it too; a tab without a marker writes nothing about it', async () => {
    const startup = await opened('/startup/personal-data', null, String(sentRequest.requestId));
    startup.draft().send({ type: 'ENTER', user: requestUser, requestId: completeDraft.requestId });
    await startup.release('retrieveRequest', completeDraft);
    expect(startup.writes).toContainEqual({ key: SENT_REQUEST_KEY, value: null });
    const plain = await opened('/startup', encodeDraft({ requestId: completeDraft.requestId }));
    await plain.release('retrieveRequest', completeDraft);
    expect(plain.writes.filter((write) => write.key === SENT_REQUEST_KEY)).toEqual([]);
  });
});

describe('the one-stop-shop dialog’s answers', () => {
  it('opens an external office’s own portal', async () => {
    const startup = await opened('/startup/select-initiative');
    startup.actor.send({ type: 'OPEN_EXTERNAL_PORTAL', url: 'https://suap.example.org' });
    expect(startup.portals).toEqual(['https://suap.example.org']);
  });

  it('keeps an internal office and goes to the process entry', async () => {
    const startup = await opened('/startup');
    const office: Suap = { suapId: 9, name: 'SUAP Milano', pec: 'suap@pec.milano.it', type: 'INT', url: null };
    startup.actor.send({ type: 'USE_INTERNAL_OFFICE', suap: office });
    expect(startup.offices).toEqual([office]);
    expect(startup.navigations()).toEqual([{ type: 'navigate', to: '/startup', replace: false }]);
  });
});

describe('the relay', () => {
  it('sends its parent what the actor it names emits, as <systemId>.<event>', async () => {
    const received: AnyEventObject[] = [];
    const talker = fromCallback<AnyEventObject, undefined, AnyEventObject>(({ emit, receive }) =>
      receive((event) => emit({ type: 'said', words: event.words })),
    );
    const parent = setup({ actors: { talker, relay } }).createMachine({
      invoke: [
        { id: 'talker', systemId: 'talker', src: 'talker' },
        { src: 'relay', input: { systemId: 'talker' } },
      ],
      on: { '*': { actions: ({ event }) => void received.push(event) } },
    });
    const actor = createActor(parent).start();
    (actor.system.get('talker') as AnyActorRef).send({ type: 'SAY', words: 'ciao' });
    expect(received).toEqual([{ type: 'talker.said', words: 'ciao' }]);
  });

  it('fails loudly when no actor has the systemId it names', () => {
    const parent = setup({ actors: { relay } }).createMachine({ invoke: { src: 'relay', input: { systemId: 'nobody' } } });
    const actor = createActor(parent);
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => void errors.push(error) });
    actor.start();
    expect(String(errors[0])).toContain("no actor with systemId 'nobody'");
  });
});
