// The real side effects of the citizen's machines (the private area's list, details, draft
// deletion and a pratica's withdrawal; the thank-you page's recap), handed in with `provide()`. The machines decide; these
// only call the HTTP adapters (src/web/api/requests.ts, src/web/api/pdf.ts), so no screen imports HTTP.
import { fromPromise } from 'xstate';
import type { DetailsRecord, DocumentDownload } from '#machines/details.ts';
import type { LoadPageInput, LoadPageOutput } from '#machines/list-query/rules.ts';
import type { PdfRecapTarget } from '#machines/pdf-recap.ts';
import type { WithdrawInput } from '#machines/pratica-withdrawal.ts';
import { apiPath } from '#shared/api/paths.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import type { Language } from '#shared/constants.ts';
import { cardsPage } from '../screens/private-area/cards.ts';
import { documentPath, downloadDocument, list as listAttachments } from '../api/attachments.ts';
import { downloadPdf } from '../api/pdf.ts';
import { deleteRequest, getRequest, listOwnRequests, sendApplicantEvent } from '../api/requests.ts';
import { shownDocuments } from './shown-documents.ts';

/**
 * The private area's page of cards: the list call returns every request of the citizen, the page
 * is cut here (newest first, three per page). Spec §5: without a known user the list is empty.
 */
export function loadOwnCards(userId: number | null, query: LoadPageInput): Promise<LoadPageOutput<SuapRequest>> {
  if (userId === null) return Promise.resolve({ items: [], totalResults: 0, totalPages: 0 });
  return listOwnRequests(userId).then((requests) => cardsPage(requests, query));
}

/** The PDF recap of a citizen's request: the front office's path. */
export function ownPdfPath(requestId: number): string {
  return apiPath('requestPdf', { id: requestId });
}

/**
 * The details machine's actors on the citizen's details page. `language` is read at download time:
 * the recap comes in the language on screen. No abort signal: a StrictMode remount restarts the
 * same actor, and the late answer of a stopped load is dropped by the machine anyway.
 */
export function ownDetailsActors(language: () => Language) {
  return {
    // The request and its documents (docs/architecture.md "Where documents are shown"), read together.
    loadDetails: fromPromise<DetailsRecord, { requestId: number }>(async ({ input }) => {
      const [request, listed] = await Promise.all([getRequest(input.requestId), listAttachments(input.requestId).catch(() => null)]);
      return { request, documents: await shownDocuments(request, listed, documentPath) };
    }),
    downloadPdf: fromPromise<unknown, { requestId: number }>(({ input }) => downloadPdf(ownPdfPath(input.requestId), input.requestId, language())),
    downloadDocument: fromPromise<unknown, DocumentDownload>(({ input }) => downloadDocument(input.path, input.fileName, input.hash)),
  };
}

/** The draftDeletion machine's `deleteDraft`. */
export const deleteDraftActor = fromPromise<void, { requestId: number }>(({ input }) => deleteRequest(input.requestId));

/** The pdfRecap machine's `downloadPdf`, in the language on screen. */
export function pdfRecapActor(language: () => Language) {
  return fromPromise<unknown, PdfRecapTarget>(({ input }) => downloadPdf(input.path, input.requestId, language()));
}

/** The praticaWithdrawal machine's `withdrawPratica`: the withdrawal with the version on screen. */
export const withdrawPraticaActor = fromPromise<SuapRequest, WithdrawInput>(({ input }) => sendApplicantEvent(input.requestId, input.event));
