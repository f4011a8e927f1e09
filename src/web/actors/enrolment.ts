// The real side effects of the enrolment's machines (the startup machine and its draft, the office
// search, the residence combobox's municipality search), handed in with `machine.provide()`, and
// the initiative list's loader: HTTP through the adapters of src/web/api (requests.ts,
// master-data.ts), this tab's storage through src/web/enrolment/storage.ts, new windows through
// src/web/enrolment/modal-requests.ts. The machines decide what the answers mean.
import { fromPromise } from 'xstate';
import { draftMachine } from '#machines/draft.ts';
import type { ListDraftsInput, UpdateRequestInput } from '#machines/draft/types.ts';
import { activityPlaceMachine, type ServesInput } from '#machines/activity-place.ts';
import { municipalitySearchMachine } from '#machines/municipality-search.ts';
import { officeSearchMachine } from '#machines/office-search.ts';
import type { LoadOfficesInput } from '#machines/office-search/rules.ts';
import { startupMachine } from '#machines/startup.ts';
import type { InitiativeListResponse } from '#shared/api/master-data.ts';
import type { RequestWrite, SuapRequest } from '#shared/api/requests.ts';
import * as masterData from '../api/master-data.ts';
import * as requests from '../api/requests.ts';
import { openExternalPortal } from '../enrolment/modal-requests.ts';
import { readItemOrFail, writeItem, writeSelectedSuap } from '../enrolment/storage.ts';

export type { InitiativesQuery } from '../api/master-data.ts';

/** The draft machine's `listDrafts`: the citizen's requests, every state and service; rejects on any failure. */
const listDraftsActor = fromPromise<readonly SuapRequest[], ListDraftsInput>(({ input }) => requests.listOwnRequests(input.userId));

/** The draft machine with the real actors: `provide()` supplies side effects only. */
export function createDraftLogic() {
  return draftMachine.provide({
    actors: {
      // A storage that cannot be read (disabled: SecurityError) rejects: the machine starts without a copy.
      loadPersistedDraft: fromPromise(async ({ input }: { input: { key: string } }) => readItemOrFail(input.key)),
      listDrafts: listDraftsActor,
      createRequest: fromPromise(({ input }: { input: RequestWrite }) => requests.createRequest(input)),
      updateRequest: fromPromise(({ input }: { input: UpdateRequestInput }) => requests.updateRequest(input.request)),
      retrieveRequest: fromPromise(({ input }: { input: { requestId: number } }) => requests.getRequest(input.requestId)),
      deleteRequest: fromPromise(({ input }: { input: { requestId: number } }) => requests.deleteRequest(input.requestId)),
    },
  });
}

/**
 * The startup machine (the draft and the steps together) with the real draft and the browser's
 * storage and windows. What is written and when is the machines' rule: the draft says what the tab
 * keeps ('persistDraft', 'clearPersistedDraft'), the startup machine writes it through these actions.
 */
export function createStartupLogic() {
  return startupMachine.provide({
    actors: {
      draft: createDraftLogic(),
      readStoredDraft: fromPromise(async ({ input }: { input: { key: string } }) => readItemOrFail(input.key)),
    },
    actions: {
      writeStorage: (_, { key, value }) => writeItem(key, value),
      keepSelectedOffice: (_, { suap }) => writeSelectedSuap(suap),
      openExternalPortal: (_, { url }) => openExternalPortal(url),
    },
  });
}

/**
 * A list call cancelled with its actor (a new choice restarts the load): the request is aborted and
 * the call never settles. Under React's StrictMode the provider stops and restarts the actor once,
 * and a rejection of the aborted first call would otherwise reach the restarted actor as a failure.
 */
export function cancellable<T>(signal: AbortSignal, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  return call(signal).catch((error: unknown) => (signal.aborted ? new Promise<T>(() => {}) : Promise.reject(error)));
}

export function createOfficeSearchLogic() {
  return officeSearchMachine.provide({
    actors: {
      loadRegions: fromPromise(({ signal }) => cancellable(signal, (s) => masterData.loadRegions(s))),
      loadProvinces: fromPromise(({ input, signal }: { input: { regionId: number }; signal: AbortSignal }) =>
        cancellable(signal, (s) => masterData.loadProvinces(input.regionId, s)),
      ),
      loadMunicipalities: fromPromise(({ input, signal }: { input: { provinceId: number }; signal: AbortSignal }) =>
        cancellable(signal, (s) => masterData.loadMunicipalities(input.provinceId, s)),
      ),
      loadOffices: fromPromise(({ input, signal }: { input: LoadOfficesInput; signal: AbortSignal }) =>
        cancellable(signal, (s) => masterData.loadOffices(input, s)),
      ),
    },
  });
}

/** The residence combobox's machine with the real search (aborted when a newer text restarts it). */
export function createMunicipalitySearchLogic() {
  return municipalitySearchMachine.provide({
    actors: {
      search: fromPromise(({ input, signal }: { input: { text: string }; signal: AbortSignal }) => masterData.searchMunicipalities(input.text, signal)),
    },
  });
}

/**
 * The municipality-of-the-activity machine with the real check: the offices serving the municipality
 * (the office list's municipality filter, page by page: a municipality has few) include the office.
 */
export function createActivityPlaceLogic() {
  return activityPlaceMachine.provide({
    actors: {
      servesMunicipality: fromPromise(async ({ input, signal }: { input: ServesInput; signal: AbortSignal }) => {
        for (let page = 1; ; page += 1) {
          const answer = await masterData.loadOffices({ filter: null, page, municipalityId: input.municipalityId }, signal);
          if (answer.code !== 200) throw new Error(`offices of municipality ${input.municipalityId}: ${answer.code}`);
          if (answer.suapList.some((suap) => suap.suapId === input.suapId)) return true;
          if (page >= answer.totalPages) return false;
        }
      }),
    },
  });
}

/** The initiative list's page loader (useInitiativeList): one page of an initiative type's initiatives. */
export const loadInitiativePage = (query: masterData.InitiativesQuery, signal?: AbortSignal): Promise<InitiativeListResponse> =>
  masterData.loadInitiatives(query, signal);
