// /auth/back-office (the footer's hidden link): the staff login entry. Staff press the button
// to start the back-office login, which begins from the back-office root and lands on the
// request list (spec §4). A staff member already logged in is offered the request list instead.
import { Button } from 'react-aria-components';
import { Link } from 'react-router-dom';
import { selectArea, selectIsBusy, selectIsLoggedIn } from '#machines/auth.ts';
import { AuthActor } from '../../app/machines.ts';
import { useAuthCommands } from '../../auth/use-auth-commands.ts';
import { useT } from '../../i18n/use-t.ts';
import { Paths } from '../../routes/paths.ts';

export const BO_LOGIN_BUTTON_ID = 'back-office-login-button';

export function BackOfficeLoginPage() {
  const t = useT();
  const { login } = useAuthCommands();
  const busy = AuthActor.useSelector(selectIsBusy);
  const staff = AuthActor.useSelector((snapshot) => selectIsLoggedIn(snapshot) && selectArea(snapshot) === 'BO');
  return (
    <div className="container my-5">
      <h1>{t('pages.back-office-login.title')}</h1>
      <p className="lead">{t('auth.back-office.text')}</p>
      {staff ? (
        <Link className="btn btn-primary" to={Paths.boRequests}>
          {t('auth.back-office.go')}
        </Link>
      ) : (
        <Button id={BO_LOGIN_BUTTON_ID} className="btn btn-primary" isDisabled={busy} onPress={() => login('BO', BO_LOGIN_BUTTON_ID)}>
          {t('auth.back-office.login')}
        </Button>
      )}
    </div>
  );
}
