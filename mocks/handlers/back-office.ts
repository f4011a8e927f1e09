// msw handlers of spec §7 "Back office": the request desk (search, `sort=field;direction`, pages),
// request details with the named history, the pratica's lifecycle events decided by the lifecycle
// machine itself (404 for another office's, 403 and 409 with its reason, 409 stale-version; ../fixtures/pratica.ts)
// and the office's colleagues an assignment offers, draft storage limits, the PDF recap, and staff management for administrators (400 with
// the server's message and errorKey on a refused staff record). Typed by src/shared; they read and write the
// shared mock store (fixtures/back-office.ts).
import { http, HttpResponse } from 'msw';
import {
  type BoRequestListResponse,
  type BoRequestResponse,
  type BoUserListResponse,
  type BoUserResponse,
  deskSearchOf,
  type StaffWrite,
  type StorageLimitRequest,
} from '#shared/api/back-office.ts';
import { DEFAULT_STORAGE_LIMIT_MAX_YEARS, officeToday, storageLimitProblem, storageLimitRange } from '#shared/dates.ts';
import { API_BASE, ApiPaths, routePattern } from '#shared/api/paths.ts';
import type { RequestResponse, SuapRequest } from '#shared/api/requests.ts';
import type { Colleague, StaffEventRequest } from '#shared/api/pratica.ts';
import { EVENT_NOTE, OUTCOMES, STAFF_EVENT_TYPES } from '#shared/pratica.ts';
import { PageSize, RequestState, Role } from '#shared/constants.ts';
import type { User } from '#shared/domain.ts';
import { OK_STATUS, pageCount, type Status } from '#shared/envelope.ts';
import { ErrorKey } from '#shared/api/error-keys.ts';
import { hasValidCheckCharacter } from '#shared/fiscal-code-check.ts';
import { Patterns } from '#shared/patterns.ts';
import { foldForSearch } from '#shared/text.ts';
import { mockStore, PROFILE_NAMES, type MockStore } from '../fixtures/back-office.ts';
import { movePratica } from '../fixtures/pratica.ts';
import { identityOfToken } from '../fixtures/identities.ts';
import { fail } from './envelope.ts';
import { pdfAnswer } from './private-area.ts';

export const backOfficeUrls = {
  requests: `${API_BASE}${ApiPaths.boRequestList}`,
  request: `${API_BASE}${routePattern('boRequest')}`,
  event: `${API_BASE}${routePattern('boRequestEvent')}`,
  colleagues: `${API_BASE}${routePattern('boRequestColleagues')}`,
  storageLimit: `${API_BASE}${routePattern('boDraftStorageLimit')}`,
  pdf: `${API_BASE}${routePattern('boRequestPdf')}`,
  users: `${API_BASE}${ApiPaths.boUserList}`,
  user: `${API_BASE}${routePattern('boUser')}`,
  createUser: `${API_BASE}${ApiPaths.boUserCreate}`,
  modifyUser: `${API_BASE}${ApiPaths.boUserModify}`,
} as const;

function staffOf(authorization: string | null, adminOnly = false): User | Response {
  const identity = identityOfToken(authorization);
  if (!identity) return fail(401, 'Unauthorized');
  const user = identity.user.BO;
  const allowed: number[] = adminOnly ? [Role.BO_ADMIN] : [Role.BO_ADMIN, Role.BO_COLLAB, Role.CLERK];
  if (!user || !allowed.includes(user.profile.profileId)) return fail(403, 'Forbidden');
  return user;
}

/** Whether the request is addressed to an office the staff member works for (no offices listed: every office). */
function isOfTheirOffice(staff: User, request: SuapRequest): boolean {
  const officeId = request.pratica?.officeId ?? request.suap?.suapId;
  return staff.officeIds === undefined || officeId === undefined || staff.officeIds.includes(officeId);
}

/** The days a storage limit may take in the mock world: tomorrow to the default maximum (Europe/Rome). */
const rangeNow = () => storageLimitRange(officeToday(), DEFAULT_STORAGE_LIMIT_MAX_YEARS);

