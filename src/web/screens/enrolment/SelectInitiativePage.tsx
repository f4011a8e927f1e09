// Step "select initiative": the one-stop shop (office search machine) and the initiative (a tab per
// type). An internal office and an initiative are kept in the draft as they are chosen (CHANGE);
// an external office opens the one-stop-shop exception modal, which offers its own portal (spec §4).
// "Save draft" and "continue" save the step; "continue" needs both choices.
import { useActorRef, useSelector } from '@xstate/react';
import { useContext, useEffect, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { Initiative, Municipality, Suap } from '#shared/domain.ts';
import { MachineClockContext, ModalsActor } from '../../app/machines.ts';
import { useConfig } from '../../app/ConfigProvider.tsx';
import { ErrorSummary, fieldId } from '../../components/form/ErrorSummary.tsx';
import { createActivityPlaceLogic, createOfficeSearchLogic } from '../../actors/enrolment.ts';
import { selectSelectionWarning } from '#machines/enrolment.ts';
import type { PlaceNotice } from '#machines/activity-place.ts';
import { EnrolmentActor, EnrolmentInspectContext, OfficeSearchActor } from '../../enrolment/machines.ts';
import { suapExceptionModal } from '../../enrolment/modal-requests.ts';
import { useDraftState } from '../../enrolment/use-draft-state.ts';
import { localized } from '../../enrolment/views.ts';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { useT } from '../../i18n/use-t.ts';
import { ACTIVITY_MUNICIPALITY_FIELD, ActivityMunicipalityField } from './ActivityMunicipalityField.tsx';
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

type Notice = { kind: PlaceNotice; office: string | null; municipality: string | null } | null;
const sameNotice = (a: Notice, b: Notice) =>
  a === b || (a !== null && b !== null && a.kind === b.kind && a.office === b.office && a.municipality === b.municipality);

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
  // The municipality the draft names (its name read with it); a name left from another choice is none.
  const named = (draft?.municipality as Municipality | null | undefined) ?? null;
  const municipality = named && named.municipalityId === draft?.municipalityId ? named : null;
  const missing = { municipality: !draft?.municipalityId, suap: !suap, iniziative: !iniziative };

  // Where the business will be (machines/activity-place.ts): the machine decides what the draft keeps
  // and says it with `change` emits, which go to the draft machine as they are.
  const clock = useContext(MachineClockContext);
  const [placeLogic] = useState(createActivityPlaceLogic);
  const place = useActorRef(placeLogic, clock ? { clock } : {});
  useEffect(() => {
    const subscription = place.on('change', (event) => change(event.changes));
    return () => subscription.unsubscribe();
  }, [place, change]);
  const notice = useSelector(
    place,
    ({ context }) => context.notice && { kind: context.notice, office: context.officeName, municipality: context.municipalityName },
    sameNotice,
  );
  const areaMunicipalities = OfficeSearchActor.useSelector((snapshot) => snapshot.context.municipalities);

  const chooseOffice = (office: Suap, municipalityId: number | null, openerId: string) => {
    if (office.type === 'EXT') return modals.send({ type: 'OPEN', modal: suapExceptionModal(office, openerId) });
    // Area search found it among its municipality's offices: that municipality is the activity's.
    const inArea = municipalityId === null ? undefined : areaMunicipalities.find((m) => m.municipalityId === municipalityId);
    if (inArea) place.send({ type: 'CHOOSE_IN_AREA', suap: office, municipality: inArea });
    else place.send({ type: 'CHOOSE_OFFICE', suap: office, municipality });
  };

  const submit = (complete: boolean) => {
    // A draft may be saved incomplete: only "continue" asks for both choices.
    if (!complete) return save('select-initiative', false);
    setSubmitCount((count) => count + 1);
    if (missing.municipality || missing.suap || missing.iniziative) return;
    save('select-initiative', true);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(true);
  };

  // The error summary links to the two sections; it takes focus on a failed "continue".
  const summary = [
    ...(missing.municipality ? [{ target: fieldId(ACTIVITY_MUNICIPALITY_FIELD), message: t('ep.select-initiative.errors.municipality') }] : []),
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
            <dt>{t('ep.activity-place.municipality')}</dt>
            <dd>{municipality ? localized(municipality, 'name', language) : t('ep.activity-place.none-chosen')}</dd>
          </div>
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
      <section className="app-activity-place-section" aria-labelledby="activity-place-title">
        <h2 id="activity-place-title" className="h4">
          {t('ep.activity-place.title')}
        </h2>
        <p>{t('ep.activity-place.intro')}</p>
        <ActivityMunicipalityField
          value={municipality}
          onChoose={(chosen) => place.send({ type: 'CHOOSE_MUNICIPALITY', municipality: chosen, office: suap })}
          error={tried && missing.municipality ? t('ep.select-initiative.errors.municipality') : undefined}
          notice={notice}
          isDisabled={lock.readOnly}
        />
      </section>
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
