// Changes to a staff member (spec §2 back-office user modify, §8): success shows the name and the
// updated details; a failure shows the server's message (400) or the default modify error.
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { StaffWrite } from '../../../shared/api/back-office.ts';
import { ModalsActor } from '../../app/machines.ts';
import { useT } from '../../i18n/useT.ts';
import { RetrieveError } from '../../lists/RetrieveError.tsx';
import { useDetails } from '../../lists/useDetails.ts';
import { Paths } from '../../routes/paths.ts';
import '../../lists/lists.scss';
import './back-office.scss';
import { getUser, modifyUser, type WriteFailure } from './api.ts';
import { staffValuesOf } from './forms.ts';
import { userModified, userModifyFailed } from './outcomes.ts';
import { userDetailsPath, userIdOf } from './selection.ts';
import { STAFF_SUBMIT_ID, StaffForm } from './StaffForm.tsx';

export function UserModifyPage() {
  const t = useT();
  const navigate = useNavigate();
  const { search } = useLocation();
  const userId = userIdOf(search);
  const modals = ModalsActor.useActorRef();
  const { state, reload } = useDetails(userId, (id, signal) => getUser(Number(id), signal));
  const [busy, setBusy] = useState(false);
  const user = state.kind === 'ready' ? state.data.user : null;

  const submit = async (write: StaffWrite) => {
    setBusy(true);
    try {
      const modified = await modifyUser(write);
      void navigate(userDetailsPath(modified.user.userId));
      modals.send({ type: 'OPEN', modal: userModified(modified.user) });
    } catch (failure) {
      modals.send({ type: 'OPEN', modal: { ...userModifyFailed(failure as WriteFailure), openerId: STAFF_SUBMIT_ID } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container my-5">
      <h1>{user ? t('bo.users.modify-title', { name: `${user.firstName} ${user.lastName}` }) : t('pages.bo-user-modify.title')}</h1>
      {state.kind === 'none' && (
        <p>
          {t('bo.users.none')} <Link to={Paths.boUsers}>{t('bo.users.back-to-list')}</Link>
        </p>
      )}
      {state.kind === 'failed' && <RetrieveError onRetry={reload} />}
      {user && (
        <StaffForm
          key={user.userId}
          initial={staffValuesOf(user)}
          userId={user.userId}
          busy={busy}
          submitLabel={t('bo.users.modify-submit')}
          cancelTo={userDetailsPath(user.userId)}
          onSubmit={(write) => void submit(write)}
        />
      )}
    </div>
  );
}
