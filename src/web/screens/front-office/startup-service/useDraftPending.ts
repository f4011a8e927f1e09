// Whether the logged citizen already has a startup request in draft (state 1): the service page's
// login box then says so instead of offering a new start (spec §2). Read from
// GET /suap/v1/request/list with the citizen's user id and service type 1. The API client (axios)
// is loaded for that check only: an anonymous visitor's service page does without it.
import { useEffect, useState } from 'react';
import { ApiPaths } from '../../../../shared/api/paths.ts';
import type { RequestListResponse, SuapRequest } from '../../../../shared/api/requests.ts';
import { RequestState, STARTUP_SERVICE_TYPE_ID } from '../../../../shared/constants.ts';

export type DraftCheck = 'idle' | 'checking' | 'pending' | 'none';

export function hasPendingDraft(requests: readonly SuapRequest[]): boolean {
  return requests.some(
    (request) => request.stateOfRequest.stateOfRequestId === RequestState.DRAFT && request.typeOfService.typeOfServiceId === STARTUP_SERVICE_TYPE_ID,
  );
}

/** `userId` null: nobody to check (anonymous visitor or staff). */
export function useDraftPending(userId: number | null): DraftCheck {
  const [result, setResult] = useState<{ userId: number; check: Exclude<DraftCheck, 'idle' | 'checking'> } | null>(null);
  useEffect(() => {
    if (userId === null) return;
    const controller = new AbortController();
    import('../../../api/client.ts')
      .then(({ api }) =>
        api.get<RequestListResponse>(ApiPaths.requestList, { params: { userId, typeOfServiceId: STARTUP_SERVICE_TYPE_ID }, signal: controller.signal }),
      )
      .then(
        ({ data }) => setResult({ userId, check: data?.code === 200 && hasPendingDraft(data.requestList ?? []) ? 'pending' : 'none' }),
        // Unknown: the start button stays available; the enrolment flow finds the draft itself.
        () => {
          if (!controller.signal.aborted) setResult({ userId, check: 'none' });
        },
      );
    return () => controller.abort();
  }, [userId]);
  if (userId === null) return 'idle';
  return result?.userId === userId ? result.check : 'checking';
}
