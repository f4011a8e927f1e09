// The service page's login box (spec §2), in three variants:
//   logged out            → login description and a login button (returns to the startup mount);
//   logged in, draft open → the draft-pending message with an info icon, and the personal area;
//   logged in, no draft   → the service description and the service button (startup mount).
// The buttons are disabled unless the configuration lists service type 1 (config.ts), and say why.
// Native buttons, as in the shell: this prerendered public page does without react-aria's code.
import { Link, useNavigate } from 'react-router-dom';
import { selectArea, selectIsLoggedIn, selectUser } from '#machines/auth.ts';
import { useConfigState } from '#web/app/ConfigProvider.tsx';
import { isStartupServiceAvailable } from '#web/app/config.ts';
import { AuthActor } from '#web/app/machines.ts';
import { useAuthCommands } from '#web/auth/use-auth-commands.ts';
import { Icon } from '#web/components/Icon.tsx';
import { useT } from '#web/i18n/use-t.ts';
import { Paths } from '#web/routes/paths.ts';
import { useDraftPending } from './use-draft-pending.ts';

export const LOGIN_BOX_BUTTON_ID = 'service-login-box-button';
const UNAVAILABLE_ID = 'startup-service-unavailable';
const TITLE_ID = 'service-login-box-title';

export function LoginBox() {
  const t = useT();
  const navigate = useNavigate();
  const { login } = useAuthCommands();
  const { state } = useConfigState();
  const available = isStartupServiceAvailable(state.config);
  // While loading the buttons are simply disabled; the reason is stated once the answer is known.
  const explainUnavailable = !available && state.status !== 'loading';
  const loggedIn = AuthActor.useSelector(selectIsLoggedIn);
  const user = AuthActor.useSelector(selectUser);
  const area = AuthActor.useSelector(selectArea);
  const canLogin = AuthActor.useSelector((snapshot) => snapshot.can({ type: 'LOGIN', area: 'FO', origin: Paths.startup }));
  const citizen = loggedIn && area === 'FO' && user ? user : null;
  const draft = useDraftPending(citizen?.userId ?? null);
  const describedBy = explainUnavailable ? UNAVAILABLE_ID : undefined;

  let body;
  if (!loggedIn) {
    body = (
      <>
        <p>{t('startup-service.login-box.login-description')}</p>
        <button
          type="button"
          id={LOGIN_BOX_BUTTON_ID}
          className="btn btn-primary app-login-box-button"
          disabled={!available || !canLogin}
          aria-describedby={describedBy}
          onClick={() => login('FO', LOGIN_BOX_BUTTON_ID, Paths.startup)}
        >
          <Icon name="user" className="icon-white icon-sm me-2" />
          {t('startup-service.login-box.login-button')}
        </button>
      </>
    );
  } else if (!citizen) {
    body = <p>{t('startup-service.login-box.staff')}</p>;
  } else if (draft === 'checking') {
    body = <p>{t('startup-service.login-box.checking')}</p>;
  } else if (draft === 'pending') {
    body = (
      <>
        <p className="app-login-box-draft" data-testid="draft-pending">
          <Icon name="info" className="icon-primary app-login-box-info" />
          <span>{t('startup-service.login-box.draft-pending')}</span>
        </p>
        <Link className="btn btn-outline-primary" to={Paths.privateArea}>
          {t('startup-service.login-box.private-area')}
        </Link>
      </>
    );
  } else {
    body = (
      <>
        <p>{t('startup-service.login-box.service-description')}</p>
        <button
          type="button"
          id={LOGIN_BOX_BUTTON_ID}
          className="btn btn-primary app-login-box-button"
          disabled={!available}
          aria-describedby={describedBy}
          onClick={() => void navigate(Paths.startup)}
        >
          {t('startup-service.start')}
        </button>
      </>
    );
  }

  return (
    <section className="app-login-box" aria-labelledby={TITLE_ID}>
      <h2 id={TITLE_ID} className="h5 app-login-box-title">
        {t('startup-service.login-box.title')}
      </h2>
      {/* Polite live region: the variant may change once the draft check answers. */}
      <div aria-live="polite">{body}</div>
      {explainUnavailable && (
        <p id={UNAVAILABLE_ID} className="app-login-box-unavailable">
          {t('startup-service.unavailable')}
        </p>
      )}
    </section>
  );
}
