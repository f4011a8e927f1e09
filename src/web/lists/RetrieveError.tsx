// Spec §8: the generic retrieve-error callout of a list or a details page that could not be
// loaded (code 999 "Generic Error"), with a way to try again. Same markup as the configuration's
// callout (app/ConfigErrorCallout.tsx). When the machine recorded a refusal (403,
// src/shared/api/failure.ts) the callout says "not allowed" and what to do instead, and offers no
// retry: asking again cannot succeed. The retry is a plain <button> (docs/performance.md: react-aria's base
// would be 13 KB more before interaction on the pages that show only this control of it).
import { Link } from 'react-router-dom';
import type { ErrorKeyValue } from '#shared/api/error-keys.ts';
import { isForbiddenStatus } from '#shared/api/failure.ts';
import { errorMessageId } from '../i18n/error-messages.ts';
import type { Status } from '#shared/envelope.ts';
import { Icon } from '../components/Icon.tsx';
import { useT } from '../i18n/use-t.ts';
import { Paths } from '../routes/paths.ts';

interface Props {
  onRetry?: () => void;
  /**
   * The failure the machine recorded; a 403 is told apart from "try again later", and a reason the
   * server named (errorKey) is said in the catalogue's words (docs/architecture.md "The API contract").
   */
  status?: (Pick<Status, 'code'> & { errorKey?: ErrorKeyValue }) | null;
}

export function RetrieveError({ onRetry, status }: Props) {
  const t = useT();
  const forbidden = isForbiddenStatus(status);
  return (
    <div className="callout danger" role="alert">
      <div className="callout-inner">
        <div className="callout-title">
          <Icon name="error" />
          <span>{t(forbidden ? 'retrieve-error.forbidden.title' : 'retrieve-error.title')}</span>
        </div>
        <p>{t(forbidden ? 'retrieve-error.forbidden.description' : status?.errorKey ? errorMessageId(status.errorKey) : 'retrieve-error.description')}</p>
        {forbidden ? (
          <Link className="btn btn-outline-primary btn-sm mt-2" to={Paths.home}>
            {t('retrieve-error.forbidden.home')}
          </Link>
        ) : (
          onRetry && (
            <button type="button" className="btn btn-outline-primary btn-sm mt-2" onClick={onRetry}>
              {t('retrieve-error.retry')}
            </button>
          )
        )}
      </div>
    </div>
  );
}
