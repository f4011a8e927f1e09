// Designers Italia header: slim band (administration, language, login), centre band (logo and
// portal name) and navigation band. One <header> landmark (banner) for all three.
import { HeaderCenter } from './HeaderCenter.tsx';
import { HeaderNav } from './HeaderNav.tsx';
import { HeaderSlim } from './HeaderSlim.tsx';

export function Header() {
  return (
    <header className="it-header-wrapper">
      <HeaderSlim />
      <div className="it-nav-wrapper">
        <HeaderCenter />
        <HeaderNav />
      </div>
    </header>
  );
}
