// What the enrolment's screen tests share: Mario logged in (his session in this tab's storage), the
// mocked API answering requests from a store of the test's own and the master-data lists, the app
// rendered at a path, and small readers of the draft kept in session storage.
import { configure, screen, waitFor } from '@testing-library/react';
import type { RequestHandler } from 'msw';
import { expect } from 'vitest';
import { DRAFT_STORAGE_KEY, decodeDraft, encodeDraft } from '#machines/draft/rules.ts';
import type { DraftData } from '#machines/draft/types.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import { masterDataHandlers } from '#mocks/handlers/master-data.ts';
import { createRequestStore, requestHandlers } from '#mocks/handlers/requests.ts';
import { server } from '../msw-server.ts';
import { renderApp } from '../render.tsx';
import { storeSession } from '../session.ts';

// The enrolment's screens wait on several calls in a row (draft, lists, saves); with the model
// suites running beside them a second is sometimes not enough.
configure({ asyncUtilTimeout: 5000 });

/** The enrolment's API over a store seeded with `seed`; `overrides` answer first. */
export function mockEnrolmentApi(seed: SuapRequest[] = [], overrides: RequestHandler[] = []) {
  const store = createRequestStore(...seed);
  server.use(...requestHandlers(store), ...masterDataHandlers);
  if (overrides.length > 0) server.use(...overrides);
  return store;
}

interface RenderOptions {
  seed?: SuapRequest[];
  login?: boolean;
  handlers?: RequestHandler[];
  strict?: boolean;
}

/** Mario logged in, the API mocked, the app at `path`. */
export function renderEnrolment(path: string, options: RenderOptions = {}) {
  const store = mockEnrolmentApi(options.seed, options.handlers);
  if (options.login !== false) storeSession('mario');
  // As src/web/main.tsx renders it: StrictMode starts, stops and restarts every machine once.
  const app = renderApp(path, { strict: options.strict ?? true });
  return { ...app, store };
}

export function storedDraft(): DraftData | null {
  return decodeDraft(window.sessionStorage.getItem(DRAFT_STORAGE_KEY));
}

export async function expectStep(router: ReturnType<typeof renderApp>['router'], step: string, heading: string): Promise<HTMLElement> {
  await waitFor(() => expect(router.state.location.pathname).toBe(`/startup/${step}`));
  return screen.findByRole('heading', { level: 1, name: heading });
}

export const headings = {
  entry: 'Avvio della pratica',
  initialSummary: 'Riepilogo iniziale',
  contacts: 'Recapiti per le comunicazioni',
  selectInitiative: 'Sportello e iniziativa',
  personalData: 'Dati anagrafici',
  summary: 'Riepilogo della richiesta',
  thanks: 'Richiesta inviata',
} as const;

/** Walks a new draft from the entry to the notification contacts step. */
export async function startNewDraft(app: ReturnType<typeof renderEnrolment>) {
  await expectStep(app.router, 'initial-summary', headings.initialSummary);
  await app.user.click(screen.getByRole('button', { name: 'Inizia' }));
  await expectStep(app.router, 'notification-contacts', headings.contacts);
}

/** Mario's saved draft open on `step` (a reload of that page: the session copy names the draft). */
export function openDraftAt(step: string, draft: SuapRequest, options: Omit<RenderOptions, 'seed'> & { extraSeed?: SuapRequest[] } = {}) {
  window.sessionStorage.setItem(DRAFT_STORAGE_KEY, encodeDraft({ requestId: draft.requestId, version: draft.version }));
  return renderEnrolment(`/startup/${step}`, { ...options, seed: [draft, ...(options.extraSeed ?? [])] });
}
