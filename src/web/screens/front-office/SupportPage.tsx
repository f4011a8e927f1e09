// Support page (spec §2 "help-page"): how to get help, with the online help of the visitor's kind.
import { selectArea, selectIsLoggedIn } from '#machines/auth.ts';
import { useConfig } from '../../app/ConfigProvider.tsx';
import { AuthActor } from '../../app/machines.ts';
import { helpOnlineTarget } from '../../components/help-links.ts';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { ContentPage } from './ContentPage.tsx';
import { SUPPORT } from './content/support.ts';

export function SupportPage() {
  const { language } = useLanguage();
  const configured = useConfig()?.settings.helpOnlineUrl;
  const loggedIn = AuthActor.useSelector(selectIsLoggedIn);
  const area = AuthActor.useSelector(selectArea);
  return <ContentPage article={SUPPORT[language]} values={{ help: helpOnlineTarget(configured, loggedIn ? area : null) }} />;
}
