// Designers Italia header: slim band (administration, language, login), centre band (logo and
// portal name) and navigation band. One <header> landmark (banner) for all three. On back-office
// pages it is marked `data-area="back-office"`, which the back office's styles make compact
// (docs/architecture.md "The clerks' desk": a clerk's first rows above the fold at 1366×768).
import { useLocation } from 'react-router-dom';
import { Mounts } from '../routes/paths.ts';
import { HeaderCenter } from './HeaderCenter.tsx';
import { HeaderNav } from './HeaderNav.tsx';
import { HeaderSlim } from './HeaderSlim.tsx';

export function Header() {
  const backOffice = useLocation().pathname.startsWith(Mounts.backOffice);
  return (
    <header className="it-header-wrapper" data-area={backOffice ? 'back-office' : undefined}>
      <HeaderSlim />
      <div className="it-nav-wrapper">
        <HeaderCenter />
        <HeaderNav />
      </div>
    </header>
  );
}
