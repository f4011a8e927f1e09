// The residence combobox's list: the municipalities whose name contains what the person typed, from
// the portal's ISTAT list (spec §7 "Master data", docs/architecture.md "The citizen's journey with
// real data"). A machine so the combobox never calls HTTP: typing waits a moment (no call per
// keystroke), a newer text cancels the call in flight (a late answer never replaces a fresher one),
// and a failed call leaves an empty list with `failed` set. The search itself is provided
// (src/web/actors/enrolment.ts).
import { assign, setup } from 'xstate';
import { MUNICIPALITY_FILTER_MIN } from '#shared/api/master-data.ts';
import { Timings } from '#shared/constants.ts';
import type { Municipality } from '#shared/domain.ts';
import { Patterns } from '#shared/patterns.ts';
import type { MachineInfo } from './support/machine-info.ts';
import { notProvided } from './support/not-provided.ts';

/** Whether a text is worth asking about: long enough and a possible place name. */
export function isSearchable(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length >= MUNICIPALITY_FILTER_MIN && Patterns.placeName.test(trimmed);
}

interface Context {
  text: string;
  results: Municipality[];
  failed: boolean;
}

export const municipalitySearchMachine = setup({
  types: { context: {} as Context, events: {} as { type: 'TYPE'; text: string } },
  actors: {
    /** The municipalities whose name contains `text`; aborted with its invoke. */
    search: notProvided<Municipality[], { text: string }>('municipalitySearch', 'search'),
  },
  guards: {
    searchable: (_, params: { text: string }) => isSearchable(params.text),
  },
  actions: {
    keepText: assign((_, params: { text: string }) => ({ text: params.text.trim() })),
    clearResults: assign((_, params: { text: string }) => ({ text: params.text, results: [], failed: false })),
    showResults: assign((_, params: { results: Municipality[] }) => ({ results: params.results, failed: false })),
    showFailure: assign({ results: [], failed: true }),
  },
  delays: { pause: Timings.municipalityTypingPause },
}).createMachine({
  id: 'municipalitySearch',
  description: 'The residence combobox: the municipalities whose name contains the typed text.',
  initial: 'idle',
  context: { text: '', results: [], failed: false },
  on: {
    TYPE: [
      {
        guard: { type: 'searchable', params: ({ event }) => ({ text: event.text }) },
        target: '.waiting',
        reenter: true,
        actions: { type: 'keepText', params: ({ event }) => ({ text: event.text }) },
      },
      { target: '.idle', actions: { type: 'clearResults', params: ({ event }) => ({ text: event.text }) } },
    ],
  },
  states: {
    idle: { description: 'Showing the last results (none while the text is too short to search).' },
    waiting: { description: 'The person is typing: the call waits for a pause.', after: { pause: 'loading' } },
    loading: {
      description: 'Asking for the municipalities; a newer text cancels the call.',
      invoke: {
        id: 'search',
        src: 'search',
        input: ({ context }) => ({ text: context.text }),
        onDone: { target: 'idle', actions: { type: 'showResults', params: ({ event }) => ({ results: event.output }) } },
        onError: { target: 'idle', actions: 'showFailure' },
      },
    },
  },
});

export const municipalitySearchMachineInfo: MachineInfo<typeof municipalitySearchMachine> = {
  id: 'municipalitySearch',
  machine: municipalitySearchMachine,
  title: 'Residence municipality search',
  purpose:
    'Lists the municipalities whose name contains what the person types in the residence field, from the portal’s ISTAT list. ' +
    'It asks only once the text is long enough and could be a place name, and only after a short pause in the typing; ' +
    'a newer text cancels the question in flight, so a late answer never replaces a fresher one. A failed question leaves an empty list marked as failed.',
  guards: {
    searchable: 'The text is long enough and could be a place name.',
  },
  actions: {
    keepText: 'Keeps the typed text, without its surrounding spaces, as the one to ask about.',
    clearResults: 'Keeps the text and empties the list: nothing is asked for a text this short.',
    showResults: 'Shows the municipalities found.',
    showFailure: 'Empties the list and marks the question as failed.',
  },
};
