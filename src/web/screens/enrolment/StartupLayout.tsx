// The startup mount (spec §2 "Enrolment flow"): the process needs a logged citizen, so a visitor
// is offered the login and comes back to the very page (the login origin); staff see the
// not-allowed page. For a citizen the enrolment's machines run (EnrolmentProvider) and every step page shows
// under the wizard's step menu.
import { useEffect, useRef } from 'react';
import { Button } from 'react-aria-components';
import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';
import { stepUrl } from '#machines/enrolment/steps.ts';
import { Paths } from '../../routes/paths.ts';
import { selectIsLoggedIn, selectUser } from '#machines/auth.ts';
import { Role } from '#shared/constants.ts';
import { AuthActor } from '../../app/machines.ts';
import { useAuthCommands } from '../../auth/use-auth-commands.ts';
import { revealAndFocus } from '../../components/form/ErrorSummary.tsx';
import { EnrolmentProvider } from '../../enrolment/EnrolmentProvider.tsx';
import { stepOfPath } from '../../enrolment/views.ts';
import { DraftActor } from '../../enrolment/machines.ts';
import { useT } from '../../i18n/use-t.ts';
import { selectDraft } from '#machines/draft.ts';
import { NotAllowedPage } from '../common/NotAllowedPage.tsx';
import { WizardSteps } from './WizardSteps.tsx';
import './enrolment.scss';

const LOGIN_BUTTON_ID = 'startup-login';

export function StartupLayout() {
  const loggedIn = AuthActor.useSelector(selectIsLoggedIn);
  const user = AuthActor.useSelector(selectUser);
  // Whether this mount has seen the person logged in: a login offered after that is a session
  // that ended under their hands, mid-form.
  const wasLoggedIn = useRef(false);
  useEffect(() => {
    if (loggedIn) wasLoggedIn.current = true;
  }, [loggedIn]);
  if (!loggedIn) return <StartupLogin sessionEnded={wasLoggedIn.current} />;
  if (user?.profile.profileId !== Role.FRONT_OFFICE) return <NotAllowedPage />;
  // Keyed by the person: someone else logging in in this tab gets machines of their own, never the
  // previous person's draft or steps (docs/architecture.md "The citizen's journey with real data").
  return (
    <EnrolmentProvider key={user.userId}>
      <StartupFrame />
    </EnrolmentProvider>
  );
}

/**
 * Not started on its own: a visitor arriving after a logout, or whose session expired, chooses to
 * log in (and comes back to this very page, the login origin). A session that ended mid-form
 * replaces a form the person may have scrolled far down: the explanation comes into view and takes
 * focus, as no page change moves it there (spec §2: focus goes where the person's next step is).
 */
function StartupLogin({ sessionEnded }: { sessionEnded: boolean }) {
  const t = useT();
  const { login } = useAuthCommands();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (sessionEnded && heading.current) revealAndFocus(heading.current, 'start');
  }, [sessionEnded]);
  return (
    <div className="container my-5">
      <h1 ref={heading} tabIndex={sessionEnded ? -1 : undefined}>
        {t('access.login-required.title')}
      </h1>
      {sessionEnded && <p>{t('ep.login.session-ended')}</p>}
      <p className="lead">{t('ep.login.description')}</p>
      <Button id={LOGIN_BUTTON_ID} className="btn btn-primary" onPress={() => login('FO', LOGIN_BUTTON_ID)}>
        {t('ep.login.button')}
      </Button>
    </div>
  );
}

function StartupFrame() {
  const t = useT();
  const { pathname } = useLocation();
  const step = stepOfPath(pathname);
  const hasDraft = DraftActor.useSelector((snapshot) => selectDraft(snapshot) !== null);
  const lifecycle = DraftActor.useSelector((snapshot) =>
    snapshot.matches({ running: { lifecycle: 'submitted' } }) ? 'submitted' : snapshot.matches({ running: { lifecycle: 'idle' } }) ? 'idle' : 'other',
  );
  // A step's form shows once the draft it edits is there (restored, fetched or new); the thank
  // page shows what was sent, the entry page what is happening.
  const ready = step === null || step === 'thank-page' || hasDraft;
  let content = <Outlet />;
  if (!ready && lifecycle === 'submitted') {
    // Back from the thank page: the request is sent, there is no form to show any more.
    content = <Navigate to={stepUrl('thank-page')} replace />;
  } else if (!ready && lifecycle === 'idle') {
    content = (
      <div className="app-step">
        <p className="lead">{t('ep.entry.closed')}</p>
        <Link to={Paths.startup} className="btn btn-primary">
          {t('ep.entry.restart')}
        </Link>
      </div>
    );
  } else if (!ready) {
    content = (
      <p className="lead" role="status">
        {t('ep.entry.loading')}
      </p>
    );
  }
  return (
    <div className="container my-4 app-enrolment">
      {step && <WizardSteps />}
      {content}
    </div>
  );
}
