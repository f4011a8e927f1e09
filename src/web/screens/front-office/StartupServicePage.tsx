// Startup service page: a Designers Italia service sheet ("scheda servizio"). Title and lead with
// the login box beside them, then the page index and the sections: what it is, who it is for, how
// to do it (the four-phase timeline), what you need (the released-document requirements and the
// documents to attach, startup-service/RequiredDocuments.tsx), what you get, phases and deadlines,
// documents (the two PDFs with their sizes) and contacts.
import { useConfig } from '../../app/ConfigProvider.tsx';
import { DEFAULT_DRAFT_RETENTION_DAYS } from '#shared/constants.ts';
import { SERVICE_REQUIREMENTS } from '#shared/service-requirements.ts';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { useT } from '../../i18n/use-t.ts';
import { ArticleLayout, ArticleSection, BlockView, ContentSection } from './content/ArticleView.tsx';
import { Downloads } from './startup-service/Downloads.tsx';
import { LoginBox } from './startup-service/LoginBox.tsx';
import { RequiredDocuments } from './startup-service/RequiredDocuments.tsx';
import { SERVICE_SHEET } from './startup-service/content.ts';
import { ServiceTimeline } from './startup-service/ServiceTimeline.tsx';

export function StartupServicePage() {
  const t = useT();
  const { language } = useLanguage();
  const administration = useConfig()?.settings.administrationName ?? t('header.portal-name');
  const sheet = SERVICE_SHEET[language];
  const requirements = SERVICE_REQUIREMENTS[language];
  const values = { administration, days: DEFAULT_DRAFT_RETENTION_DAYS };
  const sections = [sheet.whatItIs, sheet.whoFor, sheet.howTo, sheet.whatYouNeed, sheet.whatYouGet, sheet.deadlines, sheet.documents, sheet.contacts];
  return (
    <ArticleLayout title={t('pages.startup-service.title')} lead={sheet.lead} index={sections.map(({ id, title }) => ({ id, title }))} aside={<LoginBox />}>
      <ContentSection section={sheet.whatItIs} values={values} />
      <ContentSection section={sheet.whoFor} values={values} />
      <ArticleSection id={sheet.howTo.id} title={sheet.howTo.title}>
        {sheet.howTo.blocks.map((block, position) => (
          <BlockView key={position} block={block} values={values} />
        ))}
        <ServiceTimeline steps={sheet.howTo.steps} label={t('startup-service.timeline')} />
      </ArticleSection>
      <ArticleSection id={sheet.whatYouNeed.id} title={sheet.whatYouNeed.title}>
        <h3 className="h5">{requirements.title}</h3>
        <p>{requirements.intro}</p>
        <ul className="app-article-list" data-testid="requirements">
          {requirements.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <RequiredDocuments />
      </ArticleSection>
      <ContentSection section={sheet.whatYouGet} values={values} />
      <ContentSection section={sheet.deadlines} values={values} />
      <ArticleSection id={sheet.documents.id} title={sheet.documents.title}>
        {sheet.documents.blocks.map((block, position) => (
          <BlockView key={position} block={block} values={values} />
        ))}
        <Downloads />
      </ArticleSection>
      <ContentSection section={sheet.contacts} values={values} />
    </ArticleLayout>
  );
}
