// msw handlers of spec §7 "Requests (front office)" as the enrolment uses them, over a store of
// requests: list, read (a draft with its `selection`, as the server computes it), create, update (with the server's optimistic version check: 409
// 'stale-version'), delete, the PDF recap, and the applicant's event on a sent pratica (a withdrawal,
// decided by the lifecycle machine as the server decides it: fixtures/pratica.ts movePratica). Bodies are checked against the shared write schema,
// so a client sending what the real server would refuse fails here too. The default handler set
// (index.ts) adds only the writes, on the shared mock store the private area reads
// (fixtures/back-office.ts); the enrolment's tests use `requestHandlers(store)` over their own.
import { http, HttpResponse } from 'msw';
import { Check } from 'typebox/value';
import { API_BASE, ApiPaths, routePattern } from '#shared/api/paths.ts';
import {
  missingForSubmission,
  NO_REQUESTS_STATUS,
  RequestWriteSchema,
  type RequestListResponse,
  type RequestResponse,
  type RequestWrite,
  type Selection,
  type SuapRequest,
} from '#shared/api/requests.ts';
import { businessRuleBroken, isBusinessComplete, needsLegalRepCheck } from '#shared/business.ts';
import { ApplicantEventRequestSchema, type ApplicantEventRequest } from '#shared/api/pratica.ts';
import { RequestState } from '#shared/constants.ts';
import { ssuStateOf } from '#shared/pratica.ts';
import { attachmentDisposition, recapFileName } from '#shared/recap.ts';
import type { Status } from '#shared/envelope.ts';
import { OK_STATUS } from '#shared/envelope.ts';
import { identityOfToken } from '../fixtures/identities.ts';
import { fail } from './envelope.ts';
import { isMockLegalRep } from './legal-representatives.ts';
import { initiatives, marioRequest, municipalities, offices, requestStates } from '../fixtures/requests.ts';
import { movePratica, sentPratica } from '../fixtures/pratica.ts';
import { forCitizen } from './private-area.ts';

/** What the handlers need of a store: its requests (the shared mock store has the same field). */
export interface RequestsHolder {
  requests: SuapRequest[];
  /** Every write the handlers accepted, in order (tests read what the app sent). */
  writes?: Array<{ method: 'POST' | 'PUT'; body: RequestWrite }>;
}

export function createRequestStore(...seed: SuapRequest[]): Required<RequestsHolder> {
  return { requests: seed.map((request) => structuredClone(request)), writes: [] };
}

const find = (store: RequestsHolder, requestId: number) => store.requests.find((request) => request.requestId === requestId);
function put(store: RequestsHolder, request: SuapRequest): void {
  const index = store.requests.findIndex((candidate) => candidate.requestId === request.requestId);
  if (index >= 0) store.requests[index] = request;
  else store.requests.push(request);
}
const nextId = (store: RequestsHolder) => Math.max(99, ...store.requests.map((request) => request.requestId)) + 1;

export const requestUrls = {
  list: `${API_BASE}${ApiPaths.requestList}`,
  create: `${API_BASE}${ApiPaths.requestCreate}`,
  one: `${API_BASE}${routePattern('request')}`,
  pdf: `${API_BASE}${routePattern('requestPdf')}`,
  event: `${API_BASE}${routePattern('requestEvent')}`,
} as const;

function callerOf(request: Request) {
  return identityOfToken(request.headers.get('authorization'))?.user.FO ?? null;
}

/** The write applied to a stored (or new) request, resolving office and initiative by id. */
function applyWrite(base: SuapRequest, body: RequestWrite): SuapRequest {
  const suap = body.suap ? (offices.find(({ suap: office }) => office.suapId === body.suap!.suapId)?.suap ?? null) : null;
  const iniziative = body.iniziative ? (initiatives.find((item) => item.iniziativeId === body.iniziative!.iniziativeId) ?? null) : null;
  return {
    ...base,
    suap,
    iniziative,
    municipalityId: body.municipalityId ?? null,
    municipality: municipalities.find((m) => m.municipalityId === body.municipalityId) ?? null,
    procedureNotification: body.procedureNotification ?? null,
    personalData: body.personalData ?? null,
    partitaIva: body.partitaIva || null,
    updatedOn: new Date().toISOString(),
  };
}

/**
 * Like the server's read of one's own draft: whether its office still serves its municipality and
 * its initiative is still offered, against the mock's master data (an initiative missing from the
 * fixtures' list counts as withdrawn). Undefined for a request that is not a draft or names none.
 */
