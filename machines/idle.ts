// The back office's idle sign-out (docs/architecture.md "Back-office idle sign-out"): while a staff
// member is logged in, a timer runs for the configured idle time (BO_IDLE_MINUTES, served in the
// public configuration), and any activity of theirs starts it again. When it runs out, the login
// machine (the parent that invokes this one in `loggedIn`) is told IDLE_TIMEOUT and signs them out.
// The timer is a named delay, so tests step it with a simulated clock; reading the configuration is
// an actor the app provides, and activity is reported by a browser adapter
// (src/web/auth/use-idle-activity.ts), which finds it among the login machine's children.
import { assign, sendParent, setup } from 'xstate';
import { DEFAULT_BO_IDLE_MINUTES } from '#shared/constants.ts';
import type { Area } from './auth/types.ts';
import type { MachineInfo } from './support/machine-info.ts';
import { notProvided } from './support/not-provided.ts';

/** The id of this machine among the login machine's children: the activity adapter sends ACTIVITY there. */
export const IDLE_ACTOR_ID = 'idle';

export interface IdleInput {
  /** The logged user's area: only staff (BO) are signed out when idle. */
  area: Area;
}

export interface IdleContext {
  area: Area;
  /** Minutes without activity before sign-out: the configured value once read, the default until then. */
  minutes: number;
}

export type IdleEvent =
  /** The person did something on the page (a key, a click, a touch, a scroll of the wheel). */
  { type: 'ACTIVITY' };

export const idleMachine = setup({
  types: {
    context: {} as IdleContext,
    events: {} as IdleEvent,
    input: {} as IdleInput,
  },
  actors: {
    /** The idle time of the public configuration, in minutes (BO_IDLE_MINUTES). */
    loadIdleMinutes: notProvided<number, void>('idle', 'loadIdleMinutes'),
  },
  delays: {
    backOfficeIdle: ({ context }) => context.minutes * 60_000,
  },
  guards: {
    isBackOffice: ({ context }) => context.area === 'BO',
  },
  actions: {
    useConfiguredMinutes: assign((_, params: { minutes: number }) => ({
      minutes: Number.isInteger(params.minutes) && params.minutes > 0 ? params.minutes : DEFAULT_BO_IDLE_MINUTES,
    })),
    signOutIdle: sendParent({ type: 'IDLE_TIMEOUT' }),
  },
}).createMachine({
  id: 'idle',
  description: 'Signs staff out after the configured time without activity.',
  context: ({ input }) => ({ area: input.area, minutes: DEFAULT_BO_IDLE_MINUTES }),
  initial: 'choosing',
  states: {
    choosing: {
      description: 'Only staff are signed out when idle; citizens are not watched.',
      always: [{ guard: 'isBackOffice', target: 'loading' }, { target: 'off' }],
    },
    off: {
      description: 'A citizen is logged in: no timer runs.',
    },
    loading: {
      description: 'Reading the idle time from the public configuration.',
      invoke: {
        id: 'loadIdleMinutes',
        src: 'loadIdleMinutes',
        onDone: { target: 'watching', actions: { type: 'useConfiguredMinutes', params: ({ event }) => ({ minutes: event.output }) } },
        // Without the configuration the default (30 minutes) still protects an unattended desk.
        onError: { target: 'watching' },
      },
    },
    watching: {
      description: 'The timer runs; any activity starts it again.',
      after: { backOfficeIdle: { target: 'timedOut', actions: 'signOutIdle' } },
      on: { ACTIVITY: { target: 'watching', reenter: true } },
    },
    timedOut: {
      description: 'The idle time ran out: the login machine was told to sign the staff member out.',
    },
  },
});

export const idleMachineInfo: MachineInfo<typeof idleMachine> = {
  id: 'idle',
  machine: idleMachine,
  title: 'Back-office idle sign-out',
  purpose:
    'While a staff member is logged in to the back office, counts the time since they last did something on ' +
    'the page (a key, a click, a touch). After the idle time the administration configured (BO_IDLE_MINUTES, ' +
    '30 minutes unless set) the login machine signs them out, keeping what they had typed for their own ' +
    'return. Citizens are never signed out for being idle. Noticing activity stays with the app.',
  guards: {
    isBackOffice: 'The logged user is a staff member (back office).',
  },
  actions: {
    useConfiguredMinutes: 'Takes the idle time from the public configuration (the default if it is not a positive whole number).',
    signOutIdle: 'Tells the login machine that the idle time ran out.',
  },
};
