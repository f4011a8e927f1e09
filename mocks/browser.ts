// The mocked API in the browser (`npm run dev:mock`): msw's service worker answers every call with
// the handlers the screen suites use (mocks/handlers), so the SPA runs with no server. The one
// difference is the identity provider: its sign-in and logout pages are full-page navigations,
// which a service worker does not answer, so the discovery document points them at a small page
// of the dev server that signs in as one of the mock identities (src/web/mock/idp.html).
import { http, HttpResponse } from 'msw';
import { setupWorker } from 'msw/browser';
import { DISCOVERY_URL, discoveryDocument } from './handlers/auth.ts';
import { handlers } from './handlers/index.ts';

/** The mock identity provider's page, on the dev server's own origin. */
export const MOCK_IDP_PATH = '/mock/idp.html';
/** Where msw's Vite plugin serves the service worker script. */
export const MOCK_WORKER_URL = '/mockServiceWorker.js';

export async function startMockApi(origin: string = window.location.origin): Promise<void> {
  const idp = `${origin}${MOCK_IDP_PATH}`;
  const worker = setupWorker(
    http.get(DISCOVERY_URL, () => HttpResponse.json({ ...discoveryDocument, authorization_endpoint: idp, end_session_endpoint: idp })),
    ...handlers,
  );
  // Everything else (the dev server's modules, its websocket) goes to the network as usual; an API
  // call no handler answers fails there, since mock mode has no /api proxy and no server.
  await worker.start({ serviceWorker: { url: MOCK_WORKER_URL }, onUnhandledFrame: 'bypass', quiet: true });
  document.documentElement.dataset.mockApi = 'on';
}
