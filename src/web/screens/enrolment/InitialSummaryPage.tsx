// Step "initial summary" (hidden in the step menu): what the process asks for and what the
// applicant needs at hand, then "start", which completes it (COMPLETE_STEP with no step, spec §4).
import { Button } from 'react-aria-components';
import { EnrolmentActor } from '../../enrolment/machines.ts';
import { useDraftState } from '../../enrolment/use-draft-state.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import { useT } from '../../i18n/use-t.ts';
import { StepFrame } from './StepFrame.tsx';

const STEPS: readonly MessageKey[] = [
  'ep.initial-summary.steps.notification-contacts',
  'ep.initial-summary.steps.select-initiative',
  'ep.initial-summary.steps.personal-data',
  'ep.initial-summary.steps.request-summary',
];

const NEEDS: readonly MessageKey[] = ['ep.initial-summary.needs.identity', 'ep.initial-summary.needs.contact', 'ep.initial-summary.needs.activity'];

export function InitialSummaryPage() {
  const t = useT();
  const enrolment = EnrolmentActor.useActorRef();
  const { busy, editing } = useDraftState();
  return (
    <StepFrame title={t('pages.initial-summary.title')} intro={<p className="lead">{t('ep.initial-summary.intro')}</p>}>
      <div className="row">
        <div className="col-12 col-lg-6">
          <h2 className="h4">{t('ep.initial-summary.steps-title')}</h2>
          <ol className="app-summary-list">
            {STEPS.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ol>
        </div>
        <div className="col-12 col-lg-6">
          <h2 className="h4">{t('ep.initial-summary.needs-title')}</h2>
          <ul className="app-summary-list">
            {NEEDS.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
          <p className="app-summary-note">{t('ep.initial-summary.draft-note')}</p>
        </div>
      </div>
      <div className="app-form-actions">
        <Button id="initial-summary-start" className="btn btn-primary" isDisabled={busy || !editing} onPress={() => enrolment.send({ type: 'COMPLETE_STEP' })}>
          {t('ep.initial-summary.start')}
        </Button>
      </div>
    </StepFrame>
  );
}
