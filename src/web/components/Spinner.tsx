// Loading indicator. The live region is always in the page (a region inserted together with its
// text is not announced reliably); only its content comes and goes with `visible`.
import { useT } from '../i18n/use-t.ts';

export function Spinner({ visible }: { visible: boolean }) {
  const t = useT();
  return (
    <div className="app-spinner" role="status" aria-live="polite">
      {visible && (
        <div className="progress-spinner progress-spinner-active">
          <span className="visually-hidden">{t('spinner.loading')}</span>
        </div>
      )}
    </div>
  );
}
