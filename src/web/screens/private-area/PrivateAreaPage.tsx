// The citizen's private area (spec §2): their drafts and sent requests as cards, newest first,
// three per page, the paginator only when there are more than three. The list's query is the
// listQuery machine's; deleting a draft is the draft machine's (useDraftDeletion).
import { selectUser } from '../../../../machines/auth.ts';
import type { SuapRequest } from '../../../shared/api/requests.ts';
import { AuthActor } from '../../app/machines.ts';
import { useT } from '../../i18n/useT.ts';
import { Paginator } from '../../lists/Paginator.tsx';
import { RetrieveError } from '../../lists/RetrieveError.tsx';
import { useListQuery } from '../../lists/useListQuery.ts';
import '../../lists/lists.scss';
import './private-area.scss';
import { listOwnRequests } from './api.ts';
import { CARDS_QUERY, cardsPage } from './cards.ts';
import { RequestCard } from './RequestCard.tsx';
import { useDraftDeletion } from './useDraftDeletion.ts';

const TITLE_ID = 'private-area-title';

export function PrivateAreaPage() {
  const t = useT();
  const userId = AuthActor.useSelector((snapshot) => selectUser(snapshot)?.userId ?? null);
  const list = useListQuery<SuapRequest>(CARDS_QUERY, async (query) => {
    // Spec §5: without a known user the list is empty.
    if (userId === null) return { items: [], totalResults: 0, totalPages: 0 };
    return cardsPage(await listOwnRequests(userId), query);
  });
  const deletion = useDraftDeletion(() => list.send({ type: 'RELOAD' }), TITLE_ID);
  const { context } = list;
  return (
    <div className="container my-5">
      <h1 id={TITLE_ID} tabIndex={-1}>
        {t('pages.private-area.title')}
      </h1>
      <p className="lead">{t('pa.intro')}</p>
      {list.failed && <RetrieveError status={context.status} onRetry={() => list.send({ type: 'RELOAD' })} />}
      <p className="app-list-count" aria-live="polite">
        {!list.failed && !list.loading ? t('pa.count', { count: context.totalResults }) : ''}
      </p>
      {list.items.length > 0 && (
        <ul className="app-card-list" aria-label={t('pa.list-label')}>
          {list.items.map((request) => (
            <li key={request.requestId}>
              <RequestCard request={request} deleting={deletion.deleting === request.requestId} onDelete={deletion.askToDelete} />
            </li>
          ))}
        </ul>
      )}
      {list.showsPaginator && <Paginator page={context.page} totalPages={context.totalPages} onPage={(page) => list.send({ type: 'SET_PAGE', page })} />}
    </div>
  );
}
