// Spec §4 "Spinner": shown per request id, visible while at least one request is active. The app
// reports each HTTP call's start and end; ids make a repeated report or a stray end harmless.
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { MachineInfo } from './support/machine-info.ts';

export interface SpinnerContext {
  /** Ids of the requests in flight, without duplicates, in start order. */
  active: readonly string[];
}

export type SpinnerEvent = { type: 'REQUEST_STARTED'; requestId: string } | { type: 'REQUEST_ENDED'; requestId: string };

export const spinnerMachine = setup({
  types: {
    context: {} as SpinnerContext,
    events: {} as SpinnerEvent,
  },
  guards: {
    endsLastRequest: ({ context }, params: { requestId: string }) => context.active.length > 0 && context.active.every((id) => id === params.requestId),
  },
  actions: {
    // The same id twice counts once: a retried or re-reported call keeps a single entry.
    track: assign(({ context }, params: { requestId: string }) => ({
      active: context.active.includes(params.requestId) ? context.active : [...context.active, params.requestId],
    })),
    // Ending an unknown id leaves the list as it was.
    untrack: assign(({ context }, params: { requestId: string }) => ({
      active: context.active.filter((id) => id !== params.requestId),
    })),
  },
}).createMachine({
  id: 'spinner',
  description: 'Spinner visibility from the requests in flight.',
  initial: 'hidden',
  context: { active: [] },
  states: {
    hidden: {
      description: 'No request in flight.',
      on: {
        REQUEST_STARTED: { target: 'visible', actions: { type: 'track', params: ({ event }) => ({ requestId: event.requestId }) } },
      },
    },
    visible: {
      description: 'At least one request in flight.',
      on: {
        REQUEST_STARTED: { actions: { type: 'track', params: ({ event }) => ({ requestId: event.requestId }) } },
        REQUEST_ENDED: [
          {
            guard: { type: 'endsLastRequest', params: ({ event }) => ({ requestId: event.requestId }) },
            target: 'hidden',
            actions: { type: 'untrack', params: ({ event }) => ({ requestId: event.requestId }) },
          },
          { actions: { type: 'untrack', params: ({ event }) => ({ requestId: event.requestId }) } },
        ],
      },
    },
  },
});

export function selectIsSpinnerVisible(snapshot: SnapshotFrom<typeof spinnerMachine>): boolean {
  return snapshot.matches('visible');
}

export const spinnerMachineInfo: MachineInfo<typeof spinnerMachine> = {
  id: 'spinner',
  machine: spinnerMachine,
  title: 'Spinner',
  purpose:
    'Decides when the page-wide loading indicator is visible. Every call to the server is reported when it ' +
    'starts and when it ends, each with its own id; the indicator shows while at least one call is still ' +
    'running. Reporting the same call twice counts once, and the end of a call the machine never saw ' +
    'start changes nothing, so a late or duplicated report cannot leave the spinner stuck on or off.',
  guards: {
    endsLastRequest: 'The call that ended is the only one still running.',
  },
  actions: {
    track: 'Adds the call to the calls running (a call already counted is not counted twice).',
    untrack: 'Removes the call from the calls running (an unknown call changes nothing).',
  },
};
