// Every part of a request (spec §3 Request) for the details pages of the private area and of the
// back office: the request itself (state, dates, decision and its reason, a draft's storage limit;
// once sent, the pratica's regime and terms), the applicant's data, the notification contact, where
// the business will be (municipality and address), the office, the initiative, and the history, each
// entry with its event in words, who acted by role (by name too on the desk), the states it moved
// between and its note (docs/architecture.md "The pratica's lifecycle").
// Stored strings are rendered as text (React escapes them): nothing the applicant typed is markup.
import type { ReactNode } from 'react';
import type { HistoryEntry, SuapRequest } from '#shared/api/requests.ts';
import { NotificationContactType } from '#shared/constants.ts';
import { useConfig } from '../../app/ConfigProvider.tsx';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { useT } from '../../i18n/use-t.ts';
import { ValueOrEmpty } from '../../components/EmptyValue.tsx';
import { formatCalendarDay } from '#shared/dates.ts';
import { formatDate, formatDateTime } from '../dates.ts';
import { historyEventKey, historyNoteKey } from '#shared/pratica-history.ts';
import { isDecided, isDraft, localized, roleKey, serviceName, staffRoleKey, STATE_KEYS, stateName } from './rules.ts';
import { PraticaFacts } from './PraticaFacts.tsx';
import { StateBadge } from './StateBadge.tsx';
import { residenceAbroadLine } from '#shared/api/residence-abroad.ts';
import { activityAddressLine } from '#shared/api/activity-address.ts';
import { businessRows } from '../../enrolment/business-view.ts';

interface Props {
  request: SuapRequest;
  /** Back office: the history names who made each change; the citizen sees staff by role only. */
  namedHistory?: boolean;
  /** Extra content under the request part (the back office's storage limit form). */
  children?: ReactNode;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <ValueOrEmpty value={children} />
      </dd>
    </>
  );
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="app-details-part" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function RequestParts({ request, namedHistory = false, children }: Props) {
  const t = useT();
  const { language } = useLanguage();
  const person = request.personalData;
  const contact = request.procedureNotification;
  const initiative = request.iniziative;
  const prefix = `request-${request.requestId}`;
  return (
    <div className="app-details">
      <Part id={`${prefix}-request`} title={t('pa.details.request')}>
        <dl>
          <Field label={t('pa.details.request-id')}>{request.requestId}</Field>
          <Field label={t('pa.details.service')}>{serviceName(language, request)}</Field>
          <Field label={t('pa.details.state')}>
            <StateBadge request={request} />
          </Field>
          <Field label={t('pa.details.sent-on')}>{formatDateTime(request.sentRequestDate)}</Field>
          <Field label={t('pa.details.updated-on')}>{formatDateTime(request.updatedOn)}</Field>
          {isDecided(request) && <Field label={t('pa.details.done-on')}>{formatDateTime(request.doneOn)}</Field>}
          {isDecided(request) && (
            <Field label={t('pa.details.decision-reason')}>
              {request.decisionReason ? <span className="app-multiline">{request.decisionReason}</span> : null}
            </Field>
          )}
          {isDraft(request) && <Field label={t('pa.details.storage-limit')}>{formatCalendarDay(request.storageLimit)}</Field>}
          {request.pratica && <PraticaFacts request={request} pratica={request.pratica} forStaff={namedHistory} />}
        </dl>
        {children}
      </Part>
      <Part id={`${prefix}-applicant`} title={t('pa.details.applicant')}>
        <dl>
          <Field label={t('pa.details.first-name')}>{person?.firstName ?? request.user.firstName}</Field>
          <Field label={t('pa.details.last-name')}>{person?.lastName ?? request.user.lastName}</Field>
          <Field label={t('pa.details.fiscal-code')}>{person?.fiscalCode ?? request.user.fiscalCode}</Field>
          <Field label={t('pa.details.date-of-birth')}>{person?.dateOfBirth ? formatDate(person.dateOfBirth) : null}</Field>
          <Field label={t('pa.details.city-of-birth')}>{person?.cityOfBirth}</Field>
          <Field label={t('pa.details.gender')}>{person?.gender ? t(person.gender === 'F' ? 'pa.details.gender-f' : 'pa.details.gender-m') : null}</Field>
          <Field label={t('pa.details.email')}>{person?.email}</Field>
          <Field label={t('pa.details.telephone')}>{person?.telephone}</Field>
          <Field label={t('pa.details.address')}>{person?.address}</Field>
          <Field label={t('pa.details.zip-code')}>{person?.zipCode}</Field>
          <Field label={t('pa.details.residence')}>{person?.residenceMunicipality}</Field>
          {person?.residenceAbroad && <Field label={t('ep.residence-abroad.title')}>{residenceAbroadLine(person.residenceAbroad, language)}</Field>}
        </dl>
      </Part>
      <Part id={`${prefix}-business`} title={t('ep.business.title')}>
        <dl>
          {businessRows(t, request).map(([label, value]) => (
            <Field key={label} label={t(label)}>
              {value}
            </Field>
          ))}
        </dl>
      </Part>
      <Part id={`${prefix}-contact`} title={t('pa.details.contact')}>
        <dl>
          <Field label={t('pa.details.contact-type')}>
            {contact ? t(contact.type === NotificationContactType.PEC ? 'pa.details.contact-pec' : 'pa.details.contact-email') : null}
          </Field>
          <Field label={t('pa.details.contact-value')}>{contact?.value}</Field>
        </dl>
      </Part>
      <Part id={`${prefix}-place`} title={t('ep.activity-place.title')}>
        <dl>
          <Field label={t('ep.activity-place.municipality')}>
            {request.municipality
              ? `${localized(language, request.municipality.nameIt, request.municipality.nameEn)} (${request.municipality.province.code})`
              : null}
          </Field>
          <Field label={t('ep.activity-address.title')}>
            {person?.activityAddress ? activityAddressLine(person.activityAddress, request.municipality?.nameIt) : null}
          </Field>
        </dl>
      </Part>
      <Part id={`${prefix}-office`} title={t('pa.details.office')}>
        <dl>
          <Field label={t('pa.details.office-name')}>{request.suap?.name}</Field>
          <Field label={t('pa.details.office-pec')}>{request.suap?.pec}</Field>
        </dl>
      </Part>
      <Part id={`${prefix}-initiative`} title={t('pa.details.initiative')}>
        <dl>
          <Field label={t('pa.details.initiative-code')}>{initiative?.code}</Field>
          <Field label={t('pa.details.initiative-description')}>
            {initiative ? localized(language, initiative.descriptionIt, initiative.descriptionEn) : null}
          </Field>
          <Field label={t('pa.details.initiative-activity')}>{initiative ? localized(language, initiative.activityIt, initiative.activityEn) : null}</Field>
          <Field label={t('pa.details.initiative-area')}>{initiative ? localized(language, initiative.areaIt, initiative.areaEn) : null}</Field>
        </dl>
      </Part>
      <Part id={`${prefix}-history`} title={t('pa.details.history')}>
        <History entries={request.history ?? []} named={namedHistory} />
      </Part>
    </div>
  );
}

