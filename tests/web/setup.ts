// Setup of the jsdom test project: the mocked API (msw) for every test, failing any request no
// handler answers, and a clean DOM, storage and <html lang> between tests.
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { browserWindow } from '#web/auth/browser.ts';
import { loadMessages } from '#web/i18n/messages.ts';
import { server } from './msw-server.ts';

// The browser loads one catalogue before its first render (main.tsx); screens rendered here get
// both up front, as a page that has already switched language once would have them.
await Promise.all([loadMessages('it'), loadMessages('en')]);
// The modal host is loaded on demand (the first queued modal imports it). Under vitest that import
// transforms react-aria's dialog code on the spot, which on a busy 2-core machine took longer than a
// test's wait for the first dialog (the staff-logout and modals screen runs flaked): load it here,
// before any test waits for a dialog.
await import('#web/components/modals/ModalHost.tsx');

// findBy*/waitFor wait for a state, not a time: on a busy 2-core machine a screen may take several
// seconds to reach it, so the waits give up late (a passing wait returns as soon as it holds).
configure({ asyncUtilTimeout: 20_000 });

beforeAll(() => {
  // msw 3 renamed onUnhandledRequest to onUnhandledFrame (the old name is silently ignored).
  server.listen({ onUnhandledFrame: 'error' });
  // jsdom has no scrolling: give the calls our code and react-router make something to land on.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = vi.fn();
});

// jsdom reports en-US; the portal's tests read in Italian unless a test says otherwise.
beforeEach(() => {
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['it-IT', 'it']);
  // jsdom cannot leave for the identity provider; tests read where the app wanted to go.
  vi.spyOn(browserWindow, 'leave').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  server.resetHandlers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.lang = '';
});

afterAll(() => server.close());
