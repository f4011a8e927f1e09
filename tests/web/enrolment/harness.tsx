// What the enrolment's screen tests share: Mario logged in (his session in this tab's storage), the
// mocked API answering requests from a store of the test's own and the master-data lists, the app
// rendered at a path, and small readers of the draft kept in session storage.
import { configure, screen, waitFor } from '@testing-library/react';
import type { RequestHandler } from 'msw';
import { expect } from 'vitest';
import { DRAFT_STORAGE_KEY, decodeDraft, encodeDraft } from '#machines/draft/rules.ts';
import type { DraftData } from '#machines/draft/types.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import type { Attachment, Requirement } from '#shared/api/attachments.ts';
import { missingRequirements } from '#shared/document-rules.ts';
import { REQUIREMENT_KINDS, requirementsOfSets } from '#shared/requirement-catalogue.ts';
import { attachmentHandlers, createAttachmentStore, type AttachmentStore } from '#mocks/handlers/attachments.ts';
import { masterDataHandlers } from '#mocks/handlers/master-data.ts';
import { requirementListHandler, requirementsForInitiative } from '#mocks/handlers/requirements.ts';
import { createRequestStore, requestHandlers, type RequestsHolder } from '#mocks/handlers/requests.ts';
import { server } from '../msw-server.ts';
import { renderApp } from '../render.tsx';
import { storeSession } from '../session.ts';

// The enrolment's screens wait on several calls in a row (draft, lists, saves); with the model
// suites running beside them a second is sometimes not enough.
configure({ asyncUtilTimeout: 5000 });

/** A stored document answering `requirementCode`, as the server lists it. */
export function storedDocument(attachmentId: number, requirementCode: string, fileName = `${requirementCode.toLowerCase()}.pdf`): Attachment {
  return {
    attachmentId,
    requirementCode,
    fileName,
    mimeType: 'application/pdf',
    size: 4,
    hash: '0'.repeat(64),
    algHash: 'S256',
    uploadedOn: '2026-11-20T09:00:00.000Z',
    signature: null,
  };
}

/**
 * The documents' API over `documents`. A request it has not seen yet starts with every document its
 * initiative requires already stored (the screen tests that are not about documents send as before),
 * unless `attached` is false; tests/web/enrolment/documents.test.tsx drives the documents themselves.
 */
function documentHandlers(requests: RequestsHolder, documents: AttachmentStore, attached: boolean) {
  const requirementsFor = (requestId: number) => {
    const iniziativeId = requests.requests.find((request) => request.requestId === requestId)?.iniziative?.iniziativeId;
    return iniziativeId ? requirementsForInitiative(iniziativeId) : undefined;
  };
  const seeded = (requestId: number) => {
    if (!attached || documents.byRequest.has(requestId)) return;
    const business = requests.requests.find((request) => request.requestId === requestId)?.personalData?.business;
    // A request the store does not hold (a test answering the draft's calls itself): every kind of the catalogue.
    const known: ReadonlyArray<Pick<Requirement, 'requirementCode' | 'required' | 'requiredWhen'>> =
      requirementsFor(requestId) ?? REQUIREMENT_KINDS.map((kind) => ({ requirementCode: kind.code, required: true, requiredWhen: null }));
    const required = missingRequirements(known, [], business?.role ? { role: business.role } : null);
    if (required.length > 0)
      documents.byRequest.set(
        requestId,
        required.map((requirement) => storedDocument(documents.nextId++, requirement.requirementCode)),
      );
  };
  return attachmentHandlers(documents, { requirementsFor, seeded });
}

/** The enrolment's API over a store seeded with `seed`; `overrides` answer first. */
export function mockEnrolmentApi(seed: SuapRequest[] = [], overrides: RequestHandler[] = [], options: { documentsAttached?: boolean } = {}) {
  const store = createRequestStore(...seed);
  const documents = createAttachmentStore();
  server.use(
    ...requestHandlers(store),
    ...masterDataHandlers,
    // An initiative the mock catalogue does not know (the machine fixtures' own) asks for the form only.
    requirementListHandler((iniziativeId) => requirementsForInitiative(iniziativeId) ?? requirementsOfSets(['base'])),
    ...documentHandlers(store, documents, options.documentsAttached ?? true),
  );
  if (overrides.length > 0) server.use(...overrides);
  return Object.assign(store, { documents });
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
  summary: 'Documenti e riepilogo',
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
