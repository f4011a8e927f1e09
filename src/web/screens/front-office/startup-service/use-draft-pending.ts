// Whether the logged citizen already has a startup request in draft: the service page's login box
// then says so instead of offering a new start (spec §2). The rule and the check are the
// pendingDraft machine's (machines/pending-draft.ts); its list call is the adapter of
// src/web/actors/public-page.ts, which loads the API client only when there is a citizen to check.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { pendingDraftMachine, selectDraftCheck, type DraftCheck } from '#machines/pending-draft.ts';
import { listStartupRequestsActor } from '#web/actors/public-page.ts';

export type { DraftCheck };

const pendingDraftLogic = pendingDraftMachine.provide({ actors: { listStartupRequests: listStartupRequestsActor } });

/** `userId` null: nobody to check (anonymous visitor or staff). */
export function useDraftPending(userId: number | null): DraftCheck {
  const [input] = useState(() => ({ userId }));
  const actor = useActorRef(pendingDraftLogic, { input });
  // Login, logout or another person: the machine checks again when the person changed.
  useEffect(() => actor.send({ type: 'USER_CHANGED', userId }), [actor, userId]);
  return useSelector(actor, selectDraftCheck);
}
