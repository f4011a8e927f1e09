// Where the business will be, on the select-initiative step (spec §4 "Search form (select office)",
// widened: docs/architecture.md "Deviations from the spec"): the municipality of the activity, kept
// in the request's `municipalityId`, and an office that serves it, whichever search found it. Free
// search lists every office, so an office chosen there is checked against the municipality (the
// offices serving it, asked with the office list's municipality filter); choosing another
// municipality drops an office that does not serve it. Area search chooses a municipality itself, and
// its offices are that municipality's: its choice fills the same field. The machine decides; the
// draft changes go to the step page as `change` emits (the page sends them to the draft machine).
// The server keeps the same rule on every save and at send (src/server/services/requests/references.ts).
import { assign, emit, setup } from 'xstate';
import type { Municipality, Suap } from '#shared/domain.ts';
import type { MachineInfo } from './support/machine-info.ts';
import { notProvided } from './support/not-provided.ts';

/** What the person is told after a choice: null when nothing needs saying. */
export type PlaceNotice = 'choose-municipality-first' | 'office-not-serving' | 'office-dropped' | 'check-failed';

/** The changes to the draft the page applies (spec §3 Request fields). */
export interface PlaceChanges {
  suap?: Suap | null;
  municipalityId?: number | null;
  municipality?: Municipality | null;
}

export interface ServesInput {
  suapId: number;
  municipalityId: number;
}

interface Context {
  notice: PlaceNotice | null;
  /** The office and municipality of the notice (for its text). */
  officeName: string | null;
  municipalityName: string | null;
  /** The check in flight: the office it is for and what a positive answer keeps. */
  pending: { suap: Suap; municipality: Municipality; choosing: boolean } | null;
}

type Event =
  /** The person chose the municipality of the activity; `office` is the draft's office, if any. */
  | { type: 'CHOOSE_MUNICIPALITY'; municipality: Municipality; office: Suap | null }
  /** An office chosen in free search; `municipality` is the draft's municipality of the activity, if any. */
  | { type: 'CHOOSE_OFFICE'; suap: Suap; municipality: Municipality | null }
  /** An office chosen in area search, with the municipality the search chose. */
  | { type: 'CHOOSE_IN_AREA'; suap: Suap; municipality: Municipality }
  | { type: 'DISMISS' };

