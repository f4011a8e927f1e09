// Slim header band: the owning administration (from the configuration), the language selector and
// the personal-area login. The identity work replaces the login link with the user menu.
import { Link } from 'react-router-dom';
import { useConfig } from '../app/ConfigProvider.tsx';
import { useT } from '../i18n/useT.ts';
import { Paths } from '../routes/paths.ts';
import { Icon } from './Icon.tsx';
import { LanguageSelect } from './LanguageSelect.tsx';

export function HeaderSlim() {
  const t = useT();
  const administrationName = useConfig()?.settings.administrationName;
  return (
    <div className="it-header-slim-wrapper">
      <div className="container">
        <div className="row">
          <div className="col-12">
            <div className="it-header-slim-wrapper-content">
              <span className="navbar-brand text-truncate" data-testid="administration-name">
                {administrationName ?? ''}
              </span>
              <div className="it-header-slim-right-zone">
                <LanguageSelect />
                <div className="it-access-top-wrapper">
                  <Link className="btn btn-primary btn-sm btn-icon app-login-link" to={Paths.login}>
                    <Icon name="user" className="icon-white icon-sm" />
                    {/* Always the link's name; visually hidden below lg, where only the icon fits. */}
                    <span className="app-login-text">{t('header.login')}</span>
                  </Link>
                </div>
              </div>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