interface Paging {
  page: number;
  size: number;
  sort: [string, 'asc' | 'desc'] | null;
  filter: string | null;
}

function pagingOf(url: string, defaultSize: number): Paging {
  const params = new URL(url).searchParams;
  const sort = params.get('sort')?.split(';') as [string, 'asc' | 'desc'] | undefined;
  return {
    page: Number(params.get('page') ?? 1),
    size: Number(params.get('size') ?? defaultSize),
    sort: sort?.length === 2 ? sort : null,
    filter: params.get('filter'),
  };
}

function page<T>(items: T[], paging: Paging): { items: T[]; totalResults: number; totalPages: number } {
  const start = (paging.page - 1) * paging.size;
  return { items: items.slice(start, start + paging.size), totalResults: items.length, totalPages: pageCount(items.length, paging.size) };
}

function compare(a: string | number | null | undefined, b: string | number | null | undefined): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  return a < b ? -1 : 1;
}

const REQUEST_SORT: Record<string, (request: SuapRequest) => string | number | null | undefined> = {
  requestId: (r) => r.requestId,
  sentRequestDate: (r) => r.sentRequestDate,
  firstName: (r) => foldForSearch(`${r.user.firstName} ${r.user.lastName}`),
  stateOfRequest: (r) => r.stateOfRequest.stateOfRequestId,
};

const USER_SORT: Record<string, (user: User) => string | number | null | undefined> = {
  name: (u) => foldForSearch(`${u.firstName} ${u.lastName}`),
  lastName: (u) => foldForSearch(`${u.lastName} ${u.firstName}`),
  fiscalCode: (u) => u.fiscalCode,
  email: (u) => u.email,
  profile: (u) => u.profile.profileId,
  active: (u) => u.active,
};

function sorted<T>(
  items: T[],
  sort: Paging['sort'],
  keys: Record<string, (item: T) => string | number | null | undefined>,
  fallback: [string, 'asc' | 'desc'],
): T[] {
  const [field, direction] = sort && keys[sort[0]] ? sort : fallback;
  const key = keys[field]!;
  return [...items].sort((a, b) => (direction === 'asc' ? 1 : -1) * compare(key(a), key(b)));
}

/** A body the event call accepts (the server's schema, src/shared/api/pratica.ts): null when it is not one. */
function staffEventOf(body: unknown): StaffEventRequest | null {
  const event = (body ?? {}) as Partial<Record<keyof StaffEventRequest, unknown>>;
  const keys = Object.keys(event);
  const note = event.note;
  if (keys.some((key) => !['type', 'version', 'note', 'assigneeId', 'outcome'].includes(key))) return null;
  if (!STAFF_EVENT_TYPES.includes(event.type as never) || !Number.isInteger(event.version)) return null;
  if (
    note !== undefined &&
    (typeof note !== 'string' || note.length < EVENT_NOTE.minLength || note.length > EVENT_NOTE.maxLength || !Patterns.multiLineText.test(note))
  )
    return null;
  if (event.assigneeId !== undefined && !Number.isInteger(event.assigneeId)) return null;
  if (event.outcome !== undefined && !OUTCOMES.includes(event.outcome as never)) return null;
  return event as StaffEventRequest;
}

