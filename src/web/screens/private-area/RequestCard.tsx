// One request of the private area as a Bootstrap Italia card (spec §2, §4): its state in its
// family's colour, the date its state shows (lists/request/rules.ts requestDate), the office and the
// initiative, a draft's expiry, a decision's reason; drafts alone offer resume and delete. The title opens the details. Delete is a plain
// <button> (docs/performance.md: react-aria's Button would be 13 KB more before interaction, for nothing).
import { Link } from 'react-router-dom';
import type { SuapRequest } from '#shared/api/requests.ts';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { useT } from '../../i18n/use-t.ts';
import { formatDate } from '../../lists/dates.ts';
import { isDecided, isDraft, localized, requestDate, serviceName, stateFamily } from '../../lists/request/rules.ts';
import { StateBadge } from '../../lists/request/StateBadge.tsx';
import { detailsPath, resumePath } from './cards.ts';

interface Props {
  request: SuapRequest;
  deleting: boolean;
  onDelete: (requestId: number, openerId: string) => void;
}

export function RequestCard({ request, deleting, onDelete }: Props) {
  const t = useT();
  const { language } = useLanguage();
  const id = request.requestId;
  const titleId = `request-card-${id}`;
  const deleteId = `request-card-${id}-delete`;
  const date = requestDate(request);
  const draft = isDraft(request);
  return (
    <article className={`card card-bg app-request-card app-card-state-${stateFamily(request.stateOfRequest.stateOfRequestId)}`} aria-labelledby={titleId}>
      <div className="card-body">
        <div className="app-card-head">
          <StateBadge request={request} />
          {date && <span className="app-card-date">{t(date.labelKey, { date: formatDate(date.date) })}</span>}
        </div>
        <h2 className="card-title h5" id={titleId}>
          <Link to={detailsPath(id)}>{t('pa.card.title', { id })}</Link>
        </h2>
        <p className="card-text">{serviceName(language, request)}</p>
        <dl className="app-card-facts">
          <dt>{t('pa.card.office')}</dt>
          <dd>{request.suap?.name ?? t('pa.card.not-chosen')}</dd>
          <dt>{t('pa.card.initiative')}</dt>
          {/* The initiative's name (its activity), as the person chose it; the description is for the details. */}
          <dd>{request.iniziative ? localized(language, request.iniziative.activityIt, request.iniziative.activityEn) : t('pa.card.not-chosen-initiative')}</dd>
          {isDecided(request) && request.decisionReason && (
            <>
              <dt>{t('pa.card.reason')}</dt>
              <dd>{request.decisionReason}</dd>
            </>
          )}
          {draft && (
            <>
              <dt>{t('pa.card.expires')}</dt>
              <dd>{request.storageLimit ? formatDate(request.storageLimit) : t('pa.card.no-expiry')}</dd>
            </>
          )}
        </dl>
        {draft && (
          <div className="app-actions-row">
            <Link className="btn btn-primary btn-sm" to={resumePath(id)} aria-describedby={titleId}>
              {t('pa.card.resume')}
            </Link>
            <button
              type="button"
              id={deleteId}
              className="btn btn-outline-danger btn-sm"
              disabled={deleting}
              onClick={() => onDelete(id, deleteId)}
              aria-describedby={titleId}
            >
              {t('pa.card.delete')}
            </button>
          </div>
        )}
      </div>
    </article>
  );
}
