// Spec §2 service page (docs/machines/README.md): does the logged citizen already have a startup request in
// draft? The login box then says so and links to the private area instead of offering a new start.
// The check is the `listStartupRequests` actor the app provides (GET request/list with the citizen's
// user id and service type 1); the rule — a request in state 1 of service type 1 — is the guard.
// A failed check counts as "no draft": the start stays available and the enrolment flow finds the
// draft itself. Nobody to check for an anonymous visitor or staff (no citizen user id).
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { SuapRequest } from '#shared/api/requests.ts';
import { RequestState, STARTUP_SERVICE_TYPE_ID } from '#shared/constants.ts';
import { notProvided } from './support/not-provided.ts';
import type { MachineInfo } from './support/machine-info.ts';

export interface PendingDraftInput {
  /** The logged citizen's user id; null: an anonymous visitor or staff. */
  userId: number | null;
}

export interface PendingDraftContext {
  userId: number | null;
}

export type PendingDraftEvent = { type: 'USER_CHANGED'; userId: number | null };

/** Spec §2: a startup request (service type 1) still in draft (state 1). */
export function hasPendingDraft(requests: readonly SuapRequest[]): boolean {
  return requests.some(
    (request) => request.stateOfRequest.stateOfRequestId === RequestState.DRAFT && request.typeOfService.typeOfServiceId === STARTUP_SERVICE_TYPE_ID,
  );
}

export const pendingDraftMachine = setup({
  types: {
    context: {} as PendingDraftContext,
    events: {} as PendingDraftEvent,
    input: {} as PendingDraftInput,
  },
  actors: {
    /** The citizen's startup requests (every state); rejects on any failure. */
    listStartupRequests: notProvided<readonly SuapRequest[], { userId: number }>('pendingDraft', 'listStartupRequests'),
  },
  guards: {
    hasCitizen: ({ context }) => context.userId !== null,
    isAnotherUser: ({ context }, params: { userId: number | null }) => context.userId !== params.userId,
    hasStartupDraft: (_, params: { requests: readonly SuapRequest[] }) => hasPendingDraft(params.requests),
  },
  actions: {
    setUser: assign((_, params: { userId: number | null }) => ({ userId: params.userId })),
  },
}).createMachine({
  id: 'pendingDraft',
  description: "Whether the logged citizen already has a startup request in draft (the service page's login box).",
  initial: 'choosing',
  context: ({ input }) => ({ userId: input.userId }),
  on: {
    USER_CHANGED: {
      guard: { type: 'isAnotherUser', params: ({ event }) => ({ userId: event.userId }) },
      target: '.choosing',
      actions: { type: 'setUser', params: ({ event }) => ({ userId: event.userId }) },
    },
  },
  states: {
    choosing: {
      description: 'Is there a citizen to check for?',
      always: [{ guard: 'hasCitizen', target: 'checking' }, { target: 'nobody' }],
    },
    nobody: {
      description: 'Nobody to check for (anonymous visitor or staff): the box offers login or says staff have no requests.',
    },
    checking: {
      description: 'Listing the citizen\'s startup requests: the box says "checking".',
      invoke: {
        id: 'listStartupRequests',
        src: 'listStartupRequests',
        input: ({ context }) => ({ userId: context.userId! }),
        onDone: [{ guard: { type: 'hasStartupDraft', params: ({ event }) => ({ requests: event.output }) }, target: 'pending' }, { target: 'none' }],
        onError: { target: 'none' },
      },
    },
    pending: {
      description: 'A draft is open: the box says so and links to the private area.',
    },
    none: {
      description: 'No draft (or the check failed): the box offers to start the service.',
    },
  },
});

export type PendingDraftSnapshot = SnapshotFrom<typeof pendingDraftMachine>;
export type DraftCheck = 'idle' | 'checking' | 'pending' | 'none';

/** What the login box shows. */
export function selectDraftCheck(snapshot: PendingDraftSnapshot): DraftCheck {
  if (snapshot.matches('pending')) return 'pending';
  if (snapshot.matches('none')) return 'none';
  if (snapshot.matches('nobody')) return 'idle';
  return 'checking';
}

export const pendingDraftMachineInfo: MachineInfo<typeof pendingDraftMachine> = {
  id: 'pendingDraft',
  machine: pendingDraftMachine,
  title: 'Draft already open (service page)',
  purpose:
    "Decides what the service page's login box offers a logged citizen: if they already have a " +
    'startup request in draft, the box says so and links to the private area; otherwise it offers to ' +
    'start the service. A check that fails counts as "no draft" (the start stays available; the ' +
    'wizard finds the draft itself). Nothing is checked for a visitor who is not logged in or for staff; ' +
    'another person logging in is checked again.',
  guards: {
    hasCitizen: 'A citizen is logged in (their user id is known).',
    isAnotherUser: 'The person logged in changed (login, logout or another person).',
    hasStartupDraft: 'Among the requests listed, one is a startup request (service type 1) still in draft (state 1).',
  },
  actions: {
    setUser: 'Remembers who is logged in now.',
  },
};
