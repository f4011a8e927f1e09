// The real side effects of the back office's machines (machines/back-office/*, machines/details.ts
// on the desk, the list machines of the desk and the staff list), handed in with `provide()` or to
// the list hooks as their loaders. The machines decide; these only call the HTTP adapters
// (src/web/api/back-office.ts, src/web/api/pdf.ts), so no screen imports HTTP. Every call rejects
// with an ApiFailure (src/shared/api/failure.ts) that keeps the envelope's errorKey and field (the
// machines map it to a field, the screens to its text).
import { fromPromise } from 'xstate';
import type { FireEventInput } from '#machines/back-office/pratica-action.ts';
import type { DetailsRecord, DocumentDownload } from '#machines/details.ts';
import type { LoadPageInput, LoadPageOutput } from '#machines/list-query/rules.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import type { Language } from '#shared/constants.ts';
import type { User } from '#shared/domain.ts';
import type { BoUserResponse, StaffWrite } from '#shared/api/back-office.ts';
import { boDocumentPath, listBoAttachments } from '../api/back-office-attachments.ts';
import { downloadDocument } from '../api/attachments.ts';
import { downloadPdf } from '../api/pdf.ts';
import { shownDocuments } from './shown-documents.ts';
import type { DeskView } from '../screens/back-office/desk-view.ts';
import {
  boPdfPath,
  createUser,
  fireStaffEvent,
  getUser,
  listColleagues,
  listAuditLog,
  listRequests,
  listUsers,
  loadDeskDetails,
  modifyUser,
  setStorageLimit,
} from '../api/back-office.ts';
import type { AuditEntry } from '#shared/api/audit.ts';
import type { Colleague } from '#shared/api/pratica.ts';

export type { Neighbour } from '../api/back-office.ts';

/** The pratica action machine's calls: the event sent, and the colleagues an assignment offers. */
export const praticaActionActors = {
  fireEvent: fromPromise<SuapRequest, FireEventInput>(({ input }) => fireStaffEvent(input.requestId, input.event)),
  loadColleagues: fromPromise<Colleague[], { requestId: number }>(({ input }) => listColleagues(input.requestId)),
};

/** The storage-limit machine's `saveStorageLimit`: resolves with the day stored. */
export const saveStorageLimitActor = fromPromise<string, { requestId: number; day: string }>(({ input }) => setStorageLimit(input.requestId, input.day));

/** The staff form machine's `saveStaff`: a record with a userId is modified, one without is created. */
export const saveStaffActor = fromPromise<User, { user: StaffWrite }>(({ input }) =>
  (input.user.userId ? modifyUser(input.user) : createUser(input.user)).then((saved) => saved.user),
);

/** The desk details machine's actors: the request with its desk extras, and its PDF in the language on screen. */
export function deskDetailsActors(view: DeskView | null, language: () => Language) {
  return {
    // The request with its desk extras and its documents (docs/architecture.md "Where documents are shown").
    loadDetails: fromPromise<DetailsRecord, { requestId: number }>(async ({ input }) => {
      const [record, listed] = await Promise.all([loadDeskDetails(input.requestId, view), listBoAttachments(input.requestId).catch(() => null)]);
      return { ...record, documents: await shownDocuments(record.request, listed, boDocumentPath) };
    }),
    downloadPdf: fromPromise<unknown, { requestId: number }>(({ input }) => downloadPdf(boPdfPath(input.requestId), input.requestId, language())),
    downloadDocument: fromPromise<unknown, DocumentDownload>(({ input }) => downloadDocument(input.path, input.fileName, input.hash)),
  };
}

/** The desk's page loader (its list machine's `loadPage`). */
export const loadDeskPage = (query: LoadPageInput): Promise<LoadPageOutput<SuapRequest>> => listRequests(query);

/** The staff list's page loader. */
export const loadStaffPage = (query: LoadPageInput): Promise<LoadPageOutput<User>> => listUsers(query);

/** The audit log's page loader (administrators only). */
export const loadAuditPage = (query: LoadPageInput): Promise<LoadPageOutput<AuditEntry>> => listAuditLog(query);

/** A staff member and their audit trail (the details loader of user details and modify). */
export const loadStaffMember = (userId: number, signal?: AbortSignal): Promise<BoUserResponse> => getUser(userId, signal);
