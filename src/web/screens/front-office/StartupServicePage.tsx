// Startup service page. For now: title, description and the start button, enabled only when the
// configuration lists the startup service type (spec §2). The full service sheet (login box,
// timeline, attachments) comes with the identity and enrolment work.
import { Button } from 'react-aria-components';
import { useNavigate } from 'react-router-dom';
import { useConfigState } from '../../app/ConfigProvider.tsx';
import { isStartupServiceAvailable } from '../../app/config.ts';
import { useT } from '../../i18n/useT.ts';
import { Paths } from '../../routes/paths.ts';

const UNAVAILABLE_ID = 'startup-service-unavailable';

export function StartupServicePage() {
  const t = useT();
  const navigate = useNavigate();
  const { state } = useConfigState();
  const available = isStartupServiceAvailable(state.config);
  // While loading the button is simply disabled; the reason is stated once the answer is known.
  const explainUnavailable = !available && state.status !== 'loading';
  return (
    <div className="container my-5">
      <div className="row">
        <div className="col-12 col-lg-8">
          <h1>{t('pages.startup-service.title')}</h1>
          <p className="lead">{t('startup-service.description')}</p>
          <Button
            className="btn btn-primary"
            isDisabled={!available}
            aria-describedby={explainUnavailable ? UNAVAILABLE_ID : undefined}
            onPress={() => navigate(Paths.startup)}
          >
            {t('startup-service.start')}
          </Button>
          {explainUnavailable && (
            <p id={UNAVAILABLE_ID} className="mt-3">
              {t('startup-service.unavailable')}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
