// Step "select initiative": the one-stop shop (office search machine) and the initiative (a tab per
// type). An internal office and an initiative are kept in the draft as they are chosen (CHANGE);
// an external office opens the one-stop-shop exception modal, which offers its own portal (spec §4).
// "Save draft" and "continue" save the step; "continue" needs both choices.
import { useContext, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { Initiative, Suap } from '#shared/domain.ts';
import { MachineClockContext, ModalsActor } from '../../app/machines.ts';
import { useConfig } from '../../app/ConfigProvider.tsx';
import { ErrorSummary } from '../../components/form/ErrorSummary.tsx';
import { createOfficeSearchLogic } from '../../actors/enrolment.ts';
import { selectSelectionWarning } from '#machines/enrolment.ts';
import { EnrolmentActor, EnrolmentInspectContext, OfficeSearchActor } from '../../enrolment/machines.ts';
import { suapExceptionModal } from '../../enrolment/modal-requests.ts';
import { useDraftState } from '../../enrolment/use-draft-state.ts';
import { localized } from '../../enrolment/views.ts';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { useT } from '../../i18n/use-t.ts';
import { InitiativePanel } from './InitiativePanel.tsx';
import { OfficeSearchPanel } from './OfficeSearchPanel.tsx';
import { StepActions } from './StepActions.tsx';
import { StepFrame } from './StepFrame.tsx';
import { useStepLocked } from './use-step-locked.ts';

export function SelectInitiativePage() {
  const clock = useContext(MachineClockContext);
  const inspect = useContext(EnrolmentInspectContext);
  const [logic] = useState(createOfficeSearchLogic);
  return (
    <OfficeSearchActor.Provider logic={logic} options={{ ...(clock ? { clock } : {}), ...(inspect ? { inspect } : {}) }}>
      <SelectInitiative />
    </OfficeSearchActor.Provider>
  );
}

function SelectInitiative() {
  const t = useT();
  const { language } = useLanguage();
  const config = useConfig();
  const modals = ModalsActor.useActorRef();
  const { draft, change, save } = useDraftState();
  const lock = useStepLocked('select-initiative');
  // Spec §4 warning: the office or initiative of a reopened draft no longer holds; the other steps
  // are read-only until another is chosen and the step continued.
  const warning = EnrolmentActor.useSelector(selectSelectionWarning);
  const [submitCount, setSubmitCount] = useState(0);
  const tried = submitCount > 0;
  const suap = (draft?.suap as Suap | null | undefined) ?? null;
  const iniziative = (draft?.iniziative as Initiative | null | undefined) ?? null;
  const missing = { suap: !suap, iniziative: !iniziative };

  const chooseOffice = (office: Suap, municipalityId: number | null, openerId: string) => {
    if (office.type === 'EXT') modals.send({ type: 'OPEN', modal: suapExceptionModal(office, openerId) });
    else change({ suap: office, municipalityId });
  };

  const submit = (complete: boolean) => {
    // A draft may be saved incomplete: only "continue" asks for both choices.
    if (!complete) return save('select-initiative', false);
    setSubmitCount((count) => count + 1);
    if (missing.suap || missing.iniziative) return;
    save('select-initiative', true);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(true);
  };

  // The error summary links to the two sections; it takes focus on a failed "continue".
  const summary = [
    ...(missing.suap ? [{ target: 'office-search-title', message: t('ep.select-initiative.errors.suap') }] : []),
    ...(missing.iniziative ? [{ target: 'iniziative-title', message: t('ep.select-initiative.errors.initiative') }] : []),
  ];
  return (
    <StepFrame title={t('pages.select-initiative.title')} intro={<p>{t('ep.select-initiative.intro')}</p>}>
      <ErrorSummary submitCount={submitCount} errors={summary} />
      {warning && (
        <div className="callout warning" role="status" id="select-initiative-warning">
          <div className="callout-title">{t('ep.select-initiative.warning.title')}</div>
          <p>{t(`ep.select-initiative.warning.${warning}`)}</p>
        </div>
      )}
      <div className="app-panel app-selection" aria-live="polite">
        <h2 className="h5">{t('ep.select-initiative.your-choice')}</h2>
        <dl className="app-data-list">
          <div className="app-data-row">
            <dt>{t('ep.summary.office')}</dt>
            <dd>{suap?.name ?? t('ep.select-initiative.none-chosen')}</dd>
          </div>
          <div className="app-data-row">
            <dt>{t('ep.summary.initiative')}</dt>
            <dd>{iniziative ? localized(iniziative, 'activity', language) : t('ep.select-initiative.none-chosen-initiative')}</dd>
          </div>
        </dl>
      </div>
      <OfficeSearchPanel selected={suap} onChoose={chooseOffice} forceErrors={tried && missing.suap} isDisabled={lock.readOnly} />
      <InitiativePanel
        types={config?.typeIniziativeList ?? []}
        selected={iniziative}
        onChoose={(item) => change({ iniziative: item })}
        isDisabled={lock.readOnly}
      />
      <Form onSubmit={onSubmit} className="app-step-form">
        <StepActions disabled={lock.closed} onSave={() => submit(false)} />
      </Form>
    </StepFrame>
  );
}
