// The five help-online areas (spec §1, §2): public (open), private (citizens), back office,
// administrators and collaborators (staff). Access is the route guard's job (routes/access.ts);
// this screen shows the variant its route names.
import type { Localized, Article } from '../front-office/content/article.ts';
import { ContentPage } from '../front-office/ContentPage.tsx';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { HELP_PRIVATE, HELP_PUBLIC } from './content/citizen.ts';
import { HELP_ADMIN, HELP_BACK_OFFICE, HELP_COLLAB } from './content/staff.ts';

export type HelpVariant = 'public' | 'private' | 'back-office' | 'admin' | 'collab';

const CONTENT: Record<HelpVariant, Localized<Article>> = {
  public: HELP_PUBLIC,
  private: HELP_PRIVATE,
  'back-office': HELP_BACK_OFFICE,
  admin: HELP_ADMIN,
  collab: HELP_COLLAB,
};

export function HelpOnlinePage({ variant }: { variant: HelpVariant }) {
  const { language } = useLanguage();
  return <ContentPage article={CONTENT[variant][language]} />;
}

export const PublicHelpPage = () => <HelpOnlinePage variant="public" />;
export const PrivateHelpPage = () => <HelpOnlinePage variant="private" />;
export const BackOfficeHelpPage = () => <HelpOnlinePage variant="back-office" />;
export const AdminHelpPage = () => <HelpOnlinePage variant="admin" />;
export const CollabHelpPage = () => <HelpOnlinePage variant="collab" />;
