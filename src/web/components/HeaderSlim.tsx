// Slim header band: the owning administration (from the configuration), the language selector and
// the personal-area corner (login button or user menu).
import { useConfig } from '../app/ConfigProvider.tsx';
import { LanguageSelect } from './LanguageSelect.tsx';
import { UserArea } from './UserArea.tsx';

export function HeaderSlim() {
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
                  <UserArea />
                </div>
              </div>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