export function selectionOf(request: SuapRequest): Selection | undefined {
  if (request.stateOfRequest.stateOfRequestId !== RequestState.DRAFT) return undefined;
  const suapId = request.suap?.suapId ?? null;
  const municipalityId = request.municipalityId ?? null;
  const iniziativeId = request.iniziative?.iniziativeId ?? null;
  if (suapId === null && municipalityId === null && iniziativeId === null) return undefined;
  return {
    officeServesMunicipality:
      suapId === null ||
      municipalityId === null ||
      offices.some(({ suap, municipalityIds }) => suap.suapId === suapId && municipalityIds.includes(municipalityId)),
    initiativeOffered: iniziativeId === null || initiatives.some((item) => item.iniziativeId === iniziativeId),
  };
}

/** Like the server (services/requests/references.ts): an office named with a municipality must serve it. */
function officeNotServing(body: RequestWrite): Status | null {
  const suapId = body.suap?.suapId;
  const municipalityId = body.municipalityId;
  if (!suapId || !municipalityId) return null;
  const serves = offices.some(({ suap, municipalityIds }) => suap.suapId === suapId && municipalityIds.includes(municipalityId));
  return serves ? null : { code: 400, message: 'Bad Request', description: 'suap: the office does not serve the chosen municipality.' };
}

function writeHandlers(store: RequestsHolder) {
  return [
    http.post<never, RequestWrite, RequestResponse | Status>(requestUrls.create, async ({ request }) => {
      const caller = callerOf(request);
      if (!caller) return fail(401, 'Unauthorized');
      const body = await request.json();
      if (!Check(RequestWriteSchema, body)) return fail(400, 'Bad Request', 'body does not match the request write schema');
      const broken = businessRuleBroken(body.personalData?.business, body.partitaIva);
      if (broken) return fail(400, 'Bad Request', `${broken.field}: ${broken.description}`);
      const notServing = officeNotServing(body);
      if (notServing) return fail(400, 'Bad Request', notServing.description);
      store.writes?.push({ method: 'POST', body });
      const requestId = nextId(store);
      const base = marioRequest({ requestId });
      const created = applyWrite({ ...base, user: { ...base.user, userId: caller.userId, firstName: caller.firstName, lastName: caller.lastName } }, body);
      put(store, created);
      return HttpResponse.json<RequestResponse>({ ...OK_STATUS, request: created });
    }),

    http.put<{ id: string }, RequestWrite, RequestResponse | Status>(requestUrls.one, async ({ request, params }) => {
      const caller = callerOf(request);
      if (!caller) return fail(401, 'Unauthorized');
      const body = await request.json();
      if (!Check(RequestWriteSchema, body)) return fail(400, 'Bad Request', 'body does not match the request write schema');
      const current = find(store, Number(params.id));
      if (!current || current.user.userId !== caller.userId) return fail(404, 'Not Found');
      if (current.stateOfRequest.stateOfRequestId === RequestState.DELETED)
        return fail(409, 'draft-deleted', 'The draft was deleted: it can no longer be changed.');
      if (current.stateOfRequest.stateOfRequestId !== RequestState.DRAFT) return fail(409, 'Conflict', 'Only a draft can be changed.');
      if (body.version !== current.version) return fail(409, 'stale-version', 'The request changed elsewhere: reload the latest version.');
      if (body.typeOfService && body.typeOfService.typeOfServiceId !== current.typeOfService.typeOfServiceId) {
        return fail(400, 'read-only-field', 'typeOfService: the service type of a request cannot be changed.');
      }
      const broken = businessRuleBroken(body.personalData?.business, body.partitaIva);
      if (broken) return fail(400, 'Bad Request', `${broken.field}: ${broken.description}`);
      const notServing = officeNotServing(body);
      if (notServing) return fail(400, 'Bad Request', notServing.description);
      store.writes?.push({ method: 'PUT', body });
      const target = body.stateOfRequest?.stateOfRequestId ?? RequestState.DRAFT;
      const updated = applyWrite({ ...current, version: current.version + 1 }, body);
      if (target === RequestState.SENT) {
        const missing = missingForSubmission(updated);
        if (!isBusinessComplete(updated.personalData?.business, updated.partitaIva)) missing.push('personalData.business');
        if (missing.length > 0) return fail(400, 'Bad Request', `The draft is not complete: ${missing.join(', ')}.`);
        // Like the server: a company's legal representative passes the register again, as the caller.
        const business = updated.personalData?.business;
        if (needsLegalRepCheck(business) && !isMockLegalRep(caller.fiscalCode, updated.partitaIva ?? ''))
          return fail(409, 'legal-rep-not-confirmed', 'The register does not name you as a legal representative of this company.');
        if (needsLegalRepCheck(business)) updated.legalRepCheck = 'verified';
        // Received as a SCIA (the mocked catalogue names no regime): the lifecycle machine's context from now.
        const sentAt = new Date().toISOString();
        const pratica = sentPratica('SCIA', caller, updated.suap!.suapId, sentAt);
        Object.assign(updated, {
          stateOfRequest: requestStates[RequestState.SENT],
          ssuState: ssuStateOf(RequestState.SENT),
          pratica: pratica.context,
          sentRequestDate: sentAt,
        });
      }
      put(store, updated);
      return HttpResponse.json<RequestResponse>({ ...OK_STATUS, request: updated });
    }),

    // POST requestEvent: the applicant's own event (a withdrawal), with the version on screen.
    http.post<{ id: string }, ApplicantEventRequest, RequestResponse | Status>(requestUrls.event, async ({ request, params }) => {
      const caller = callerOf(request);
      if (!caller) return fail(401, 'Unauthorized');
      const body = await request.json();
      if (!Check(ApplicantEventRequestSchema, body)) return fail(400, 'Bad Request', 'body does not match the applicant event schema');
      const current = find(store, Number(params.id));
      if (!current || current.user.userId !== caller.userId) return fail(404, 'Not Found');
      if (body.version !== current.version) return fail(409, 'stale-version', 'The request changed elsewhere: reload the latest version.');
      const command = { type: body.type, at: new Date().toISOString(), ...(body.note ? { note: body.note } : {}) };
      const decision = movePratica(current, command, { by: caller, staff: [] });
      if (!decision.ok) return fail(decision.status, decision.status === 409 ? 'transition-not-allowed' : 'Forbidden', decision.reason);
      return HttpResponse.json<RequestResponse>({ ...OK_STATUS, request: forCitizen(current, true) });
    }),
  ];
}

