// Staff management (spec §2 back-office users, §3 user table columns, §9 page size 5 sorted by name
// ascending): the staff list with search, sortable columns and the paginator (listQuery machine),
// the way to each person's details and to a new staff member. Administrators only (the guard).
import { Button } from 'react-aria-components';
import { Link, useNavigate } from 'react-router-dom';
import { BO_USER_SORT_FIELDS, BoUserListDefaults } from '#shared/api/back-office.ts';
import type { User } from '#shared/domain.ts';
import { useT } from '../../i18n/use-t.ts';
import { DataTable, type TableColumn } from '../../lists/DataTable.tsx';
import { Paginator } from '../../lists/Paginator.tsx';
import { RetrieveError } from '../../lists/RetrieveError.tsx';
import { SearchBar } from '../../lists/SearchBar.tsx';
import { useListQuery } from '../../lists/use-list-query.ts';
import { Paths } from '../../routes/paths.ts';
import '../../lists/lists.scss';
import './back-office.scss';
import { loadStaffPage } from '../../actors/back-office.ts';
import { userDetailsPath } from './selection.ts';
import { useProfileLabel } from './use-profile-label.ts';

const USERS_QUERY = { ...BoUserListDefaults, sortFields: BO_USER_SORT_FIELDS };

export function UserListPage() {
  const t = useT();
  const navigate = useNavigate();
  const profileLabel = useProfileLabel();
  const list = useListQuery<User>(USERS_QUERY, loadStaffPage);
  const { context } = list;
  const columns: ReadonlyArray<TableColumn<User>> = [
    { name: 'firstName', label: t('bo.users.columns.first-name'), sortField: 'firstName', isRowHeader: true, render: (u) => u.firstName },
    { name: 'lastName', label: t('bo.users.columns.last-name'), sortField: 'lastName', render: (u) => u.lastName },
    { name: 'fiscalCode', label: t('bo.users.columns.fiscal-code'), sortField: 'fiscalCode', nowrap: true, render: (u) => u.fiscalCode ?? '' },
    { name: 'email', label: t('bo.users.columns.email'), sortField: 'email', wide: true, render: (u) => u.email ?? '' },
    { name: 'profile', label: t('bo.users.columns.profile'), sortField: 'profile', render: (u) => profileLabel(u.profile) },
    {
      name: 'active',
      label: t('bo.users.columns.active'),
      sortField: 'active',
      render: (u) => t(u.active === 1 ? 'bo.users.active-yes' : 'bo.users.active-no'),
    },
    {
      name: 'actions',
      label: t('bo.users.columns.actions'),
      render: (u) => (
        <Button
          className="btn btn-outline-primary btn-xs"
          aria-label={t('bo.users.open-label', { name: `${u.firstName} ${u.lastName}` })}
          onPress={() => void navigate(userDetailsPath(u.userId))}
        >
          {t('bo.users.open')}
        </Button>
      ),
    },
  ];
  return (
    <div className="container my-5">
      <div className="app-page-head">
        <h1>{t('pages.bo-users.title')}</h1>
        <Link className="btn btn-primary" to={Paths.boUserCreate}>
          {t('bo.users.create')}
        </Link>
      </div>
      <SearchBar label={t('bo.users.search')} onSearch={(filter) => list.send({ type: 'SEARCH', filter })} initial={context.filter} />
      {list.failed && <RetrieveError status={context.status} onRetry={() => list.send({ type: 'RELOAD' })} />}
      <p className="app-list-count" aria-live="polite">
        {!list.failed && !list.loading ? t('bo.users.count', { count: context.totalResults }) : ''}
      </p>
      <DataTable
        label={t('bo.users.table')}
        columns={columns}
        items={list.items}
        rowKey={(u) => u.userId}
        sort={context.sort}
        onSort={(field) => list.send({ type: 'SORT', field })}
        emptyText={list.loading ? t('bo.list.loading') : t('bo.users.empty')}
      />
      {list.showsPaginator && <Paginator page={context.page} totalPages={context.totalPages} onPage={(page) => list.send({ type: 'SET_PAGE', page })} />}
    </div>
  );
}