export const activityPlaceMachine = setup({
  types: { context: {} as Context, events: {} as Event, emitted: {} as { type: 'change'; changes: PlaceChanges } },
  actors: {
    /** Whether the office serves the municipality; aborted with its invoke. */
    servesMunicipality: notProvided<boolean, ServesInput>('activityPlace', 'servesMunicipality'),
  },
  guards: {
    hasOffice: (_, params: { office: Suap | null }) => params.office !== null,
    hasMunicipality: (_, params: { municipality: Municipality | null }) => params.municipality !== null,
    wasChoosingOffice: ({ context }) => context.pending?.choosing === true,
    serves: (_, params: { serves: boolean }) => params.serves,
    servesChosenOffice: ({ context }, params: { serves: boolean }) => params.serves && context.pending?.choosing === true,
  },
  actions: {
    keepMunicipality: emit((_, params: { municipality: Municipality }) => ({
      type: 'change' as const,
      changes: { municipalityId: params.municipality.municipalityId, municipality: params.municipality },
    })),
    keepPlaceAndOffice: emit((_, params: { suap: Suap; municipality: Municipality }) => ({
      type: 'change' as const,
      changes: { suap: params.suap, municipalityId: params.municipality.municipalityId, municipality: params.municipality },
    })),
    keepPendingOffice: emit(({ context }) => ({ type: 'change' as const, changes: { suap: context.pending!.suap } })),
    dropOffice: emit({ type: 'change' as const, changes: { suap: null } }),
    checkOffice: assign((_, params: { suap: Suap; municipality: Municipality; choosing: boolean }) => ({
      pending: params,
      notice: null,
      officeName: null,
      municipalityName: null,
    })),
    tell: assign(({ context }, params: { notice: PlaceNotice }) => ({
      notice: params.notice,
      officeName: context.pending?.suap.name ?? null,
      municipalityName: context.pending?.municipality.nameIt ?? null,
      pending: null,
    })),
    askForMunicipality: assign({ notice: 'choose-municipality-first' as const, officeName: null, municipalityName: null }),
    forget: assign({ notice: null, officeName: null, municipalityName: null, pending: null }),
  },
}).createMachine({
  id: 'activityPlace',
  description: 'Select-initiative: the municipality of the activity and an office that serves it.',
  initial: 'idle',
  context: { notice: null, officeName: null, municipalityName: null, pending: null },
  on: {
    CHOOSE_MUNICIPALITY: [
      {
        guard: { type: 'hasOffice', params: ({ event }) => ({ office: event.office }) },
        target: '.checking',
        reenter: true,
        actions: [
          { type: 'keepMunicipality', params: ({ event }) => ({ municipality: event.municipality }) },
          { type: 'checkOffice', params: ({ event }) => ({ suap: event.office!, municipality: event.municipality, choosing: false }) },
        ],
      },
      {
        target: '.idle',
        actions: [{ type: 'keepMunicipality', params: ({ event }) => ({ municipality: event.municipality }) }, 'forget'],
      },
    ],
    CHOOSE_OFFICE: [
      {
        guard: { type: 'hasMunicipality', params: ({ event }) => ({ municipality: event.municipality }) },
        target: '.checking',
        reenter: true,
        actions: { type: 'checkOffice', params: ({ event }) => ({ suap: event.suap, municipality: event.municipality!, choosing: true }) },
      },
      { target: '.idle', actions: 'askForMunicipality' },
    ],
    CHOOSE_IN_AREA: {
      target: '.idle',
      actions: [{ type: 'keepPlaceAndOffice', params: ({ event }) => ({ suap: event.suap, municipality: event.municipality }) }, 'forget'],
    },
    DISMISS: { target: '.idle', actions: 'forget' },
  },
  states: {
    idle: { description: 'Nothing to check: the last notice, if any, is shown.' },
    checking: {
      description: 'Asking whether the office serves the municipality; a newer choice cancels the question.',
      invoke: {
        id: 'servesMunicipality',
        src: 'servesMunicipality',
        input: ({ context }) => ({ suapId: context.pending!.suap.suapId, municipalityId: context.pending!.municipality.municipalityId }),
        onDone: [
          {
            guard: { type: 'servesChosenOffice', params: ({ event }) => ({ serves: event.output }) },
            target: 'idle',
            actions: ['keepPendingOffice', 'forget'],
          },
          { guard: { type: 'serves', params: ({ event }) => ({ serves: event.output }) }, target: 'idle', actions: 'forget' },
          { guard: 'wasChoosingOffice', target: 'idle', actions: { type: 'tell', params: { notice: 'office-not-serving' } } },
          { target: 'idle', actions: ['dropOffice', { type: 'tell', params: { notice: 'office-dropped' } }] },
        ],
        onError: { target: 'idle', actions: { type: 'tell', params: { notice: 'check-failed' } } },
      },
    },
  },
});

export const activityPlaceMachineInfo: MachineInfo<typeof activityPlaceMachine> = {
  id: 'activityPlace',
  machine: activityPlaceMachine,
  title: 'Municipality of the activity',
  purpose:
    'Keeps the municipality where the business will be and an office that serves it on the "select initiative" step, whichever search found the office. ' +
    'Choosing the municipality keeps it; if an office was already chosen, the machine asks whether that office serves the new municipality and drops it, ' +
    'saying so, when it does not. An office found by free search is kept only once the machine has checked that it serves the municipality ' +
    '(without a municipality the person is asked to name it first). An office found by area search serves the municipality that search chose, ' +
    'and that municipality becomes the municipality of the activity. A newer choice cancels a check in flight; a failed check keeps nothing new and says so.',
  guards: {
    hasOffice: 'The draft already names an office.',
    hasMunicipality: 'The draft already names the municipality of the activity.',
    wasChoosingOffice: 'The check was for an office the person just chose (not for the office the draft held when the municipality changed).',
    serves: 'The office serves the municipality.',
    servesChosenOffice: 'The office the person just chose serves the municipality.',
  },
  actions: {
    keepMunicipality: 'Puts the municipality of the activity in the draft.',
    keepPlaceAndOffice: 'Puts the office and the municipality area search chose in the draft.',
    keepPendingOffice: 'Puts the office just checked in the draft.',
    dropOffice: 'Takes the office out of the draft: it does not serve the new municipality.',
    checkOffice: 'Remembers the office and municipality to check and clears the last notice.',
    tell: 'Shows a notice (office not serving, office dropped, check failed) naming the office and the municipality.',
    askForMunicipality: 'Asks the person to name the municipality of the activity before choosing an office.',
    forget: 'Clears the notice and the check.',
  },
};