function History({ entries, named }: { entries: readonly HistoryEntry[]; named: boolean }) {
  const t = useT();
  const stateLabel = useStateLabel();
  if (entries.length === 0) return <p>{t('pa.details.no-history')}</p>;
  return (
    <ol className="app-history">
      {entries.map((entry, index) => {
        const eventKey = historyEventKey(entry, named);
        const moved = entry.fromState !== null && entry.fromState !== entry.toState;
        return (
          <li key={`${entry.at}-${index}`}>
            <div className="app-history-when">{formatDateTime(entry.at)}</div>
            {eventKey && (
              <div className="app-history-event">
                <strong>{t(eventKey, { name: entry.assigneeName ?? '' })}</strong>
              </div>
            )}
            <div>
              {/* Entries written before events were recorded are told by the state they moved to. */}
              {eventKey ? <span>{stateLabel(entry.toState)}</span> : <strong>{stateLabel(entry.toState)}</strong>}
              {moved && <span> {t('pa.history.from', { state: stateLabel(entry.fromState!) })}</span>}
            </div>
            <div>
              {!named
                ? t(roleKey(entry))
                : entry.actorName
                  ? t('bo.history.by-named', { name: entry.actorName, role: t(staffRoleKey(entry)) })
                  : t(staffRoleKey(entry))}
            </div>
            {entry.reason && <div className="app-multiline">{t(historyNoteKey(entry), { note: entry.reason })}</div>}
          </li>
        );
      })}
    </ol>
  );
}

/** A state's name from the configuration's state list, else our own text for it. */
export function useStateLabel(): (stateOfRequestId: number) => string {
  const t = useT();
  const { language } = useLanguage();
  const config = useConfig();
  return (stateOfRequestId) => {
    const known = config?.stateOfRequestAnagList.find((state) => state.stateOfRequestId === stateOfRequestId);
    if (known) return localized(language, known.descriptionIt, known.descriptionEn);
    const name = stateName(stateOfRequestId);
    return name ? t(STATE_KEYS[name]) : String(stateOfRequestId);
  };
}
