// Spec §9 paginator with Bootstrap Italia's markup: previous, the pages of machines/listQuery/
// paginator.ts (first, last, the current one, spacers for the gaps), next. Previous and next are
// disabled at the ends; the current page is marked for assistive technology.
import { Button } from 'react-aria-components';
import { paginator } from '../../../machines/listQuery/paginator.ts';
import { Icon } from '../components/Icon.tsx';
import { useT } from '../i18n/useT.ts';

interface Props {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** Names the navigation landmark when a screen has more than one list. */
  label?: string;
}

export function Paginator({ page, totalPages, onPage, label }: Props) {
  const t = useT();
  const model = paginator(page, totalPages);
  if (model.entries.length === 0) return null;
  return (
    <nav className="pagination-wrapper justify-content-center" aria-label={label ?? t('paginator.label')}>
      <ul className="pagination">
        <li className={`page-item${model.previous === null ? ' disabled' : ''}`}>
          <Button className="page-link" isDisabled={model.previous === null} onPress={() => model.previous !== null && onPage(model.previous)}>
            <Icon name="arrow-left" className="icon-primary icon-sm" />
            <span className="visually-hidden">{t('paginator.previous')}</span>
          </Button>
        </li>
        {model.entries.map((entry) =>
          entry.kind === 'spacer' ? (
            <li key={`spacer-${entry.after}`} className="page-item">
              <span className="app-page-spacer" aria-hidden="true">
                …
              </span>
            </li>
          ) : (
            <li key={entry.page} className={`page-item${entry.current ? ' active' : ''}`}>
              <Button
                className="page-link"
                aria-current={entry.current ? 'page' : undefined}
                aria-label={t('paginator.page', { page: entry.page, total: totalPages })}
                onPress={() => !entry.current && onPage(entry.page)}
              >
                {entry.page}
              </Button>
            </li>
          ),
        )}
        <li className={`page-item${model.next === null ? ' disabled' : ''}`}>
          <Button className="page-link" isDisabled={model.next === null} onPress={() => model.next !== null && onPage(model.next)}>
            <span className="visually-hidden">{t('paginator.next')}</span>
            <Icon name="arrow-right" className="icon-primary icon-sm" />
          </Button>
        </li>
      </ul>
    </nav>
  );
}
