// The residence combobox's list (issue #14.1): the municipalities whose name contains what the
// person typed, from the portal's ISTAT list (GET municipality list with `filter`). A small machine
// so the screen never calls HTTP: typing waits a moment (no call per keystroke), a newer text
// cancels the call in flight (a late answer never replaces a fresher one), and a failed call leaves
// an empty list with `failed` set.
import { assign, fromPromise, setup } from 'xstate';
import { MUNICIPALITY_FILTER_MIN, type MunicipalityListResponse } from '../../shared/api/master-data.ts';
import { ApiPaths } from '../../shared/api/paths.ts';
import type { Municipality } from '../../shared/domain.ts';
import { Patterns } from '../../shared/patterns.ts';
import { api } from '../api/client.ts';

/** Typing pause before a call. */
const TYPING_PAUSE_MS = 250;

export function searchMunicipalities(filter: string, signal?: AbortSignal): Promise<Municipality[]> {
  return api
    .get<MunicipalityListResponse>(ApiPaths.municipalityList, { params: { filter }, signal })
    .then((response) => response.data.municipalityList);
}

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
    search: fromPromise(({ input, signal }: { input: { text: string }; signal: AbortSignal }) => searchMunicipalities(input.text, signal)),
  },
  guards: {
    searchable: (_, params: { text: string }) => isSearchable(params.text),
  },
  delays: { pause: TYPING_PAUSE_MS },
}).createMachine({
  id: 'municipalitySearch',
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
    idle: {},
    waiting: { after: { pause: 'loading' } },
    loading: {
      invoke: {
        src: 'search',
        input: ({ context }) => ({ text: context.text }),
        onDone: { target: 'idle', actions: assign({ results: ({ event }) => event.output, failed: false }) },
        onError: { target: 'idle', actions: assign({ results: [], failed: true }) },
      },
    },
  },
});
