// The audit log for administrators (docs/architecture.md "Audit log"): who signed in, was refused,
// read a request or its PDF, exported one, or changed a staff account, newest first. The list is
// the listQuery machine over the audit call (person search, action and day filters, order, page
// size and pages), its query kept in the address like the desk's (audit-view.ts). The screen
// renders the machine's snapshot and sends its events; the guard admits administrators only.
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZES, AUDIT_SORT_FIELDS, AuditListDefaults, type AuditEntry } from '#shared/api/audit.ts';
import { useT } from '../../i18n/use-t.ts';
import { formatDateTime } from '../../lists/dates.ts';
import { DataTable, type TableColumn } from '../../lists/DataTable.tsx';
import { Paginator } from '../../lists/Paginator.tsx';
import { PageSizeSelect } from '../../lists/PageSizeSelect.tsx';
import { RetrieveError } from '../../lists/RetrieveError.tsx';
import { SearchBar } from '../../lists/SearchBar.tsx';
import { useListQuery } from '../../lists/use-list-query.ts';
import { Paths } from '../../routes/paths.ts';
import '../../lists/lists.scss';
import './back-office.scss';
import { loadAuditPage } from '../../actors/back-office.ts';
import { auditSearchOfView, auditViewOf, type AuditView } from './audit-view.ts';

export function AuditLogPage() {
  const { search } = useLocation();
  // The address the list wrote last: a different one (Back, the menu, a pasted link) starts the
  // list again from the address.
  const written = useRef<string | null>(null);
  const generation = useRef(0);
  if (written.current !== null && written.current !== search) generation.current += 1;
  written.current = search;
  return <AuditLog key={generation.current} initial={auditViewOf(search)} onView={(next) => (written.current = next)} />;
}

function AuditLog({ initial, onView }: { initial: AuditView; onView: (search: string) => void }) {
  const t = useT();
  const navigate = useNavigate();
  const { search } = useLocation();
  const list = useListQuery<AuditEntry>(
    {
      ...AuditListDefaults,
      sortFields: AUDIT_SORT_FIELDS,
      page: initial.page,
      filter: initial.filter,
      filters: { action: null, from: null, to: null },
      view: { size: initial.size, sort: initial.sort, filters: { action: initial.action, from: initial.from, to: initial.to } },
    },
    loadAuditPage,
  );
  const { context } = list;
  const idle = useSelector(list.actor, (s) => s.matches('ready') || s.matches('failed'));
  const text = (key: string) => (typeof context.filters[key] === 'string' ? (context.filters[key] as string) : null);
  const view: AuditView = {
    page: context.page,
    size: context.size,
    sort: context.sort as AuditView['sort'],
    filter: context.filter,
    action: text('action') as AuditView['action'],
    from: text('from'),
    to: text('to'),
  };
  const address = auditSearchOfView(view, search);
  useEffect(() => {
    // The address follows the list once it has loaded (replacing: Back leaves the page).
    if (!idle || address === search) return;
    onView(address);
    void navigate(`${Paths.boAuditLog}${address}`, { replace: true });
  }, [idle, address, search, navigate, onView]);

  const setFilter = (key: 'action' | 'from' | 'to', value: string) => list.send({ type: 'SET_FILTERS', filters: { [key]: value === '' ? null : value } });
  const outcome = (e: AuditEntry) =>
    e.outcome === 'success' ? t('bo.audit.outcome.success') : /^\d{3}$/.test(e.outcome) ? t('bo.audit.outcome.status', { status: e.outcome }) : e.outcome;
  const target = (e: AuditEntry) =>
    e.targetRequestId !== null
      ? t('bo.audit.target.request', { id: e.targetRequestId })
      : e.targetUserId !== null
        ? t('bo.audit.target.user', { id: e.targetUserId })
        : (e.route ?? '');
  const actor = (e: AuditEntry) =>
    e.actorName || e.actorFiscalCode ? [e.actorName, e.actorFiscalCode].filter(Boolean).join(' · ') : t('bo.audit.unknown-actor');
  const columns: ReadonlyArray<TableColumn<AuditEntry>> = [
    { name: 'at', label: t('bo.audit.columns.at'), sortField: 'at', isRowHeader: true, nowrap: true, render: (e) => formatDateTime(e.at) },
    { name: 'actor', label: t('bo.audit.columns.actor'), wide: true, render: actor },
    { name: 'action', label: t('bo.audit.columns.action'), render: (e) => t(`bo.audit.action.${e.action}`) },
    { name: 'target', label: t('bo.audit.columns.target'), render: target },
    { name: 'outcome', label: t('bo.audit.columns.outcome'), render: outcome },
    { name: 'origin', label: t('bo.audit.columns.origin'), nowrap: true, render: (e) => e.clientAddress ?? '' },
  ];
  return (
    <div className="container my-5">
      <div className="app-page-head">
        <h1>{t('pages.bo-audit-log.title')}</h1>
      </div>
      <SearchBar label={t('bo.audit.search')} onSearch={(filter) => list.send({ type: 'SEARCH', filter })} initial={context.filter} />
      <div className="app-desk-tools">
        <div className="form-group app-desk-select">
          <label htmlFor="audit-action" className="active app-label-above">
            {t('bo.audit.action-filter')}
          </label>
          <select id="audit-action" className="form-select" value={view.action ?? ''} onChange={(event) => setFilter('action', event.target.value)}>
            <option value="">{t('bo.audit.action-all')}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(`bo.audit.action.${action}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="form-group app-desk-select">
          <label htmlFor="audit-from" className="active app-label-above">
            {t('bo.audit.from')}
          </label>
          <input
            id="audit-from"
            type="date"
            className="form-control"
            value={view.from ?? ''}
            max={view.to ?? undefined}
            onChange={(event) => setFilter('from', event.target.value)}
          />
        </div>
        <div className="form-group app-desk-select">
          <label htmlFor="audit-to" className="active app-label-above">
            {t('bo.audit.to')}
          </label>
          <input
            id="audit-to"
            type="date"
            className="form-control"
            value={view.to ?? ''}
            min={view.from ?? undefined}
            onChange={(event) => setFilter('to', event.target.value)}
          />
        </div>
        <PageSizeSelect
          id="audit-size"
          label={t('bo.audit.page-size')}
          value={context.size}
          sizes={AUDIT_PAGE_SIZES}
          onChange={(size) => list.send({ type: 'SET_SIZE', size })}
        />
      </div>
      {list.failed && <RetrieveError status={context.status} onRetry={() => list.send({ type: 'RELOAD' })} />}
      <p className="app-list-count" aria-live="polite">
        {!list.failed && !list.loading ? t('bo.audit.count', { count: context.totalResults }) : ''}
      </p>
      <DataTable
        label={t('bo.audit.table')}
        columns={columns}
        items={list.items}
        rowKey={(e) => e.auditId}
        sort={context.sort}
        onSort={(field) => list.send({ type: 'SORT', field })}
        emptyText={list.loading ? t('bo.list.loading') : t('bo.audit.empty')}
      />
      {list.showsPaginator && <Paginator page={context.page} totalPages={context.totalPages} onPage={(page) => list.send({ type: 'SET_PAGE', page })} />}
    </div>
  );
}
