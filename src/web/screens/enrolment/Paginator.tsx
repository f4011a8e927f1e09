// Bootstrap Italia's pagination (spec §9 "Paginator"): first and last page always, spacers for the
// pages left out, previous and next disabled at the ends. Shown only when there is more than one page.
import { Button } from 'react-aria-components';
import { Icon } from '../../components/Icon.tsx';
import { pageItems } from '../../enrolment/paging.ts';
import { useT } from '../../i18n/useT.ts';

interface Props {
  label: string;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  isDisabled?: boolean;
}

export function Paginator({ label, page, totalPages, onPage, isDisabled }: Props) {
  const t = useT();
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination-wrapper app-paginator" aria-label={label}>
      <ul className="pagination">
        <li className={`page-item${page <= 1 ? ' disabled' : ''}`}>
          <Button className="page-link" isDisabled={isDisabled || page <= 1} onPress={() => onPage(page - 1)} aria-label={t('ep.paginator.previous')}>
            <Icon name="arrow-left" />
          </Button>
        </li>
        {pageItems(page, totalPages).map((item) =>
          item.kind === 'spacer' ? (
            <li key={item.key} className="page-item" aria-hidden="true">
              <span className="page-link app-page-spacer">…</span>
            </li>
          ) : (
            <li key={item.page} className={`page-item${item.page === page ? ' active' : ''}`}>
              <Button
                className="page-link"
                isDisabled={isDisabled}
                aria-current={item.page === page ? 'page' : undefined}
                aria-label={t('ep.paginator.page', { page: item.page })}
                onPress={() => item.page !== page && onPage(item.page)}
              >
                {item.page}
              </Button>
            </li>
          ),
        )}
        <li className={`page-item${page >= totalPages ? ' disabled' : ''}`}>
          <Button className="page-link" isDisabled={isDisabled || page >= totalPages} onPress={() => onPage(page + 1)} aria-label={t('ep.paginator.next')}>
            <Icon name="arrow-right" />
          </Button>
        </li>
      </ul>
    </nav>
  );
}
