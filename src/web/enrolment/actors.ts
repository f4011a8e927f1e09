// The real side effects of the startup, draft and office search machines (`machine.provide`): HTTP
// through ./api.ts and ../actors (the draft list), this tab's storage through ./storage.ts, new
// windows through ./modal-requests.ts. The machines decide what they mean.
import { fromPromise } from 'xstate';
import { draftMachine } from '../../../machines/draft.ts';
import type { UpdateRequestInput } from '../../../machines/draft/types.ts';
import { officeSearchMachine } from '../../../machines/officeSearch.ts';
import { startupMachine } from '../../../machines/startup.ts';
import type { LoadOfficesInput } from '../../../machines/officeSearch/rules.ts';
import type { RequestWrite } from '../../shared/api/requests.ts';
import { listDraftsActor } from '../actors/enrolment.ts';
import * as http from './api.ts';
import { openExternalPortal } from './modal-requests.ts';
import { readItemOrFail, writeItem, writeSelectedSuap } from './storage.ts';

/** The draft machine with the real actors: `provide()` supplies side effects only. */
export function createDraftLogic() {
  return draftMachine.provide({
    actors: {
      // A storage that cannot be read (disabled: SecurityError) rejects: the machine starts without a copy.
      loadPersistedDraft: fromPromise(async ({ input }: { input: { key: string } }) => readItemOrFail(input.key)),
      listDrafts: listDraftsActor,
      createRequest: fromPromise(({ input }: { input: RequestWrite }) => http.createRequest(input)),
      updateRequest: fromPromise(({ input }: { input: UpdateRequestInput }) => http.updateRequest(input.request)),
      retrieveRequest: fromPromise(({ input }: { input: { requestId: number } }) => http.getRequest(input.requestId)),
      deleteRequest: fromPromise(({ input }: { input: { requestId: number } }) => http.deleteRequest(input.requestId)),
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
function cancellable<T>(signal: AbortSignal, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  return call(signal).catch((error: unknown) => (signal.aborted ? new Promise<T>(() => {}) : Promise.reject(error)));
}

export function createOfficeSearchLogic() {
  return officeSearchMachine.provide({
    actors: {
      loadRegions: fromPromise(({ signal }) => cancellable(signal, (s) => http.loadRegions(s))),
      loadProvinces: fromPromise(({ input, signal }: { input: { regionId: number }; signal: AbortSignal }) =>
        cancellable(signal, (s) => http.loadProvinces(input.regionId, s)),
      ),
      loadMunicipalities: fromPromise(({ input, signal }: { input: { provinceId: number }; signal: AbortSignal }) =>
        cancellable(signal, (s) => http.loadMunicipalities(input.provinceId, s)),
      ),
      loadOffices: fromPromise(({ input, signal }: { input: LoadOfficesInput; signal: AbortSignal }) => cancellable(signal, (s) => http.loadOffices(input, s))),
    },
  });
}
