// The request desk (spec §2 back-office requests, §9 page size 5 sorted by request id descending;
// docs/architecture.md "The clerks' desk"): the view — search, sort, page, page size, state filter — lives in the address,
// so Back from a request, a reload and a shared link show the same view. Each row opens its
// request through a real link (/back-office/requests/{id}, good in a new tab) that carries the
// view along; the search finds full name, fiscal code, office and request number (digits of any
// length). At 375 px the table becomes stacked cards. One listQuery machine drives the list.
// On a phone the table is not rendered at all, and its code (react-aria's Table, ~45 KB compressed)
// is not downloaded: the route waits for it only where it is shown (deskReady, docs/performance.md).
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { BO_REQUEST_PAGE_SIZES, BO_REQUEST_SORT_FIELDS, BO_REQUEST_STATES, BoRequestListDefaults, type BoRequestSortField } from '#shared/api/back-office.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import { DEFAULT_SEARCH_RULES } from '#shared/validation/search-bar.ts';
import { ValueOrEmpty } from '../../components/EmptyValue.tsx';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { useT } from '../../i18n/use-t.ts';
import { formatDateTime } from '../../lists/dates.ts';
import type { TableColumn } from '../../lists/DataTable.tsx';
import { LazyDataTable, loadDataTable } from '../../lists/LazyDataTable.tsx';
import { Paginator } from '../../lists/Paginator.tsx';
import { PageSizeSelect } from '../../lists/PageSizeSelect.tsx';
import { serviceName } from '../../lists/request/rules.ts';
import { StateBadge } from '../../lists/request/StateBadge.tsx';
import { useStateLabel } from '../../lists/request/RequestParts.tsx';
import { RetrieveError } from '../../lists/RetrieveError.tsx';
import { SearchBar } from '../../lists/SearchBar.tsx';
import { useListQuery } from '../../lists/use-list-query.ts';
import { useMediaQuery } from '../../hooks/use-media-query.ts';
import { boRequestPath, Paths } from '../../routes/paths.ts';
import '../../lists/lists.scss';
import './back-office.scss';
import { loadDeskPage } from '../../actors/back-office.ts';
import { deskSearchOfView, deskViewOf, type DeskView } from './desk-view.ts';
import { rememberChosenRequest } from './selection.ts';
import { activityAddressLine } from '#shared/api/activity-address.ts';

/** Where the desk shows cards instead of its table (the breakpoint of back-office.scss). */
const PHONE_QUERY = '(max-width: 575.98px)';

/** What the desk's first render needs besides its own module: the table's code, where it is shown. */
export async function deskReady(): Promise<void> {
  const phone = typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;
  if (!phone) await loadDataTable();
}

/** Digits of any length are a request number, so they need no minimum (docs/architecture.md "The clerks' desk"). */
const DESK_SEARCH_RULES = { ...DEFAULT_SEARCH_RULES, anyLength: /^\d+$/ };

export function RequestDeskPage() {
  const { search } = useLocation();
  // The address the list wrote last: a different one (Back, a menu link, a pasted link) starts
  // the list again from the address.
  const written = useRef<string | null>(null);
  const generation = useRef(0);
  if (written.current !== null && written.current !== search) generation.current += 1;
  written.current = search;
  return <Desk key={generation.current} initial={deskViewOf(search)} onView={(next) => (written.current = next)} />;
}

