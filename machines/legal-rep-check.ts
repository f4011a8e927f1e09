// Spec §7 check-legal-rep on the personal-data step (docs/architecture.md "Who the business is"):
// whether the register names the signed-in person as the company's legal representative, asked as
// soon as the step names a company, the role "legal representative" and a VAT number with a valid
// check digit, and shown on the step before the request is sent. The server asks again at send,
// with the verified identity; this answer only tells the person early. The call is provided
// (src/web/actors/legal-representatives.ts).
import { assign, setup } from 'xstate';
import type { MachineInfo } from './support/machine-info.ts';
import { notProvided } from './support/not-provided.ts';

export interface LegalRepQuestion {
  /** The signed-in person's fiscal code (the server answers only for the caller). */
  cfPersona: string;
  /** The company's VAT number, its fiscal code. */
  cfImpresa: string;
}

/** The register's answer: OK, KO, or OK recording a self-declaration where no register is configured. */
export interface LegalRepAnswer {
  esito: 'OK' | 'KO';
  declared?: boolean;
}

interface Context {
  /** The company last asked about, or null. */
  asked: LegalRepQuestion | null;
}

type Event = { type: 'CHECK'; question: LegalRepQuestion } | { type: 'RESET' };

export const legalRepCheckMachine = setup({
  types: { context: {} as Context, events: {} as Event },
  actors: {
    /** Spec §7 check-legal-rep for the question. */
    check: notProvided<LegalRepAnswer, LegalRepQuestion>('legalRepCheck', 'check'),
  },
  guards: {
    isSameQuestion: ({ context, event }) =>
      event.type === 'CHECK' && context.asked?.cfImpresa === event.question.cfImpresa && context.asked.cfPersona === event.question.cfPersona,
    isConfirmed: (_, params: { answer: LegalRepAnswer }) => params.answer.esito === 'OK' && !params.answer.declared,
    isDeclared: (_, params: { answer: LegalRepAnswer }) => params.answer.esito === 'OK' && Boolean(params.answer.declared),
  },
  actions: {
    rememberQuestion: assign((_, params: { question: LegalRepQuestion }) => ({ asked: params.question })),
    forgetQuestion: assign({ asked: null }),
  },
}).createMachine({
  id: 'legalRepCheck',
  description: 'Whether the register names the signed-in person as the legal representative of the company on the personal-data step.',
  initial: 'idle',
  context: { asked: null },
  on: {
    CHECK: [{ guard: 'isSameQuestion' }, { target: '.checking', actions: { type: 'rememberQuestion', params: ({ event }) => ({ question: event.question }) } }],
    RESET: { target: '.idle', actions: 'forgetQuestion' },
  },
  states: {
    idle: { description: 'Nothing to check: no company, another role, or no valid VAT number yet.' },
    checking: {
      description: 'Asking the register.',
      invoke: {
        id: 'check',
        src: 'check',
        input: ({ context }) => context.asked!,
        onDone: [
          { guard: { type: 'isConfirmed', params: ({ event }) => ({ answer: event.output }) }, target: 'confirmed' },
          { guard: { type: 'isDeclared', params: ({ event }) => ({ answer: event.output }) }, target: 'declared' },
          { target: 'refused' },
        ],
        onError: { target: 'failed' },
      },
    },
    confirmed: { description: 'The register names the person as the company’s legal representative (esito OK).' },
    declared: { description: 'No register is configured: the person’s self-declaration (DPR 445/2000) stands, not verified.' },
    refused: { description: 'The register does not name the person (esito KO): the request cannot be sent as its legal representative.' },
    failed: {
      description: 'The register could not be asked: the same question may be asked again.',
      on: { CHECK: { target: 'checking', actions: { type: 'rememberQuestion', params: ({ event }) => ({ question: event.question }) } } },
    },
  },
});

export const legalRepCheckMachineInfo: MachineInfo<typeof legalRepCheckMachine> = {
  id: 'legalRepCheck',
  machine: legalRepCheckMachine,
  title: 'Legal-representative check (personal data)',
  purpose:
    'Asks the register (spec §7 check-legal-rep) whether the signed-in person is the legal representative of the company named on the personal-data step, ' +
    'as soon as the step names a company, that role and a VAT number whose check digit holds, and shows the answer there. ' +
    'The same question is not asked twice; a failed one may be asked again. The server asks again when the request is sent.',
  guards: {
    isSameQuestion: 'The person and the company are the ones last asked about: the answer on screen stands.',
    isConfirmed: 'The register answered OK.',
    isDeclared: 'The answer is OK because no register is configured: a self-declaration, not a verification.',
  },
  actions: {
    rememberQuestion: 'Keeps the person and company being asked about.',
    forgetQuestion: 'Forgets the last question: nothing is to be checked now.',
  },
};
