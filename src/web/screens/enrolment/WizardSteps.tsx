// The wizard's step indicator (Designers Italia "steppers"), drawn from the enrolment machine
// (spec §4 "Wizard status drawing"): complete and read-only as complete, warning as warning, to-do
// as disabled; the active step is the one whose url is the page's. A step is a link only while it
// is clickable (above to-do, below read-only); the others are plain text.
import { Link } from 'react-router-dom';
import { selectStepViews, type StepView } from '#machines/enrolment.ts';
import { Icon } from '../../components/Icon.tsx';
import { EnrolmentActor } from '../../enrolment/machines.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import { useT } from '../../i18n/use-t.ts';

const DRAWING_TEXT: Record<StepView['drawing'], MessageKey> = {
  complete: 'ep.steps.status.complete',
  warning: 'ep.steps.status.warning',
  disabled: 'ep.steps.status.disabled',
  enabled: 'ep.steps.status.enabled',
};

function sameViews(a: StepView[], b: StepView[]): boolean {
  return (
    a.length === b.length &&
    a.every((view, index) => {
      const other = b[index]!;
      return view.status === other.status && view.active === other.active;
    })
  );
}

export function WizardSteps() {
  const t = useT();
  const views = EnrolmentActor.useSelector(selectStepViews, sameViews).filter((view) => !view.hidden);
  const activeIndex = views.findIndex((view) => view.active);
  return (
    // Before the first step (initial summary) no step is active; on a phone, where only the active
    // step is drawn, the indicator would be an empty card: app-steppers-overview hides it there.
    <nav className={`steppers app-steppers${activeIndex < 0 ? ' app-steppers-overview' : ''}`} aria-label={t('ep.steps.label')}>
      <div className="steppers-header">
        <ul>
          {views.map((view, index) => {
            const label = t(view.label as MessageKey);
            const classes = [view.active ? 'active' : '', view.drawing === 'complete' ? 'confirmed' : '', `app-step-${view.drawing}`].join(' ');
            return (
              <li key={view.name} className={classes.trim()} data-step={view.name} data-drawing={view.drawing}>
                <span className="steppers-number" aria-hidden="true">
                  {view.drawing === 'complete' ? <Icon name="check-circle" /> : view.drawing === 'warning' ? <Icon name="warning" /> : index + 1}
                </span>
                {view.clickable && !view.active ? (
                  <Link to={view.url} className="app-step-link">
                    {label}
                    <span className="visually-hidden"> ({t(DRAWING_TEXT[view.drawing])})</span>
                  </Link>
                ) : (
                  <span aria-current={view.active ? 'step' : undefined}>
                    {label}
                    <span className="visually-hidden"> ({t(view.active ? 'ep.steps.status.current' : DRAWING_TEXT[view.drawing])})</span>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
        {activeIndex >= 0 && (
          <span className="steppers-index" aria-hidden="true">
            {activeIndex + 1}/{views.length}
          </span>
        )}
      </div>
    </nav>
  );
}
