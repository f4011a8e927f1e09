// The citizen's private area (spec §2): their drafts and sent requests as cards, newest first,
// three per page, the paginator only when there are more than three. The list's query is the
// listQuery machine's, its list call a loader of src/web/actors; deleting a draft is the
// draftDeletion machine's (useDraftDeletion). The page lives in the address
// (`?page=2`), so Back from a request's details and a reload show the same page. Deleted drafts
// can be hidden (a checkbox, `?deleted=hide`) and never count in "Hai N richieste" (cards.ts).
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { selectUser } from '#machines/auth.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import { loadOwnCards } from '../../actors/private-area.ts';
import { AuthActor } from '../../app/machines.ts';
import { useT } from '../../i18n/use-t.ts';
import { Paginator } from '../../lists/Paginator.tsx';
import { RetrieveError } from '../../lists/RetrieveError.tsx';
import { useListQuery } from '../../lists/use-list-query.ts';
import { Paths } from '../../routes/paths.ts';
import '../../lists/lists.scss';
import './private-area.scss';
import { CARDS_QUERY, cardsHideDeletedOf, cardsPageOf, cardsSearchOf, HIDE_DELETED } from './cards.ts';
import { RequestCard } from './RequestCard.tsx';
import { useDraftDeletion } from './use-draft-deletion.ts';

const TITLE_ID = 'private-area-title';
const HIDE_DELETED_ID = 'private-area-hide-deleted';

export function PrivateAreaPage() {
  const { search } = useLocation();
  // The address the list wrote last: a different one (Back, the menu's link, a pasted link) starts
  // the list again from the address.
  const written = useRef<string | null>(null);
  const generation = useRef(0);
  if (written.current !== null && written.current !== search) generation.current += 1;
  written.current = search;
  return <Cards key={generation.current} page={cardsPageOf(search)} onAddress={(next) => (written.current = next)} />;
}

function Cards({ page, onAddress }: { page: number; onAddress: (search: string) => void }) {
  const t = useT();
  const navigate = useNavigate();
  const { search } = useLocation();
  const userId = AuthActor.useSelector((snapshot) => selectUser(snapshot)?.userId ?? null);
  const [initialHide] = useState(() => cardsHideDeletedOf(search));
  const list = useListQuery<SuapRequest>({ ...CARDS_QUERY, page, filters: { deleted: initialHide ? HIDE_DELETED : null } }, (query) =>
    loadOwnCards(userId, query),
  );
  const deletion = useDraftDeletion(() => list.send({ type: 'RELOAD' }), TITLE_ID);
  const { context } = list;
  const shown = useSelector(list.actor, (s) => s.matches('ready'));
  const hideDeleted = context.filters.deleted === HIDE_DELETED;
  const address = cardsSearchOf(context.page, search, hideDeleted);
  const counts = context.counts;
  const deletedCount = counts?.deleted ?? 0;

  useEffect(() => {
    // The address follows the page shown (replacing: Back leaves the private area rather than
    // paging back); a page past the end becomes the last one.
    if (!shown || address === search) return;
    onAddress(address);
    void navigate(`${Paths.privateArea}${address}`, { replace: true });
  }, [shown, address, search, navigate, onAddress]);

  return (
    <div className="container my-5">
      <h1 id={TITLE_ID} tabIndex={-1}>
        {t('pages.private-area.title')}
      </h1>
      <p className="lead">{t('pa.intro')}</p>
      {list.failed && <RetrieveError status={context.status} onRetry={() => list.send({ type: 'RELOAD' })} />}
      <p className="app-list-count" aria-live="polite">
        {!list.failed && !list.loading ? t('pa.count', { count: counts?.requests ?? context.totalResults }) : ''}
      </p>
      {/* Only when there is something to hide (or hidden): the person's deleted drafts. */}
      {(deletedCount > 0 || hideDeleted) && (
        <div className="form-check app-hide-deleted">
          <input
            id={HIDE_DELETED_ID}
            type="checkbox"
            checked={hideDeleted}
            onChange={(event) => list.send({ type: 'SET_FILTERS', filters: { deleted: event.target.checked ? HIDE_DELETED : null } })}
          />
          <label htmlFor={HIDE_DELETED_ID}>{t('pa.hide-deleted', { count: deletedCount })}</label>
        </div>
      )}
      {list.items.length > 0 && (
        <ul className="app-card-list" aria-label={t('pa.list-label')}>
          {list.items.map((request) => (
            <li key={request.requestId}>
              {/* One delete at a time: while a draft is being deleted no card offers "delete" (the machine would ignore it). */}
              <RequestCard request={request} deleting={deletion.deleting !== null} onDelete={deletion.askToDelete} />
            </li>
          ))}
        </ul>
      )}
      {list.showsPaginator && <Paginator page={context.page} totalPages={context.totalPages} onPage={(next) => list.send({ type: 'SET_PAGE', page: next })} />}
    </div>
  );
}
