// A page made only of long content (support, privacy policy, help areas): the route's title as the
// h1, the article's lead, its page index and sections, with the administration's name and the
// draft retention filled in.
import { useConfig } from '../../app/ConfigProvider.tsx';
import { DEFAULT_DRAFT_RETENTION_DAYS } from '#shared/constants.ts';
import { useT } from '../../i18n/use-t.ts';
import { useRouteHandle } from '../../routes/handle.ts';
import { ArticleLayout, ContentSection } from './content/ArticleView.tsx';
import type { Article } from './content/article.ts';

export function ContentPage({ article, values = {} }: { article: Article; values?: Readonly<Record<string, string | number>> }) {
  const t = useT();
  const handle = useRouteHandle();
  const administration = useConfig()?.settings.administrationName ?? t('header.portal-name');
  const filled = { administration, days: DEFAULT_DRAFT_RETENTION_DAYS, ...values };
  return (
    <ArticleLayout title={t(handle?.titleKey ?? 'header.portal-name')} lead={article.lead} index={article.sections.map(({ id, title }) => ({ id, title }))}>
      {article.sections.map((section) => (
        <ContentSection key={section.id} section={section} values={filled} />
      ))}
    </ArticleLayout>
  );
}
