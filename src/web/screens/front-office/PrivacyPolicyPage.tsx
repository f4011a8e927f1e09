// Privacy policy page (spec §2): the GDPR notice, with the administration as controller.
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { ContentPage } from './ContentPage.tsx';
import { PRIVACY } from './content/privacy.ts';

export function PrivacyPolicyPage() {
  const { language } = useLanguage();
  return <ContentPage article={PRIVACY[language]} />;
}
