// The withdrawal of the pratica on the citizen's details page (machines/pratica-withdrawal.ts), next
// to the details machine it hands the withdrawn pratica to. Besides the machine's state, it keeps
// focus where a keyboard or screen-reader user expects it: inside the dialog while it is open
// (react-aria), then on the outcome when the pratica was withdrawn, on the page's heading after a
// refusal (the pratica changed and is read again: its button may go), else back on "withdraw".
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { detailsMachine } from '#machines/details.ts';
import { praticaWithdrawalMachine } from '#machines/pratica-withdrawal.ts';
import { withdrawPraticaActor } from '../../actors/private-area.ts';
import { DETAILS_HEADING_ID, WITHDRAW_BUTTON_ID, WITHDRAW_OUTCOME_ID } from './focus-ids.ts';
import type { WithdrawDialogState } from './WithdrawDialog.tsx';

const DIALOG_STATES: readonly string[] = ['confirming', 'withdrawing', 'refused', 'failed'] satisfies WithdrawDialogState[];

const logic = praticaWithdrawalMachine.provide({ actors: { withdrawPratica: withdrawPraticaActor } });

function focusFirst(...ids: string[]) {
  for (const id of ids) {
    const element = document.getElementById(id);
    if (element) {
      element.focus();
      return;
    }
  }
}

export function useWithdrawal(details: ActorRefFrom<typeof detailsMachine>) {
  const [input] = useState(() => ({ details }));
  const actor = useActorRef(logic, { input });
  const state = useSelector(actor, (s) => s.value as string);
  const context = useSelector(actor, (s) => s.context);
  const dialog = DIALOG_STATES.includes(state) ? (state as WithdrawDialogState) : null;
  const lastDialog = useRef<WithdrawDialogState | null>(null);

  useEffect(() => {
    if (dialog !== null) {
      lastDialog.current = dialog;
      return;
    }
    const closed = lastDialog.current;
    if (closed === null) return;
    lastDialog.current = null;
    if (state === 'withdrawn') focusFirst(WITHDRAW_OUTCOME_ID, DETAILS_HEADING_ID);
    // A refusal: the pratica changed and is read again, its button may go: the heading stays.
    else if (closed === 'refused') focusFirst(DETAILS_HEADING_ID);
    else focusFirst(WITHDRAW_BUTTON_ID, DETAILS_HEADING_ID);
  }, [dialog, state]);

  return { actor, dialog, withdrawn: state === 'withdrawn', context };
}
