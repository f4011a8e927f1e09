// The one paginator of the portal (spec §9, docs/machines/README.md): the desk, the staff list, the private
// area and the office and initiative lists of the wizard. Bootstrap Italia's markup: previous, the
// pages of machines/list-query/paginator.ts (first, last, the current one, a gap of one page shown,
// spacers for longer gaps), next. Previous and next are disabled at the ends; the current page is
// marked for assistive technology. Nothing is drawn for a single page (spec §2). Plain <button>s
// (docs/performance.md): react-aria's Button added nothing here but 13 KB before interaction.
import { paginator } from '#machines/list-query/paginator.ts';
import { Icon } from '../components/Icon.tsx';
import { useT } from '../i18n/use-t.ts';
import './controls.scss';

interface Props {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** Names the navigation landmark when a screen has more than one list. */
  label?: string;
  /** Every control disabled (a page on its way, a read-only step). */
  isDisabled?: boolean;
}

export function Paginator({ page, totalPages, onPage, label, isDisabled = false }: Props) {
  const t = useT();
  if (totalPages <= 1) return null;
  const model = paginator(page, totalPages);
  return (
    <nav className="pagination-wrapper justify-content-center app-paginator" aria-label={label ?? t('paginator.label')}>
      <ul className="pagination">
        <li className={`page-item${model.previous === null ? ' disabled' : ''}`}>
          <button
            type="button"
            className="page-link"
            disabled={isDisabled || model.previous === null}
            onClick={() => model.previous !== null && onPage(model.previous)}
          >
            <Icon name="arrow-left" className="icon-primary icon-sm" />
            <span className="visually-hidden">{t('paginator.previous')}</span>
          </button>
        </li>
        {model.entries.map((entry) =>
          entry.kind === 'spacer' ? (
            <li key={`spacer-${entry.after}`} className="page-item" aria-hidden="true">
              <span className="app-page-spacer">…</span>
            </li>
          ) : (
            <li key={entry.page} className={`page-item${entry.current ? ' active' : ''}`}>
              <button
                type="button"
                className="page-link"
                disabled={isDisabled}
                aria-current={entry.current ? 'page' : undefined}
                aria-label={t('paginator.page', { page: entry.page, total: totalPages })}
                onClick={() => !entry.current && onPage(entry.page)}
              >
                {entry.page}
              </button>
            </li>
          ),
        )}
        <li className={`page-item${model.next === null ? ' disabled' : ''}`}>
          <button type="button" className="page-link" disabled={isDisabled || model.next === null} onClick={() => model.next !== null && onPage(model.next)}>
            <span className="visually-hidden">{t('paginator.next')}</span>
            <Icon name="arrow-right" className="icon-primary icon-sm" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
