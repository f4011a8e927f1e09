// A staff member (spec §2 back-office user details): the record and its audit trail (who changed
// what, when). The id travels in the URL (?userId=), so a reload shows the same person.
import { EMPTY_VALUE, isEmptyValue } from '#shared/empty-value.ts';
import { Link, useLocation } from 'react-router-dom';
import type { BoUserResponse } from '#shared/api/back-office.ts';
import { useT } from '../../i18n/use-t.ts';
import { formatDateTime } from '../../lists/dates.ts';
import { RetrieveError } from '../../lists/RetrieveError.tsx';
import { useDetails } from '../../lists/use-details.ts';
import { Paths } from '../../routes/paths.ts';
import '../../lists/lists.scss';
import './back-office.scss';
import { loadStaffMember } from '../../actors/back-office.ts';
import { userIdOf, userModifyPath } from './selection.ts';
import { useProfileLabel } from './use-profile-label.ts';

type AuditEntry = NonNullable<BoUserResponse['audit']>[number];

/** Audit field names as the server records them, with their label keys. */
const AUDIT_FIELDS = {
  first_name: 'bo.users.fields.first-name',
  last_name: 'bo.users.fields.last-name',
  fiscal_code: 'bo.users.fields.fiscal-code',
  email: 'bo.users.fields.email',
  profile_id: 'bo.users.fields.profile',
  active: 'bo.users.fields.active',
} as const;

export function UserDetailsPage() {
  const t = useT();
  const { search } = useLocation();
  const userId = userIdOf(search);
  const profileLabel = useProfileLabel();
  const { state, reload } = useDetails(userId, (id, signal) => loadStaffMember(Number(id), signal));
  const user = state.data?.user ?? null;
  return (
    <div className="container my-5">
      <h1>{user ? `${user.firstName} ${user.lastName}` : t('pages.bo-user-details.title')}</h1>
      {state.kind === 'none' && (
        <p>
          {t('bo.users.none')} <Link to={Paths.boUsers}>{t('bo.users.back-to-list')}</Link>
        </p>
      )}
      {state.kind === 'failed' && <RetrieveError status={state.status} onRetry={reload} />}
      {user && (
        <div className="app-details">
          <div className="app-actions-row my-4">
            <Link className="btn btn-primary" to={userModifyPath(user.userId)}>
              {t('bo.users.modify')}
            </Link>
            <Link className="btn btn-outline-primary" to={Paths.boUsers}>
              {t('bo.users.back-to-list')}
            </Link>
          </div>
          <section className="app-details-part" aria-labelledby="user-data">
            <h2 id="user-data">{t('bo.users.data')}</h2>
            <dl>
              <dt>{t('bo.users.fields.first-name')}</dt>
              <dd>{user.firstName}</dd>
              <dt>{t('bo.users.fields.last-name')}</dt>
              <dd>{user.lastName}</dd>
              <dt>{t('bo.users.fields.fiscal-code')}</dt>
              <dd>{user.fiscalCode}</dd>
              <dt>{t('bo.users.fields.email')}</dt>
              <dd>{user.email}</dd>
              <dt>{t('bo.users.fields.profile')}</dt>
              <dd>{profileLabel(user.profile)}</dd>
              <dt>{t('bo.users.fields.active')}</dt>
              <dd>{t(user.active === 1 ? 'bo.users.active-yes' : 'bo.users.active-no')}</dd>
            </dl>
          </section>
          <section className="app-details-part" aria-labelledby="user-audit">
            <h2 id="user-audit">{t('bo.users.audit')}</h2>
            <Audit entries={state.data?.audit ?? []} />
          </section>
        </div>
      )}
    </div>
  );
}

function Audit({ entries }: { entries: readonly AuditEntry[] }) {
  const t = useT();
  const profileLabel = useProfileLabel();
  const show = (field: string, value: unknown): string => {
    // Inside a sentence ("from … to …"): the shared empty value's dash (docs/architecture.md "The citizen's journey with real data"), not a gendered word.
    if (isEmptyValue(value)) return EMPTY_VALUE;
    if (field === 'profile_id') return profileLabel({ profileId: Number(value) });
    if (field === 'active') return t(Number(value) === 1 ? 'bo.users.active-yes' : 'bo.users.active-no');
    return String(value);
  };
  if (entries.length === 0) return <p>{t('bo.users.no-audit')}</p>;
  return (
    <ol className="app-history">
      {entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`}>
          <div className="app-history-when">{formatDateTime(entry.at)}</div>
          <div>
            <strong>{t(entry.action === 'create' ? 'bo.users.audit-create' : 'bo.users.audit-modify')}</strong>{' '}
            {entry.actorName ? t('bo.users.audit-by', { name: entry.actorName }) : null}
          </div>
          <ul className="app-audit-changes">
            {Object.entries(entry.changes).map(([field, change]) => (
              <li key={field}>
                {field in AUDIT_FIELDS ? t(AUDIT_FIELDS[field as keyof typeof AUDIT_FIELDS]) : field}:{' '}
                {entry.action === 'create'
                  ? show(field, change.to)
                  : t('bo.users.audit-change', { from: show(field, change.from), to: show(field, change.to) })}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