function readHandlers(store: RequestsHolder) {
  return [
    http.get<never, never, RequestListResponse | Status>(requestUrls.list, ({ request }) => {
      const caller = callerOf(request);
      if (!caller) return fail(401, 'Unauthorized');
      const params = new URL(request.url).searchParams;
      // Spec §5: another person's id answers like an unknown one: an empty list, "No Requests".
      if (params.get('userId') && Number(params.get('userId')) !== caller.userId)
        return HttpResponse.json<RequestListResponse>({ ...NO_REQUESTS_STATUS, totalResults: 0, totalPages: 0, requestList: [] });
      const typeOfServiceId = params.get('typeOfServiceId');
      const requestList = store.requests
        .filter((item) => item.user.userId === caller.userId)
        .filter((item) => !typeOfServiceId || item.typeOfService.typeOfServiceId === Number(typeOfServiceId))
        .sort((a, b) => b.requestId - a.requestId);
      return HttpResponse.json<RequestListResponse>({
        ...(requestList.length > 0 ? OK_STATUS : NO_REQUESTS_STATUS),
        totalResults: requestList.length,
        totalPages: Math.min(requestList.length, 1),
        requestList,
      });
    }),

    http.get<{ id: string }, never, RequestResponse | Status>(requestUrls.one, ({ request, params }) => {
      const caller = callerOf(request);
      if (!caller) return fail(401, 'Unauthorized');
      const found = find(store, Number(params.id));
      if (!found || found.user.userId !== caller.userId) return fail(404, 'Not Found');
      const selection = selectionOf(found);
      // Like the server, the municipality of the activity comes back by name (a seeded request may name only its id).
      const read = { ...found, municipality: found.municipality ?? municipalities.find((m) => m.municipalityId === found.municipalityId) ?? null };
      return HttpResponse.json<RequestResponse>({ ...OK_STATUS, request: selection ? { ...read, selection } : read });
    }),

    http.delete<{ id: string }, never, Status>(requestUrls.one, ({ request, params }) => {
      const caller = callerOf(request);
      if (!caller) return fail(401, 'Unauthorized');
      const current = find(store, Number(params.id));
      if (!current || current.user.userId !== caller.userId) return fail(404, 'Not Found');
      if (current.stateOfRequest.stateOfRequestId !== RequestState.DRAFT) return fail(409, 'Conflict', 'Only a draft can be deleted.');
      put(store, { ...current, stateOfRequest: requestStates[RequestState.DELETED], version: current.version + 1 });
      return HttpResponse.json<Status>({ ...OK_STATUS, description: 'deleted' });
    }),

    http.get<{ id: string }>(requestUrls.pdf, ({ request, params }) => {
      const caller = callerOf(request);
      if (!caller) return fail(401, 'Unauthorized');
      const found = find(store, Number(params.id));
      if (!found || found.user.userId !== caller.userId) return fail(404, 'Not Found');
      const lang = new URL(request.url).searchParams.get('lang') === 'en' ? 'en' : 'it';
      return new HttpResponse(new Blob(['%PDF-1.7\n%mock\n'], { type: 'application/pdf' }), {
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': attachmentDisposition(recapFileName(found.requestId, lang)) },
      });
    }),
  ];
}

/** Every request call of the enrolment over `store` (tests put them in front with `server.use`). */
export function requestHandlers(store: RequestsHolder) {
  return [...readHandlers(store), ...writeHandlers(store)];
}

/** The writes only: the default handler set, where the private area's handlers answer the reads. */
export function requestWriteHandlers(store: RequestsHolder) {
  return writeHandlers(store);
}
