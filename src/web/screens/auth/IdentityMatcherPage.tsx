// /auth/identity-matcher (spec §4 "Login", front office without fiscal code, e.g. eIDAS): the
// form, the machine's verdict of the previous check as a focused summary (errors.invalid-*,
// errors.identity-taken-* or errors.generic-*), and a notice when no login is waiting for a check.
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { selectIdentityMatcher, selectIsBusy } from '#machines/auth.ts';
import { AuthActor } from '../../app/machines.ts';
import { useT } from '../../i18n/use-t.ts';
import { useTranslateKey } from '../../i18n/use-translate-key.ts';
import { Paths } from '../../routes/paths.ts';
import { Icon } from '../../components/Icon.tsx';
import { fieldId, focusTarget, revealAndFocus } from '../../components/form/ErrorSummary.tsx';
import { AuthStatus } from './AuthStatus.tsx';
import { IdentityForm } from './IdentityForm.tsx';

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
      <VerdictSummary
        errorKey={matcher.errorKey}
        descriptionKey={matcher.errorDescriptionKey}
        checking={matcher.checking}
        linkText={t('identity-matcher.check-code')}
        translate={translate}
      />
      <IdentityForm claims={claims} auth={auth} checking={matcher.checking} onCancel={() => auth.send({ type: 'IDENTITY_CANCEL' })} />
    </div>
  );
}

interface VerdictProps {
  errorKey: string | null;
  descriptionKey: string | null;
  checking: boolean;
  linkText: string;
  translate: (key: string) => string;
}

/**
 * The check's refusal where the person is looking (docs/architecture.md "The citizen's journey with real data"): at the top, taking focus each time a
 * check ends refused, with a link to the fiscal-code field (GOV.UK / Designers Italia error summary).
 */
function VerdictSummary({ errorKey, descriptionKey, checking, linkText, translate }: VerdictProps) {
  const box = useRef<HTMLDivElement>(null);
  const wasChecking = useRef(checking);
  useEffect(() => {
    if (wasChecking.current && !checking && errorKey) {
      if (box.current) revealAndFocus(box.current, 'start');
    }
    wasChecking.current = checking;
  }, [checking, errorKey]);
  if (!errorKey) return null;
  return (
    <div ref={box} className="alert alert-danger app-error-summary app-identity-error" tabIndex={-1} role="alert" aria-labelledby="identity-verdict-title">
      <h2 id="identity-verdict-title" className="h5 app-error-summary-title">
        <Icon name="error" /> {translate(errorKey)}
      </h2>
      {descriptionKey && <p className="mb-2">{translate(descriptionKey)}</p>}
      <a
        href={`#${fieldId('codiceFiscale')}`}
        onClick={(event) => {
          event.preventDefault();
          focusTarget(fieldId('codiceFiscale'));
        }}
      >
        {linkText}
      </a>
    </div>
  );
}
