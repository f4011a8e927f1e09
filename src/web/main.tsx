// The SPA, started by boot.ts once the stylesheets are in. Before the first render it loads the catalogue of the
// page's language and the screen of its address, so the first render is the page itself (no
// spinner frame). A page the server sent prerendered (#root[data-prerendered], spa.ts) is hydrated
// when this browser would render exactly that markup: same language, nobody logged in in this tab.
// Otherwise (a stored session shows the user's menu, a language kept from an earlier visit) the
// app renders afresh over it. Both inside a transition, so React yields to the browser while it works.
// The steps before that (this chunk's and the shell's evaluation, matching the address to its
// screen, creating the router) are given tasks of their own: on a throttled phone each is a few
// tens of milliseconds, and run back to back they made one task long enough to block input.
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './App.tsx';
import { readStoredSession } from './auth/storage.ts';
import { initialLanguage, parseLanguage } from './i18n/language.ts';
import { loadMessages } from './i18n/messages.ts';
import { holdsFrame } from './routes/prerender-frame.ts';
import { resolveLazyRoutes } from './routes/resolve.ts';
import { routes } from './routes/routes.tsx';

/** Lets the browser run what is waiting (input, paint) before the next step of the start-up. */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start(): Promise<void> {
  await yieldToBrowser();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const { pathname, search, hash } = window.location;
  const language = initialLanguage(search);
  const prerendered = parseLanguage(container.dataset.prerendered);
  // A signed-in page's prerendered frame is rendered over, never hydrated (routes/prerender-frame.ts).
  const hydrate = prerendered === language && container.firstElementChild !== null && !holdsFrame(container) && readStoredSession() === null;
  await Promise.all([loadMessages(language), resolveLazyRoutes(routes, `${pathname}${search}${hash}`)]);
  await yieldToBrowser();
  const router = createBrowserRouter(routes);
  await yieldToBrowser();
  const app = <App router={router} startLanguage={hydrate ? language : null} />;
  startTransition(() => {
    if (hydrate) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

void start();
