// Spec §8 "generic retrieve-error callout" (keys retrieve-error.title / .description), shown when
// the configuration could not be loaded. role="alert" announces it, since it appears after load.
import { Icon } from '../components/Icon.tsx';
import { useT } from '../i18n/use-t.ts';
import { useConfigState } from './ConfigProvider.tsx';

export function ConfigErrorCallout() {
  const t = useT();
  const { state, reload } = useConfigState();
  if (state.status !== 'error') return null;
  return (
    <div className="container">
      <div className="callout danger" role="alert">
        <div className="callout-inner">
          <div className="callout-title">
            <Icon name="error" />
            <span>{t('retrieve-error.title')}</span>
          </div>
          <p>{t('retrieve-error.description')}</p>
          <button type="button" className="btn btn-outline-primary btn-sm mt-2" onClick={reload}>
            {t('retrieve-error.retry')}
          </button>
        </div>
      </div>
    </div>
  );
}
