// Error boundaries of the routes: an exception while rendering a screen ends in RouteErrorPage,
// inside the shell; one in the shell itself ends in RootErrorPage, the same page with a language
// provider of its own (the shell's is gone with it). Neither is ever the router's default page,
// which is English and meant for developers. A screen's code that cannot be downloaded does not end
// here: it waits for a retry (app/code-loading.ts). The heading takes focus, so the person hears
// what happened. Reloading fetches the current files.
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { LanguageProvider } from '../../i18n/LanguageProvider.tsx';
import { useT } from '../../i18n/use-t.ts';
import { Paths } from '../../routes/paths.ts';

export function RouteErrorPage() {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="container my-5">
      <h1 ref={heading} tabIndex={-1}>
        {t('route-error.title')}
      </h1>
      <p className="lead">{t('route-error.text')}</p>
      <Link className="btn btn-primary" to={Paths.home} reloadDocument>
        {t('pages.not-found.home-link')}
      </Link>
    </div>
  );
}

export function RootErrorPage() {
  return (
    <LanguageProvider>
      <main className="app-main">
        <RouteErrorPage />
      </main>
    </LanguageProvider>
  );
}
