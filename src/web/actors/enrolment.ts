// The real side effects of the draft machine that go through the request adapter of spec §7
// (./requests-http.ts), handed in with `provide()` by src/web/enrolment/actors.ts. The machine
// decides what the answer means (a draft of its service found or not; a failure counts as none).
import { fromPromise } from 'xstate';
import type { ListDraftsInput } from '../../../machines/draft/types.ts';
import type { SuapRequest } from '../../shared/api/requests.ts';
import { listOwnRequests } from './requests-http.ts';

/** The draft machine's `listDrafts`: the citizen's requests, every state and service; rejects on any failure. */
export const listDraftsActor = fromPromise<readonly SuapRequest[], ListDraftsInput>(({ input }) => listOwnRequests(input.userId));
