// Step "documents and summary": the documents the chosen initiative asks for (DocumentsSection, the
// documents machine), everything the request holds, each part with a link back to its step
// (Designers Italia: a summary before confirmation), then "send" (SUBMIT: the draft goes to state 3),
// enabled once every required document is attached (docs/architecture.md "Documents in the wizard").
import { Button } from 'react-aria-components';
import { Link } from 'react-router-dom';
import { EnrolmentActor } from '../../enrolment/machines.ts';
import { stepUrl, type StepName } from '#machines/enrolment/steps.ts';
import { NotificationContactType } from '#shared/constants.ts';
import type { Initiative, Suap } from '#shared/domain.ts';
import { useDraftState } from '../../enrolment/use-draft-state.ts';
import { businessRows } from '../../enrolment/business-view.ts';
import { displayDate, localized } from '../../enrolment/views.ts';
import { residenceAbroadLine } from '#shared/api/residence-abroad.ts';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import type { MessageKey } from '../../i18n/messages.ts';
import { ValueOrEmpty } from '../../components/EmptyValue.tsx';
import { useT } from '../../i18n/use-t.ts';
import { activityAddressLine } from '#shared/api/activity-address.ts';
import { useDocuments } from '../../enrolment/use-documents.ts';
import type { DraftData } from '#machines/draft/types.ts';
import { DraftActor } from '../../enrolment/machines.ts';
import { DocumentsSection, MISSING_DOCUMENTS_ID } from './DocumentsSection.tsx';
import { StepFrame } from './StepFrame.tsx';

type Row = [MessageKey, string | null | undefined];

function Section({ id, title, step, rows }: { id: string; title: string; step: StepName; rows: readonly Row[] }) {
  const t = useT();
  const enrolment = EnrolmentActor.useActorRef();
  return (
    <section className="app-panel app-summary-section" aria-labelledby={id}>
      <div className="app-summary-head">
        <h2 id={id} className="h5">
          {title}
        </h2>
        {/* The step's "continue" brings the person back here (the enrolment machine). */}
        <Link to={stepUrl(step)} className="app-summary-edit" onClick={() => enrolment.send({ type: 'EDIT_FROM_SUMMARY', step })}>
          {t('ep.summary.edit')}
          <span className="visually-hidden"> {title}</span>
        </Link>
      </div>
      <dl className="app-data-list">
        {rows.map(([label, value]) => (
          <div key={label} className="app-data-row">
            <dt>{t(label)}</dt>
            <dd>
              <ValueOrEmpty value={value} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The documents of a saved draft whose initiative is chosen (a new draft has none to show yet). */
function Documents({ draft, locked }: { draft: DraftData; locked: boolean }) {
  const requestId = draft.requestId ?? 0;
  const iniziativeId = (draft.iniziative as Initiative).iniziativeId;
  const business = draft.personalData?.business;
  const documents = useDocuments(requestId, iniziativeId, business?.role ? { role: business.role } : null);
  return <DocumentsSection documents={documents} locked={locked} />;
}

export function RequestSummaryPage() {
  const t = useT();
  const { language } = useLanguage();
  const { draftRef, draft, busy, editing, save } = useDraftState();
  const contact = draft?.procedureNotification;
  const suap = (draft?.suap as Suap | null | undefined) ?? null;
  const iniziative = (draft?.iniziative as Initiative | null | undefined) ?? null;
  const person = draft?.personalData;
  const municipality = draft?.municipality ?? null;
  const documentsComplete = DraftActor.useSelector((snapshot) => snapshot.context.documentsComplete);
  const canSend = editing && Boolean(draft?.requestId) && documentsComplete;
  const requestId = draft?.requestId;
  const iniziativeId = iniziative?.iniziativeId;
  return (
    <StepFrame title={t('pages.request-summary.title')} intro={<p>{t('ep.request-summary.intro')}</p>}>
      {/* One documents actor per request and initiative: another draft or initiative starts afresh. */}
      {draft && requestId && iniziativeId ? <Documents key={`${requestId}-${iniziativeId}`} draft={draft} locked={!editing} /> : null}
      <Section
        id="summary-contacts"
        title={t('pages.notification-contacts.title')}
        step="notification-contacts"
        rows={[
          [
            'ep.summary.contact-type',
            contact ? t(contact.type === NotificationContactType.PEC ? 'ep.notification-contacts.types.pec' : 'ep.notification-contacts.types.email') : null,
          ],
          ['ep.summary.contact-value', contact?.value],
        ]}
      />
      <Section
        id="summary-initiative"
        title={t('pages.select-initiative.title')}
        step="select-initiative"
        rows={[
          ['ep.activity-place.municipality', municipality ? `${localized(municipality, 'name', language)} (${municipality.province.code})` : null],
          ['ep.summary.office', suap?.name],
          ['ep.summary.office-pec', suap?.pec],
          ['ep.summary.initiative', iniziative ? localized(iniziative, 'activity', language) : null],
          ['ep.summary.initiative-code', iniziative?.code],
        ]}
      />
      <Section
        id="summary-personal"
        title={t('pages.personal-data.title')}
        step="personal-data"
        rows={[
          ['ep.personal-data.fields.firstName', person?.firstName],
          ['ep.personal-data.fields.lastName', person?.lastName],
          ['ep.personal-data.fields.fiscalCode', person?.fiscalCode],
          ['ep.personal-data.fields.dateOfBirth', displayDate(person?.dateOfBirth)],
          ['ep.personal-data.fields.cityOfBirth', person?.cityOfBirth],
          ['ep.personal-data.fields.email', person?.email],
          ['ep.personal-data.fields.telephone', person?.telephone],
          ['ep.personal-data.fields.address', person?.address],
          ['ep.personal-data.fields.zipCode', person?.zipCode],
          ['ep.personal-data.fields.residenceMunicipality', person?.residenceMunicipality],
          ...(person?.residenceAbroad ? [['ep.residence-abroad.title', residenceAbroadLine(person.residenceAbroad, language)] as Row] : []),
          ['ep.activity-address.title', person?.activityAddress ? activityAddressLine(person.activityAddress, municipality?.nameIt) : null],
        ]}
      />
      <Section id="summary-business" title={t('ep.business.title')} step="personal-data" rows={businessRows(t, draft ?? {})} />
      <p className="app-summary-note">{t('ep.request-summary.declaration')}</p>
      <div className="app-form-actions">
        <Button id="summary-save-draft" className="btn btn-outline-primary" isDisabled={busy || !editing} onPress={() => save('request-summary', false)}>
          {t('ep.actions.save-draft')}
        </Button>
        <Button
          id="summary-submit"
          className="btn btn-primary"
          isDisabled={busy || !canSend}
          aria-describedby={documentsComplete ? undefined : MISSING_DOCUMENTS_ID}
          onPress={() => draftRef.send({ type: 'SUBMIT' })}
        >
          {t('ep.request-summary.submit')}
        </Button>
      </div>
    </StepFrame>
  );
}
