// Spec §8: the generic retrieve-error callout of a list or a details page that could not be
// loaded (code 999 "Generic Error"), with a way to try again. Same markup as the configuration's
// callout (app/ConfigErrorCallout.tsx).
import { Button } from 'react-aria-components';
import { Icon } from '../components/Icon.tsx';
import { useT } from '../i18n/useT.ts';

export function RetrieveError({ onRetry }: { onRetry?: () => void }) {
  const t = useT();
  return (
    <div className="callout danger" role="alert">
      <div className="callout-inner">
        <div className="callout-title">
          <Icon name="error" />
          <span>{t('retrieve-error.title')}</span>
        </div>
        <p>{t('retrieve-error.description')}</p>
        {onRetry && (
          <Button className="btn btn-outline-primary btn-sm mt-2" onPress={onRetry}>
            {t('retrieve-error.retry')}
          </Button>
        )}
      </div>
    </div>
  );
}
