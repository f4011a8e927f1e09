// Designers Italia page layout for long content: title and lead, an optional box beside them (the
// service page's login box), then a page index ("Indice della pagina") next to the sections.
// Index links move focus to the section heading, as the skip links do, so keyboard and screen
// reader users land where sighted users scroll to.
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ExternalLink } from '#web/components/ExternalLink.tsx';
import { useT } from '#web/i18n/use-t.ts';
import { fill, type Block, type Section } from './article.ts';

export interface IndexEntry {
  id: string;
  title: string;
}

interface ArticleLayoutProps {
  title: string;
  lead: string;
  index: readonly IndexEntry[];
  /** Shown beside the title on large screens, under the lead on small ones. */
  aside?: ReactNode;
  children: ReactNode;
}

function goToSection(event: MouseEvent<HTMLAnchorElement>, id: string): void {
  const heading = document.getElementById(`${id}-title`);
  if (!heading) return;
  event.preventDefault();
  heading.focus({ preventScroll: true });
  heading.scrollIntoView?.({ block: 'start' });
}

export function ArticleLayout({ title, lead, index, aside, children }: ArticleLayoutProps) {
  const t = useT();
  return (
    <div className="container app-article">
      <div className="row">
        <div className={aside ? 'col-12 col-lg-7' : 'col-12 col-lg-9'}>
          <h1 className="app-article-title">{title}</h1>
          <p className="lead app-article-lead">{lead}</p>
        </div>
        {aside && <div className="col-12 col-lg-4 offset-lg-1">{aside}</div>}
      </div>
      <div className="row app-article-body">
        <div className="col-12 col-lg-3">
          <nav className="app-page-index" aria-labelledby="page-index-title">
            <h2 id="page-index-title" className="app-page-index-title">
              {t('page-index.title')}
            </h2>
            <ol className="app-page-index-list">
              {index.map((entry) => (
                <li key={entry.id}>
                  <a href={`#${entry.id}`} onClick={(event) => goToSection(event, entry.id)}>
                    {entry.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        </div>
        <div className="col-12 col-lg-8 offset-lg-1">{children}</div>
      </div>
    </div>
  );
}

/** One section: an h2 that the page index can focus, then its content. */
export function ArticleSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="app-article-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export function BlockView({ block, values }: { block: Block; values: Readonly<Record<string, string | number>> }) {
  switch (block.kind) {
    case 'p':
      return <p>{fill(block.text, values)}</p>;
    case 'note':
      return <p className="app-article-note">{fill(block.text, values)}</p>;
    case 'ul':
    case 'ol': {
      const List = block.kind;
      return (
        <List className="app-article-list">
          {block.items.map((item) => (
            <li key={item}>{fill(item, values)}</li>
          ))}
        </List>
      );
    }
    case 'link': {
      const to = fill(block.to, values);
      return (
        <p>
          {/^https?:\/\//.test(to) ? (
            <ExternalLink href={to} showIcon>
              {fill(block.text, values)}
            </ExternalLink>
          ) : (
            <Link to={to}>{fill(block.text, values)}</Link>
          )}
        </p>
      );
    }
  }
}

/** A section made only of content blocks. */
export function ContentSection({ section, values }: { section: Section; values: Readonly<Record<string, string | number>> }) {
  return (
    <ArticleSection id={section.id} title={section.title}>
      {section.blocks.map((block, position) => (
        <BlockView key={`${block.kind}-${position}`} block={block} values={values} />
      ))}
    </ArticleSection>
  );
}
