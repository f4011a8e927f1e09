// The request desk (spec §2 back-office requests, §3 request list columns, §9 page size 5, sorted
// by request id descending): a sortable table in the current language, the search bar and the
// paginator, all driven by a listQuery machine. Opening a request keeps its id in session storage
// (spec §2), so the details survive a reload.
import { Button } from 'react-aria-components';
import { useNavigate } from 'react-router-dom';
import { BO_REQUEST_SORT_FIELDS, BoRequestListDefaults } from '../../../shared/api/back-office.ts';
import type { SuapRequest } from '../../../shared/api/requests.ts';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { useT } from '../../i18n/useT.ts';
import { formatDateTime } from '../../lists/dates.ts';
import { DataTable, type TableColumn } from '../../lists/DataTable.tsx';
import { Paginator } from '../../lists/Paginator.tsx';
import { serviceName } from '../../lists/request/rules.ts';
import { StateBadge } from '../../lists/request/StateBadge.tsx';
import { RetrieveError } from '../../lists/RetrieveError.tsx';
import { SearchBar } from '../../lists/SearchBar.tsx';
import { useListQuery } from '../../lists/useListQuery.ts';
import { Paths } from '../../routes/paths.ts';
import '../../lists/lists.scss';
import './back-office.scss';
import { listRequests } from './api.ts';
import { rememberChosenRequest } from './selection.ts';

const DESK_QUERY = { ...BoRequestListDefaults, sortFields: BO_REQUEST_SORT_FIELDS };

export function RequestDeskPage() {
  const t = useT();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const list = useListQuery<SuapRequest>(DESK_QUERY, (query) => listRequests(query));
  const { context } = list;

  const open = (requestId: number) => {
    rememberChosenRequest(requestId);
    void navigate(Paths.boRequestDetails);
  };

  const columns: ReadonlyArray<TableColumn<SuapRequest>> = [
    { name: 'sentRequestDate', label: t('bo.requests.columns.sent-date'), sortField: 'sentRequestDate', nowrap: true, render: (r) => formatDateTime(r.sentRequestDate) || t('bo.requests.not-sent') },
    { name: 'requestId', label: t('bo.requests.columns.request-id'), sortField: 'requestId', isRowHeader: true, render: (r) => r.requestId },
    { name: 'firstName', label: t('bo.requests.columns.first-name'), sortField: 'firstName', render: (r) => r.user.firstName },
    { name: 'suapName', label: t('bo.requests.columns.office'), wide: true, render: (r) => r.suap?.name ?? '' },
    {
      name: 'actions',
      label: t('bo.requests.columns.actions'),
      render: (r) => (
        <Button className="btn btn-outline-primary btn-xs" aria-label={t('bo.requests.open-label', { id: r.requestId })} onPress={() => open(r.requestId)}>
          {t('bo.requests.open')}
        </Button>
      ),
    },
    { name: 'stateOfRequest', label: t('bo.requests.columns.state'), sortField: 'stateOfRequest', render: (r) => <StateBadge request={r} /> },
    { name: 'typeOfService', label: t('bo.requests.columns.type'), wide: true, render: (r) => serviceName(language, r) },
  ];

  return (
    <div className="container my-5">
      <h1>{t('pages.bo-requests.title')}</h1>
      <p className="lead">{t('bo.requests.intro')}</p>
      <SearchBar label={t('bo.requests.search')} onSearch={(filter) => list.send({ type: 'SEARCH', filter })} initial={context.filter} />
      {list.failed && <RetrieveError onRetry={() => list.send({ type: 'RELOAD' })} />}
      <p className="app-list-count" aria-live="polite">
        {!list.failed && !list.loading ? t('bo.requests.count', { count: context.totalResults }) : ''}
      </p>
      <DataTable
        label={t('bo.requests.table')}
        columns={columns}
        items={list.items}
        rowKey={(r) => r.requestId}
        sort={context.sort}
        onSort={(field) => list.send({ type: 'SORT', field })}
        emptyText={list.loading ? t('bo.list.loading') : t('bo.requests.empty')}
      />
      {list.showsPaginator && <Paginator page={context.page} totalPages={context.totalPages} onPage={(page) => list.send({ type: 'SET_PAGE', page })} />}
    </div>
  );
}
