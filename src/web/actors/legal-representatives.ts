// The legal-representative check's real call (machines/legal-rep-check.ts), handed in with
// `machine.provide()`: spec §7 check-legal-rep through the adapter of src/web/api.
import { fromPromise } from 'xstate';
import { legalRepCheckMachine, type LegalRepAnswer, type LegalRepQuestion } from '#machines/legal-rep-check.ts';
import { checkLegalRep } from '../api/legal-representatives.ts';

export function createLegalRepCheckLogic() {
  return legalRepCheckMachine.provide({
    actors: { check: fromPromise<LegalRepAnswer, LegalRepQuestion>(({ input, signal }) => checkLegalRep(input, signal)) },
  });
}
