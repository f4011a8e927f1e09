// A new staff member (spec §2 back-office user create, §8): the staff form on its machine; once
// saved, a success alert names the person and the profile (Italian agreement from the person's
// gender) and the new user's details open.
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { User } from '#shared/domain.ts';
import { EMPTY_STAFF } from '#shared/validation/back-office-forms.ts';
import { ModalsActor } from '../../app/machines.ts';
import { useT } from '../../i18n/use-t.ts';
import { Paths } from '../../routes/paths.ts';
import '../../lists/lists.scss';
import './back-office.scss';
import { userCreated } from './outcomes.ts';
import { userDetailsPath } from './selection.ts';
import { StaffForm } from './StaffForm.tsx';
import { useProfileLabel } from './use-profile-label.ts';

export function UserCreatePage() {
  const t = useT();
  const navigate = useNavigate();
  const modals = ModalsActor.useActorRef();
  const profileLabel = useProfileLabel();
  const saved = useCallback(
    (user: User) => {
      void navigate(userDetailsPath(user.userId));
      modals.send({ type: 'OPEN', modal: userCreated(user, profileLabel(user.profile)) });
    },
    [navigate, modals, profileLabel],
  );

  return (
    <div className="container my-4">
      <h1>{t('pages.bo-user-create.title')}</h1>
      <StaffForm initial={EMPTY_STAFF} submitLabel={t('bo.users.create-submit')} cancelTo={Paths.boUsers} onSaved={saved} />
    </div>
  );
}