function Desk({ initial, onView }: { initial: DeskView; onView: (search: string) => void }) {
  const t = useT();
  const { language } = useLanguage();
  const stateLabel = useStateLabel();
  const navigate = useNavigate();
  const { search } = useLocation();
  const phone = useMediaQuery(PHONE_QUERY);
  const list = useListQuery<SuapRequest>(
    {
      ...BoRequestListDefaults,
      sortFields: BO_REQUEST_SORT_FIELDS,
      page: initial.page,
      filter: initial.filter,
      filters: { state: null },
      view: { size: initial.size, sort: initial.sort, filters: { state: initial.state } },
    },
    loadDeskPage,
  );
  const { context } = list;
  const idle = useSelector(list.actor, (s) => s.matches('ready') || s.matches('failed'));
  const view: DeskView = {
    page: context.page,
    size: context.size,
    sort: context.sort as DeskView['sort'],
    filter: context.filter,
    state: typeof context.filters.state === 'number' ? context.filters.state : null,
  };
  const viewSearch = deskSearchOfView(view);
  const address = deskSearchOfView(view, search);

  useEffect(() => {
    // A request is what a clerk opens from here: its screen's code is fetched and evaluated while
    // the desk is idle, not in the task of the click that opens it (there it cost ~100 ms on a
    // phone, mostly appending the chunk's preload links; docs/performance.md). Where the browser has no
    // idle callback (tests), nothing is fetched ahead.
    if (typeof window.requestIdleCallback !== 'function') return;
    const idle = window.requestIdleCallback(() => void import('./BoRequestDetailsPage.tsx'), { timeout: 2000 });
    return () => window.cancelIdleCallback(idle);
  }, []);

  useEffect(() => {
    // The address follows the view (replacing, so Back leaves the desk instead of undoing a sort);
    // its other parameters (the language) stay.
    if (!idle || address === search) return;
    onView(address);
    void navigate(`${Paths.boRequests}${address}`, { replace: true });
  }, [idle, address, search, navigate, onView]);

  const linkTo = (r: SuapRequest) => `${boRequestPath(r.requestId)}${viewSearch}`;
  const open = (r: SuapRequest) => (
    <Link
      className="btn btn-outline-primary btn-xs"
      to={linkTo(r)}
      aria-label={t('bo.requests.open-label', { id: r.requestId })}
      onClick={() => rememberChosenRequest(r.requestId)}
    >
      {t('bo.requests.open')}
    </Link>
  );
  const fullName = (r: SuapRequest) => `${r.user.firstName} ${r.user.lastName}`;

  const columns: ReadonlyArray<TableColumn<SuapRequest>> = [
    { name: 'requestId', label: t('bo.requests.columns.request-id'), sortField: 'requestId', isRowHeader: true, nowrap: true, render: (r) => r.requestId },
    {
      name: 'sentRequestDate',
      label: t('bo.requests.columns.sent-date'),
      sortField: 'sentRequestDate',
      nowrap: true,
      render: (r) => formatDateTime(r.sentRequestDate) || t('bo.requests.not-sent'),
    },
    { name: 'firstName', label: t('bo.requests.columns.applicant'), sortField: 'firstName', render: fullName },
    { name: 'fiscalCode', label: t('bo.requests.columns.fiscal-code'), nowrap: true, render: (r) => r.user.fiscalCode },
    { name: 'suapName', label: t('bo.requests.columns.office'), wide: true, render: (r) => <ValueOrEmpty value={r.suap?.name} /> },
    // Where the business will be: the business's address in the municipality of the activity.
    {
      name: 'place',
      label: t('bo.requests.columns.place'),
      wide: true,
      render: (r) => (
        <ValueOrEmpty
          value={activityAddressLine(r.personalData?.activityAddress, r.municipality ? `${r.municipality.nameIt} (${r.municipality.province.code})` : null)}
        />
      ),
    },
    { name: 'stateOfRequest', label: t('bo.requests.columns.state'), sortField: 'stateOfRequest', render: (r) => <StateBadge request={r} /> },
    { name: 'typeOfService', label: t('bo.requests.columns.type'), render: (r) => serviceName(language, r) },
    { name: 'actions', label: t('bo.requests.columns.actions'), render: open },
  ];

  const searching = context.filter !== null || view.state !== null;
  const empty = !list.loading && !list.failed && list.items.length === 0;

  // Padding, not margin, above the desk: a top margin of <main>'s first child collapsed through
  // <main> (the desk has no breadcrumb above it), so <main> began 8 px lower on the desk than on a
  // request's page and moved up when a request opened (a layout shift Lighthouse counted).
  return (
    <div className="container pt-2 mb-3 app-desk">
      <h1 className="h2 mb-2">{t('pages.bo-requests.title')}</h1>
      <div className="app-desk-tools">
        <SearchBar
          label={t('bo.requests.search')}
          rules={DESK_SEARCH_RULES}
          onSearch={(filter) => list.send({ type: 'SEARCH', filter })}
          initial={context.filter}
        />
        <div className="form-group app-desk-select">
          <label htmlFor="desk-state" className="active app-label-above">
            {t('bo.requests.state-filter')}
          </label>
          <select
            id="desk-state"
            className="form-select"
            value={view.state ?? ''}
            onChange={(event) => list.send({ type: 'SET_FILTERS', filters: { state: event.target.value === '' ? null : Number(event.target.value) } })}
          >
            <option value="">{t('bo.requests.state-all')}</option>
            {BO_REQUEST_STATES.map((state) => (
              <option key={state} value={state}>
                {stateLabel(state)}
              </option>
            ))}
          </select>
        </div>
        <PageSizeSelect
          id="desk-size"
          label={t('bo.requests.page-size')}
          value={context.size}
          sizes={BO_REQUEST_PAGE_SIZES}
          onChange={(size) => list.send({ type: 'SET_SIZE', size })}
        />
      </div>
      {list.failed && <RetrieveError status={context.status} onRetry={() => list.send({ type: 'RELOAD' })} />}
      <p className="app-list-count mb-1" aria-live="polite">
        {!list.failed && !list.loading ? t('bo.requests.count', { count: context.totalResults }) : ''}
      </p>
      {empty && searching ? (
        <div className="app-empty-search">
          <p className="mb-2">{t('bo.requests.no-match')}</p>
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => list.send({ type: 'RESET' })}>
            {t('bo.requests.clear-search')}
          </button>
        </div>
      ) : (
        <>
          <div className="app-desk-table">
            {!phone && (
              <LazyDataTable
                label={t('bo.requests.table')}
                columns={columns}
                items={list.items}
                rowKey={(r) => r.requestId}
                sort={context.sort}
                onSort={(field) => list.send({ type: 'SORT', field: field as BoRequestSortField })}
                emptyText={list.loading ? t('bo.list.loading') : t('bo.requests.empty')}
              />
            )}
          </div>
          <ul className="app-desk-cards list-unstyled" aria-label={t('bo.requests.cards')}>
            {list.items.map((r) => (
              <li key={r.requestId} className="app-desk-card">
                <p className="mb-1">
                  <strong>{t('bo.details.title', { id: r.requestId })}</strong> <StateBadge request={r} />
                </p>
                <p className="mb-1">
                  {fullName(r)} · {r.user.fiscalCode}
                </p>
                {open(r)}
              </li>
            ))}
          </ul>
        </>
      )}
      {list.showsPaginator && <Paginator page={context.page} totalPages={context.totalPages} onPage={(page) => list.send({ type: 'SET_PAGE', page })} />}
    </div>
  );
}
