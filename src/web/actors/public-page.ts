// The real side effects of the service page's machines (pendingDraft, downloadSizes), handed in with
// `provide()`. The API client (axios) is loaded for the draft check only, when a citizen is logged
// in: an anonymous visitor's service page does without it. files.json is a plain fetch
// (src/web/api/downloads.ts).
import { fromPromise } from 'xstate';
import type { DownloadSizes } from '#machines/download-sizes.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import type { Language } from '#shared/constants.ts';
import { fetchDownloadSizes } from '../api/downloads.ts';

/** The pendingDraft machine's `listStartupRequests`. */
export const listStartupRequestsActor = fromPromise<readonly SuapRequest[], { userId: number }>(async ({ input }) => {
  const { listStartupRequests } = await import('../api/requests.ts');
  return listStartupRequests(input.userId);
});

/**
 * The downloadSizes machine's `loadSizes`. No abort signal: a StrictMode remount restarts the same
 * actor, and the machine drops the late answer of a load it left (another language) anyway.
 */
export const loadSizesActor = fromPromise<DownloadSizes, { language: Language }>(({ input }) => fetchDownloadSizes(input.language));
