// Centre header band: logo and portal name, linking to the home page (for staff, the desk).
import { Link } from 'react-router-dom';
import { useT } from '../i18n/use-t.ts';
import { useHomePath } from '../routes/use-home-path.ts';
import { Logo } from './Logo.tsx';

export function HeaderCenter() {
  const t = useT();
  const home = useHomePath();
  return (
    <div className="it-header-center-wrapper">
      <div className="container">
        <div className="row">
          <div className="col-12">
            <div className="it-header-center-content-wrapper">
              <div className="it-brand-wrapper">
                <Link to={home}>
                  <Logo />
                  <div className="it-brand-text">
                    <div className="it-brand-title">{t('header.portal-name')}</div>
                    <div className="it-brand-tagline d-none d-md-block">{t('header.portal-tagline')}</div>
                  </div>
                </Link>
              </div>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
