// Changes to a staff member (spec §2 back-office user modify, §8): the record is loaded, then the
// staff form on its machine; once saved, an alert names the person and their details open. One's
// own record offers neither the active switch nor the profile (the server refuses both changes
// that would lock the office out). A record changed meanwhile is loaded again on request.
import { useCallback, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { selectUser } from '#machines/auth.ts';
import type { User } from '#shared/domain.ts';
import { staffValuesOf } from '#shared/validation/back-office-forms.ts';
import { loadStaffMember } from '../../actors/back-office.ts';
import { AuthActor, ModalsActor } from '../../app/machines.ts';
import { useT } from '../../i18n/use-t.ts';
import { RetrieveError } from '../../lists/RetrieveError.tsx';
import { useDetails } from '../../lists/use-details.ts';
import { Paths } from '../../routes/paths.ts';
import '../../lists/lists.scss';
import './back-office.scss';
import { userModified } from './outcomes.ts';
import { userDetailsPath, userIdOf } from './selection.ts';
import { StaffForm } from './StaffForm.tsx';

export function UserModifyPage() {
  const t = useT();
  const navigate = useNavigate();
  const { search } = useLocation();
  const userId = userIdOf(search);
  const modals = ModalsActor.useActorRef();
  const me = AuthActor.useSelector((snapshot) => selectUser(snapshot)?.userId ?? null);
  const { state, reload } = useDetails(userId, (id, signal) => loadStaffMember(Number(id), signal));
  // A reload after a stale answer starts a new form (a new machine) on the fresh record.
  const [generation, setGeneration] = useState(0);
  const user = state.kind === 'ready' ? state.data.user : null;

  const saved = useCallback(
    (modified: User) => {
      void navigate(userDetailsPath(modified.userId));
      modals.send({ type: 'OPEN', modal: userModified(modified) });
    },
    [navigate, modals],
  );
  const reloadRecord = useCallback(() => {
    setGeneration((current) => current + 1);
    reload();
  }, [reload]);

  return (
    <div className="container my-4">
      <h1>{user ? t('bo.users.modify-title', { name: `${user.firstName} ${user.lastName}` }) : t('pages.bo-user-modify.title')}</h1>
      {state.kind === 'none' && (
        <p>
          {t('bo.users.none')} <Link to={Paths.boUsers}>{t('bo.users.back-to-list')}</Link>
        </p>
      )}
      {state.kind === 'failed' && <RetrieveError status={state.status} onRetry={reload} />}
      {user && (
        <StaffForm
          key={`${user.userId}-${generation}`}
          initial={staffValuesOf(user)}
          userId={user.userId}
          isSelf={me === user.userId}
          submitLabel={t('bo.users.modify-submit')}
          cancelTo={userDetailsPath(user.userId)}
          onSaved={saved}
          onReload={reloadRecord}
        />
      )}
    </div>
  );
}
