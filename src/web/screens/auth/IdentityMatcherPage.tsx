// /auth/identity-matcher (spec §4 "Login", front office without fiscal code, e.g. eIDAS): the
// form, the machine's verdict of the previous check as an alert (errors.invalid-* or
// errors.generic-*), and a notice when no login is waiting for a check.
import { Link } from 'react-router-dom';
import { selectIdentityMatcher, selectIsBusy } from '../../../../machines/auth.ts';
import { AuthActor } from '../../app/machines.ts';
import { useT } from '../../i18n/useT.ts';
import { useTranslateKey } from '../../i18n/useTranslateKey.ts';
import { Paths } from '../../routes/paths.ts';
import { Icon } from '../../components/Icon.tsx';
import { AuthStatus } from './AuthStatus.tsx';
import { IdentityForm } from './IdentityForm.tsx';
import { initialIdentityValues } from './identity-values.ts';

export function IdentityMatcherPage() {
  const t = useT();
  const translate = useTranslateKey();
  const auth = AuthActor.useActorRef();
  const matcher = AuthActor.useSelector(selectIdentityMatcher, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const busy = AuthActor.useSelector(selectIsBusy);
  const claims = AuthActor.useSelector((snapshot) => snapshot.context.claims);

  if (!matcher.active) {
    if (busy) return <AuthStatus title={t('pages.identity-matcher.title')} text={t('auth.callback.checking')} />;
    return (
      <AuthStatus title={t('pages.identity-matcher.title')} text={t('identity-matcher.no-login')}>
        <Link className="btn btn-primary" to={Paths.login}>
          {t('header.login')}
        </Link>
      </AuthStatus>
    );
  }
  return (
    <div className="container my-5">
      <h1>{t('pages.identity-matcher.title')}</h1>
      <p className="lead">{t('identity-matcher.intro')}</p>
      {matcher.errorKey && (
        <div className="callout danger app-identity-error" role="alert">
          <div className="callout-inner">
            <div className="callout-title">
              <Icon name="error" />
              <span>{translate(matcher.errorKey)}</span>
            </div>
            {matcher.errorDescriptionKey && <p>{translate(matcher.errorDescriptionKey)}</p>}
          </div>
        </div>
      )}
      <IdentityForm
        initial={initialIdentityValues(claims)}
        checking={matcher.checking}
        onSubmit={(person) => auth.send({ type: 'IDENTITY_SUBMIT', person })}
        onCancel={() => auth.send({ type: 'IDENTITY_CANCEL' })}
      />
    </div>
  );
}