export function backOfficeHandlers(store: MockStore = mockStore) {
  const findRequest = (id: string | readonly string[] | undefined) => store.requests.find((candidate) => candidate.requestId === Number(id));
  const findStaff = (id: number) => store.staff.find((record) => record.user.userId === id);
  return [
    http.get<never, never, BoRequestListResponse | Status>(backOfficeUrls.requests, ({ request }) => {
      const staff = staffOf(request.headers.get('authorization'));
      if (staff instanceof Response) return staff;
      const paging = pagingOf(request.url, PageSize.requests);
      // The server's rule (src/shared): digits are a request number, a fiscal code its applicant's
      // requests, other text of 4 characters or more the applicant's full name and office.
      const search = paging.filter ? deskSearchOf(paging.filter) : null;
      if (search?.kind === 'too-short') return fail(400, 'Bad Request', 'filter: too short.');
      const state = Number(new URL(request.url).searchParams.get('state') ?? 0) || null;
      const matching = store.requests.filter((r) => {
        if (state !== null && r.stateOfRequest.stateOfRequestId !== state) return false;
        if (!search) return true;
        if (search.kind === 'number') return r.requestId === search.requestId;
        if (search.kind === 'fiscalCode') return (r.user.fiscalCode ?? '').toUpperCase() === search.fiscalCode;
        return foldForSearch(`${r.user.firstName} ${r.user.lastName} ${r.suap?.name ?? ''}`).includes(foldForSearch(search.text));
      });
      const result = page(sorted(matching, paging.sort, REQUEST_SORT, ['requestId', 'desc']), paging);
      return HttpResponse.json<BoRequestListResponse>({
        ...OK_STATUS,
        totalResults: result.totalResults,
        totalPages: result.totalPages,
        requestList: result.items,
      });
    }),
    http.get<{ id: string }, never, BoRequestResponse | Status>(backOfficeUrls.request, ({ request, params }) => {
      const staff = staffOf(request.headers.get('authorization'));
      if (staff instanceof Response) return staff;
      const found = findRequest(params.id);
      if (!found) return fail(404, 'Not Found', `No request ${params.id}.`);
      const draft = found.stateOfRequest.stateOfRequestId === RequestState.DRAFT;
      return HttpResponse.json<BoRequestResponse>({
        ...OK_STATUS,
        request: found,
        ...(draft ? { storageLimitRange: rangeNow(), storageLimitChanges: store.storageLimitChanges.get(found.requestId) ?? [] } : {}),
      });
    }),
    http.post<{ id: string }, StaffEventRequest, RequestResponse | Status>(backOfficeUrls.event, async ({ request, params }) => {
      const staff = staffOf(request.headers.get('authorization'));
      if (staff instanceof Response) return staff;
      const found = findRequest(params.id);
      const event = staffEventOf(await request.json().catch(() => null));
      if (!event) return fail(400, 'Bad Request', 'body: not a staff event.');
      // Like the server: a pratica of an office the staff member does not work for is a missing one.
      if (!found || !isOfTheirOffice(staff, found)) return fail(404, 'Not Found', `No request ${params.id}.`);
      if (found.version !== event.version) return fail(409, ErrorKey.staleVersion, 'The request changed meanwhile: reload it.');
      const colleague = event.assigneeId === undefined ? undefined : findStaff(event.assigneeId)?.user;
      const { type, note, outcome } = event;
      const command = { type, at: store.now().toISOString(), ...(note ? { note } : {}), ...(outcome ? { outcome } : {}) };
      const staffUsers = store.staff.map((record) => record.user);
      const decision = movePratica(found, command as Parameters<typeof movePratica>[1], {
        by: staff,
        ...(colleague ? { assignee: colleague } : {}),
        staff: staffUsers,
      });
      if (!decision.ok) {
        return decision.status === 403
          ? fail(403, 'Forbidden', `Not allowed: ${decision.reason}.`)
          : fail(409, ErrorKey.transitionNotAllowed, `Not possible now: ${decision.reason}.`);
      }
      return HttpResponse.json<RequestResponse>({ ...OK_STATUS, request: found });
    }),
    http.get<{ id: string }, never, (Status & { list: Colleague[] }) | Status>(backOfficeUrls.colleagues, ({ request, params }) => {
      const staff = staffOf(request.headers.get('authorization'));
      if (staff instanceof Response) return staff;
      const found = findRequest(params.id);
      if (!found?.pratica || !isOfTheirOffice(staff, found)) return fail(404, 'Not Found', `No request ${params.id}.`);
      const officeId = found.pratica.officeId;
      const list = store.staff
        .map((record) => record.user)
        .filter((user) => user.active === 1 && user.profile.profileId === Role.CLERK && (user.officeIds ?? []).includes(officeId))
        .map((user) => ({ userId: user.userId, firstName: user.firstName, lastName: user.lastName, profileId: user.profile.profileId }));
      return HttpResponse.json<Status & { list: Colleague[] }>({ ...OK_STATUS, list });
    }),
    http.put<{ id: string }, StorageLimitRequest, Status & { storageLimit?: string }>(backOfficeUrls.storageLimit, async ({ request, params }) => {
      const staff = staffOf(request.headers.get('authorization'));
      if (staff instanceof Response) return staff;
      const found = findRequest(params.id);
      if (!found) return fail(404, 'Not Found', `No request ${params.id}.`);
      if (staff.profile.profileId !== Role.BO_ADMIN) return fail(403, 'Forbidden');
      const { storageLimit } = await request.json();
      if (storageLimitProblem(storageLimit, rangeNow()) !== null) return fail(400, 'Bad Request', 'storageLimit: must be a day in the range offered.');
      if (found.stateOfRequest.stateOfRequestId !== RequestState.DRAFT) return fail(409, 'Conflict', 'Only a draft has a storage limit.');
      // Like the server: the same day again changes nothing; a change is recorded with who, from, to.
      if (found.storageLimit !== storageLimit) {
        const changes = store.storageLimitChanges.get(found.requestId) ?? [];
        changes.push({ at: store.now().toISOString(), actorName: `${staff.firstName} ${staff.lastName}`, from: found.storageLimit ?? null, to: storageLimit });
        store.storageLimitChanges.set(found.requestId, changes);
        found.storageLimit = storageLimit;
      }
      return HttpResponse.json({ ...OK_STATUS, storageLimit });
    }),
    http.get<{ id: string }>(backOfficeUrls.pdf, ({ request, params }) => {
      const staff = staffOf(request.headers.get('authorization'));
      if (staff instanceof Response) return staff;
      const found = findRequest(params.id);
      return found ? pdfAnswer(found.requestId, request.url) : fail(404, 'Not Found');
    }),
    http.get<never, never, BoUserListResponse | Status>(backOfficeUrls.users, ({ request }) => {
      const admin = staffOf(request.headers.get('authorization'), true);
      if (admin instanceof Response) return admin;
      const paging = pagingOf(request.url, PageSize.users);
      const filter = paging.filter ? foldForSearch(paging.filter) : null;
      const users = store.staff
        .map((record) => record.user)
        .filter((u) => !filter || foldForSearch(`${u.firstName} ${u.lastName} ${u.fiscalCode ?? ''} ${u.email ?? ''}`).includes(filter));
      const result = page(sorted(users, paging.sort, USER_SORT, ['name', 'asc']), paging);
      return HttpResponse.json<BoUserListResponse>({ ...OK_STATUS, totalResults: result.totalResults, totalPages: result.totalPages, userList: result.items });
    }),
    http.get<{ id: string }, never, BoUserResponse | Status>(backOfficeUrls.user, ({ request, params }) => {
      const admin = staffOf(request.headers.get('authorization'), true);
      if (admin instanceof Response) return admin;
      const record = findStaff(Number(params.id));
      return record
        ? HttpResponse.json<BoUserResponse>({ ...OK_STATUS, user: record.user, audit: record.audit })
        : fail(404, 'Not Found', `No staff member ${params.id}.`);
    }),
    http.post<never, StaffWrite, BoUserResponse | Status>(backOfficeUrls.createUser, async ({ request }) => {
      const admin = staffOf(request.headers.get('authorization'), true);
      if (admin instanceof Response) return admin;
      const body = await request.json();
      const fiscalCode = body.fiscalCode.toUpperCase();
      const refused = staffRefusal(store, body, null);
      if (refused) return refused;
      const userId = store.nextUserId++;
      const profileId = body.profile.profileId;
      const user: User = {
        userId,
        userEidasId: null,
        firstName: body.firstName,
        lastName: body.lastName,
        fiscalCode,
        email: body.email,
        profile: { profileId, description: PROFILE_NAMES[profileId]! },
        active: body.active ?? 1,
      };
      const changes = Object.fromEntries(
        Object.entries({
          first_name: user.firstName,
          last_name: user.lastName,
          fiscal_code: fiscalCode,
          email: user.email,
          profile_id: profileId,
          active: user.active,
        }).map(([k, v]) => [k, { from: null, to: v }]),
      );
      const record = { user, audit: [{ at: store.now().toISOString(), action: 'create', actorName: `${admin.firstName} ${admin.lastName}`, changes }] };
      store.staff.push(record);
      return HttpResponse.json<BoUserResponse>({ ...OK_STATUS, user, audit: record.audit });
    }),
    http.put<never, StaffWrite, BoUserResponse | Status>(backOfficeUrls.modifyUser, async ({ request }) => {
      const admin = staffOf(request.headers.get('authorization'), true);
      if (admin instanceof Response) return admin;
      const body = await request.json();
      const record = body.userId ? findStaff(body.userId) : undefined;
      if (!record) return fail(404, 'Not Found', 'No such staff member.');
      if (body.userId === admin.userId && body.active === 0) return fail(400, ErrorKey.selfDeactivation, 'active: you cannot deactivate yourself.');
      const admins = store.staff.filter((other) => other.user.profile.profileId === Role.BO_ADMIN && other.user.active === 1);
      const staysAdmin = body.profile.profileId === Role.BO_ADMIN && (body.active ?? record.user.active) === 1;
      const lastAdmin = admins.length === 1 && admins[0]!.user.userId === body.userId;
      if (lastAdmin && !staysAdmin) return fail(400, ErrorKey.lastAdministrator, 'profile: the office must keep at least one active administrator.');
      // As the server: the last administrator may not change their own fiscal code (a typo would lock the office out).
      if (lastAdmin && body.userId === admin.userId && body.fiscalCode.toUpperCase() !== record.user.fiscalCode) {
        return fail(
          400,
          ErrorKey.lastAdministrator,
          'fiscalCode: you are the only active administrator; appoint another administrator before changing your own fiscal code.',
        );
      }
      const refused = staffRefusal(store, body, body.userId!);
      if (refused) return refused;
      const before = record.user;
      const profileId = body.profile.profileId;
      record.user = {
        ...before,
        firstName: body.firstName,
        lastName: body.lastName,
        fiscalCode: body.fiscalCode.toUpperCase(),
        email: body.email,
        profile: { profileId, description: PROFILE_NAMES[profileId]! },
        active: body.active ?? before.active,
      };
      record.audit = [
        {
          at: store.now().toISOString(),
          action: 'modify',
          actorName: `${admin.firstName} ${admin.lastName}`,
          changes: { first_name: { from: before.firstName, to: body.firstName } },
        },
        ...record.audit,
      ];
      return HttpResponse.json<BoUserResponse>({ ...OK_STATUS, user: record.user, audit: record.audit });
    }),
  ];
}

/** The server's refusals of a staff record (src/server/services/back-office/staff.ts), with their keys. */
function staffRefusal(store: MockStore, body: StaffWrite, exceptUserId: number | null) {
  const fiscalCode = body.fiscalCode.toUpperCase();
  const others = store.staff.filter((record) => record.user.userId !== exceptUserId);
  if (!Patterns.fiscalCode.test(fiscalCode)) return fail(400, 'Bad Request', 'fiscalCode: must match the fiscal code pattern.');
  if (!hasValidCheckCharacter(fiscalCode))
    return fail(400, ErrorKey.invalidCheckCharacter, 'fiscalCode: not a valid fiscal code (its check character does not match).');
  if (others.some((record) => record.user.fiscalCode === fiscalCode))
    return fail(400, ErrorKey.duplicateFiscalCode, 'fiscalCode: a staff member with this fiscal code already exists.');
  if (others.some((record) => record.user.email?.toLowerCase() === body.email.trim().toLowerCase()))
    return fail(400, ErrorKey.duplicateEmail, 'email: a staff member with this e-mail address already exists.');
  return null;
}
