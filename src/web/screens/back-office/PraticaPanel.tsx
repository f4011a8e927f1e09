// "Working the pratica" on the desk's request page (docs/architecture.md "The pratica's lifecycle"):
// where the pratica stands for the office — its state with the Catalogo SSU name beside it (for
// analysts), whether it is late, who is in charge and the outcome proposed; its regime and days are
// in the request's own part (lists/request/PraticaFacts.tsx) — and one button for each action the
// lifecycle machine allows the signed-in staff member now (pratica-view.ts). Each opens its dialog
// (PraticaActionDialog.tsx); the page hears what came of it.
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { selectUser } from '#machines/auth.ts';
import type { ApiFailure } from '#shared/api/failure.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import { ssuStateOf, type StaffEventType } from '#shared/pratica.ts';
import type { EventValues } from '#shared/validation/back-office-forms.ts';
import { AuthActor } from '../../app/machines.ts';
import { useKeptForm } from '../../auth/use-kept-form.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import { useT } from '../../i18n/use-t.ts';
import { StateBadge } from '../../lists/request/StateBadge.tsx';
import { retryable } from '../../app/code-loading.ts';
import type { TypedAction } from './PraticaActionDialog.tsx';
import { isPraticaOverdue, staffActionsOf } from './pratica-view.ts';

// The dialogs' code (their machine, the form's rules, react-aria's modal) comes with the first action chosen, not with the page.
const PraticaActionDialog = lazy(retryable(() => import('./PraticaActionDialog.tsx').then((m) => ({ default: m.PraticaActionDialog }))));

interface Props {
  request: SuapRequest;
  /** The page's heading, which takes the focus once an action is recorded. */
  titleId: string;
  onMoved: (request: SuapRequest, type: StaffEventType) => void;
  onRefused: (failure: ApiFailure) => void;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

export function PraticaPanel({ request, titleId, onMoved, onRefused }: Props) {
  const t = useT();
  const user = AuthActor.useSelector(selectUser);
  // The machine's terms are checked on the office's clock now (Europe/Rome days).
  const now = new Date().toISOString();
  const actions = staffActionsOf(request, user, now);
  const [dialog, setDialog] = useState<{ type: StaffEventType; initial: Partial<EventValues> | null } | null>(null);
  const [typed, setTyped] = useState<TypedAction | null>(null);
  const focusTitle = useRef(false);
  // Typed but not sent: kept across the idle sign-out for the same person, and its dialog opened
  // again if the action is still allowed.
  useKeptForm<TypedAction>(`pratica-event:${request.requestId}`, typed, (kept) => {
    if (actions.includes(kept.type)) setDialog({ type: kept.type, initial: kept.values });
  });

  const close = useCallback(() => {
    setDialog(null);
    setTyped(null);
  }, []);
  const moved = useCallback(
    (next: SuapRequest) => {
      const type = dialog?.type;
      close();
      // Once the dialog is gone the page's heading takes the focus (its trigger may be gone too).
      focusTitle.current = true;
      if (type) onMoved(next, type);
    },
    [close, dialog?.type, onMoved],
  );
  const refused = useCallback(
    (failure: ApiFailure) => {
      close();
      onRefused(failure);
    },
    [close, onRefused],
  );
  useEffect(() => {
    if (dialog === null && focusTitle.current) {
      focusTitle.current = false;
      document.getElementById(titleId)?.focus();
    }
  }, [dialog, titleId]);

  const pratica = request.pratica;
  if (!pratica) return null;
  const ssu = request.ssuState ?? ssuStateOf(request.stateOfRequest.stateOfRequestId);
  const overdue = isPraticaOverdue(request, now);
  const assignee = request.assignee ? `${request.assignee.firstName} ${request.assignee.lastName}` : null;

  return (
    <section className="app-details-part app-pratica" aria-labelledby="pratica-title">
      <h2 id="pratica-title">{t('bo.pratica.title')}</h2>
      <dl>
        <Fact label={t('bo.pratica.state')}>
          <StateBadge request={request} />
          {overdue && <span className="badge app-overdue ms-2">{t('bo.pratica.overdue')}</span>}
          {ssu && (
            <small className="app-ssu-state">
              {' '}
              <abbr title={t('bo.pratica.ssu-name')}>SSU</abbr> <code lang="en">{ssu}</code>
            </small>
          )}
        </Fact>
        <Fact label={t('bo.pratica.assignee-now')}>{assignee ?? t('bo.pratica.nobody')}</Fact>
        {pratica.proposal && <Fact label={t('bo.pratica.proposal')}>{t(`bo.pratica.outcome.${pratica.proposal.outcome}`)}</Fact>}
      </dl>
      {actions.length > 0 && (
        <div role="group" aria-label={t('bo.pratica.actions')} className="app-actions-row mt-3">
          {actions.map((type) => (
            <Button
              key={type}
              id={`pratica-action-${type}`}
              className={`btn btn-sm ${type === actions[0] ? 'btn-primary' : 'btn-outline-primary'}`}
              onPress={() => setDialog({ type, initial: null })}
            >
              {t(`bo.pratica.action.${type}` as MessageKey)}
            </Button>
          ))}
        </div>
      )}
      {dialog && (
        <Suspense fallback={null}>
          <PraticaActionDialog
            key={`${dialog.type}-${request.version}`}
            request={request}
            type={dialog.type}
            initial={dialog.initial}
            onTyped={setTyped}
            onMoved={moved}
            onRefused={refused}
            onClose={close}
          />
        </Suspense>
      )}
    </section>
  );
}
