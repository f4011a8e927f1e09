// "Withdraw the pratica" on the citizen's details page (docs/architecture.md "The pratica's
// lifecycle"): the button where the lifecycle machine allows the signed-in applicant WITHDRAW
// (canWithdraw), its confirmation dialog, and the outcome once withdrawn. Loaded with the page's
// first sent pratica that is not concluded, not with the page: the lifecycle machine, the note's
// rule and react-aria's dialog are tens of KB most visits never need.
import type { ActorRefFrom } from 'xstate';
import type { detailsMachine } from '#machines/details.ts';
import { canWithdraw } from '#machines/pratica-withdrawal.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import { useT } from '../../i18n/use-t.ts';
import { WITHDRAW_BUTTON_ID, WITHDRAW_OUTCOME_ID } from './focus-ids.ts';
import { useWithdrawal } from './use-withdrawal.ts';
import { WithdrawDialog } from './WithdrawDialog.tsx';

interface Props {
  request: SuapRequest;
  userId: number | null;
  details: ActorRefFrom<typeof detailsMachine>;
}

export function WithdrawalControl({ request, userId, details }: Props) {
  const t = useT();
  const withdrawal = useWithdrawal(details);
  return (
    <>
      {!withdrawal.withdrawn && canWithdraw(request, userId) && (
        <button
          type="button"
          id={WITHDRAW_BUTTON_ID}
          className="btn btn-outline-danger"
          disabled={withdrawal.dialog !== null}
          onClick={() => withdrawal.actor.send({ type: 'ASK', request, userId })}
        >
          {t('pa.withdraw.button')}
        </button>
      )}
      {withdrawal.withdrawn && (
        <div className="callout success" role="status" id={WITHDRAW_OUTCOME_ID} tabIndex={-1}>
          <p className="mb-0">{t('pa.withdraw.done')}</p>
        </div>
      )}
      {withdrawal.dialog && (
        <WithdrawDialog
          requestId={request.requestId}
          state={withdrawal.dialog}
          note={withdrawal.context.note}
          noteError={withdrawal.context.noteError}
          failure={withdrawal.context.failure}
          onNote={(note) => withdrawal.actor.send({ type: 'SET_NOTE', note })}
          onConfirm={() => withdrawal.actor.send({ type: 'CONFIRM' })}
          onCancel={() => withdrawal.actor.send({ type: 'CANCEL' })}
        />
      )}
    </>
  );
}
