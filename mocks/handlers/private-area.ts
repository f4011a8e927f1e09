// msw handlers of spec §7 "Requests (front office)" as the private area uses them: the citizen's
// list, one request with its history (staff by role only), deleting a draft, and the PDF recap.
// Typed by src/shared; they read and write the shared mock store (fixtures/back-office.ts).
import { http, HttpResponse } from 'msw';
import { API_BASE, ApiPaths, routePattern } from '#shared/api/paths.ts';
import { NO_REQUESTS_STATUS, type RequestListResponse, type RequestResponse, type SuapRequest } from '#shared/api/requests.ts';
import { RequestState, Role, type Language } from '#shared/constants.ts';
import { attachmentDisposition, recapFileName } from '#shared/recap.ts';
import { OK_STATUS, type Status } from '#shared/envelope.ts';
import { configFixture } from '../fixtures/config.ts';
import { mockStore, type MockStore } from '../fixtures/back-office.ts';
import { identityOfToken } from '../fixtures/identities.ts';
import { fail } from './envelope.ts';

export const privateAreaUrls = {
  list: `${API_BASE}${ApiPaths.requestList}`,
  request: `${API_BASE}${routePattern('request')}`,
  pdf: `${API_BASE}${routePattern('requestPdf')}`,
} as const;

export const PDF_BYTES = '%PDF-1.7\n% mock recap\n';

/** What a citizen sees of a request: the history without staff names (spec: staff by role). */
export function forCitizen(request: SuapRequest, withHistory: boolean): SuapRequest {
  const { history, ...rest } = request;
  return withHistory ? { ...rest, history: (history ?? []).map(({ actorName: _name, ...entry }) => entry) } : rest;
}

function citizenOf(authorization: string | null) {
  return identityOfToken(authorization)?.user.FO ?? null;
}

/** The PDF answer of both recap calls, named in the language the call asks for (`lang`, else Italian). */
export function pdfAnswer(requestId: number, requestUrl: string) {
  const language: Language = new URL(requestUrl).searchParams.get('lang') === 'en' ? 'en' : 'it';
  return new HttpResponse(PDF_BYTES, {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': attachmentDisposition(recapFileName(requestId, language)) },
  });
}

export function privateAreaHandlers(store: MockStore = mockStore) {
  const own = (authorization: string | null, id: string | readonly string[] | undefined) => {
    const user = citizenOf(authorization);
    if (!user) return { error: fail(401, 'Unauthorized') } as const;
    const request = store.requests.find((candidate) => candidate.requestId === Number(id));
    // Like the server: another person's request answers exactly as a missing one (no existence oracle).
    if (!request || request.user.userId !== user.userId) return { error: fail(404, 'Not Found', 'No such request among yours.') } as const;
    return { request, user } as const;
  };
  return [
    http.get<never, never, RequestListResponse | Status>(privateAreaUrls.list, ({ request }) => {
      const user = citizenOf(request.headers.get('authorization'));
      if (!user) return fail(401, 'Unauthorized');
      const asked = new URL(request.url).searchParams.get('userId');
      // Spec §5: another person's id answers like an unknown one: an empty list, "No Requests".
      const requestList =
        asked !== null && Number(asked) !== user.userId
          ? []
          : store.requests
              .filter((candidate) => candidate.user.userId === user.userId)
              .sort((a, b) => b.requestId - a.requestId)
              .map((candidate) => forCitizen(candidate, false));
      return HttpResponse.json<RequestListResponse>({
        ...(requestList.length > 0 ? OK_STATUS : NO_REQUESTS_STATUS),
        totalResults: requestList.length,
        totalPages: Math.min(requestList.length, 1),
        requestList,
      });
    }),
    http.get<{ id: string }, never, RequestResponse | Status>(privateAreaUrls.request, ({ request, params }) => {
      const found = own(request.headers.get('authorization'), params.id);
      if ('error' in found) return found.error;
      return HttpResponse.json<RequestResponse>({ ...OK_STATUS, request: forCitizen(found.request, true) });
    }),
    http.delete<{ id: string }, never, Status>(privateAreaUrls.request, ({ request, params }) => {
      const found = own(request.headers.get('authorization'), params.id);
      if ('error' in found) return found.error;
      const draft = found.request;
      if (draft.stateOfRequest.stateOfRequestId !== RequestState.DRAFT) return fail(409, 'Conflict', 'Only a draft can be deleted.');
      const at = store.now().toISOString();
      Object.assign(draft, {
        stateOfRequest: configFixture.stateOfRequestAnagList.find((state) => state.stateOfRequestId === RequestState.DELETED)!,
        updatedOn: at,
        storageLimit: null,
        version: draft.version + 1,
        history: [
          ...(draft.history ?? []),
          { fromState: RequestState.DRAFT, toState: RequestState.DELETED, at, actorProfileId: Role.FRONT_OFFICE, actorName: null, reason: null },
        ],
      });
      return HttpResponse.json<Status>({ ...OK_STATUS, description: 'deleted' });
    }),
    http.get<{ id: string }>(privateAreaUrls.pdf, ({ request, params }) => {
      const found = own(request.headers.get('authorization'), params.id);
      if ('error' in found) return found.error;
      return pdfAnswer(found.request.requestId, request.url);
    }),
  ];
}
