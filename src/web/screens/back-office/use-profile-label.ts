// A staff profile as staff read it: the server's description when it sent one, else our own text.
import type { Profile } from '#shared/domain.ts';
import { Role } from '#shared/constants.ts';
import { useT } from '../../i18n/use-t.ts';

export function useProfileLabel(): (profile: Profile) => string {
  const t = useT();
  return (profile) => {
    if (profile.profileId === Role.BO_ADMIN) return t('bo.profile.admin');
    if (profile.profileId === Role.BO_COLLAB) return t('bo.profile.collab');
    if (profile.profileId === Role.CLERK) return t('bo.profile.clerk');
    return profile.description ?? String(profile.profileId);
  };
}
