// An honest stand-in for a screen that later work builds: the route's own title and one sentence
// saying it is being prepared. No invented content.
import { useT } from '../../i18n/use-t.ts';
import { useRouteHandle } from '../../routes/handle.ts';

export function PlaceholderPage() {
  const t = useT();
  const handle = useRouteHandle();
  return (
    <div className="container my-5">
      <h1>{t(handle?.titleKey ?? 'header.portal-name')}</h1>
      <p className="lead">{t('placeholder.text')}</p>
    </div>
  );
}
