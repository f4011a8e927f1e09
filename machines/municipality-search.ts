// The residence combobox's list: the municipalities whose name contains what the person typed, from
// the portal's ISTAT list (spec §7 "Master data", docs/architecture.md "The citizen's journey with
// real data"). A machine so the combobox never calls HTTP: typing waits a moment (no call per
// keystroke), a newer text cancels the call in flight (a late answer never replaces a fresher one),
// and a failed call leaves an empty list with `failed` set. The search itself is provided
// (src/web/actors/enrolment.ts).
import { assign, setup } from 'xstate';
import { MUNICIPALITY_FILTER_MIN } from '../src/shared/api/master-data.ts';
import type { Municipality } from '../src/shared/domain.ts';
import { Patterns } from '../src/shared/patterns.ts';
import { notProvided } from './support/not-provided.ts';

/** Typing pause before a call. */
const TYPING_PAUSE_MS = 250;

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
  delays: { pause: TYPING_PAUSE_MS },
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
        actions: assign({ text: ({ event }) => event.text.trim() }),
      },
      { target: '.idle', actions: assign({ text: ({ event }) => event.text, results: [], failed: false }) },
    ],
  },
  states: {
    idle: { description: 'Showing the last results (none while the text is too short to search).' },
    waiting: { description: 'The person is typing: the call waits for a pause.', after: { pause: 'loading' } },
    loading: {
      description: 'Asking for the municipalities; a newer text cancels the call.',
      invoke: {
        src: 'search',
        input: ({ context }) => ({ text: context.text }),
        onDone: { target: 'idle', actions: assign({ results: ({ event }) => event.output, failed: false }) },
        onError: { target: 'idle', actions: assign({ results: [], failed: true }) },
      },
    },
  },
});
