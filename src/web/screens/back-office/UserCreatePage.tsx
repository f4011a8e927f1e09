// A new staff member (spec §2 back-office user create, §8): success shows the created name and
// profile, then the new user's details; a failure shows the server's message (400) or the default
// create-user error.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { StaffWrite } from '../../../shared/api/back-office.ts';
import { ModalsActor } from '../../app/machines.ts';
import { useT } from '../../i18n/useT.ts';
import { Paths } from '../../routes/paths.ts';
import '../../lists/lists.scss';
import './back-office.scss';
import { createUser, type WriteFailure } from './api.ts';
import { EMPTY_STAFF } from './forms.ts';
import { userCreated, userCreateFailed } from './outcomes.ts';
import { userDetailsPath } from './selection.ts';
import { STAFF_SUBMIT_ID, StaffForm } from './StaffForm.tsx';

export function UserCreatePage() {
  const t = useT();
  const navigate = useNavigate();
  const modals = ModalsActor.useActorRef();
  const [busy, setBusy] = useState(false);

  const submit = async (user: StaffWrite) => {
    setBusy(true);
    try {
      const created = await createUser(user);
      void navigate(userDetailsPath(created.user.userId));
      modals.send({ type: 'OPEN', modal: userCreated(created.user) });
    } catch (failure) {
      modals.send({ type: 'OPEN', modal: { ...userCreateFailed(failure as WriteFailure), openerId: STAFF_SUBMIT_ID } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container my-5">
      <h1>{t('pages.bo-user-create.title')}</h1>
      <StaffForm initial={EMPTY_STAFF} busy={busy} submitLabel={t('bo.users.create-submit')} cancelTo={Paths.boUsers} onSubmit={(user) => void submit(user)} />
    </div>
  );
}
