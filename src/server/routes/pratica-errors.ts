// What the lifecycle calls' error statuses mean (the OpenAPI document's errorMeanings, openapi.ts):
// the staff's and the applicant's events are refused in the same order by transition()
// (services/pratica/transition.ts), each refusal changing nothing.
import { ErrorKey } from '#shared/api/error-keys.ts';
import type { ErrorMeaning } from '../openapi.ts';

const notFound: ErrorMeaning = {
  when: 'No such request, or one the caller may not see: another person’s (citizens), another office’s (staff). Both answer the same bytes.',
  examples: [{ key: ErrorKey.notFound, description: 'No such request among those of your offices.' }],
};

const conflict: ErrorMeaning = {
  when: 'The lifecycle machine does not allow the event now, and says why: the state, a term, the regime, an integration already asked (transition-not-allowed); or the `version` sent is not the stored one (stale-version: reload and redo).',
  examples: [
    { key: ErrorKey.transitionNotAllowed, description: 'Not possible now: REQUEST_INTEGRATION is not possible in state withdrawn.' },
    { key: ErrorKey.staleVersion, description: 'The request changed meanwhile (version 5, yours 4): reload it.' },
  ],
};

/** POST boRequestEvent. */
export const staffEventMeanings: Partial<Record<number, ErrorMeaning>> = {
  400: {
    when: 'The body is malformed, or a field does not fit the event: a note missing for an event that needs one (src/shared/pratica.ts EVENTS_NEEDING_NOTE), ASSIGN without an `assigneeId` of an active staff account, PROPOSE_OUTCOME without an `outcome`, or either named with another event. `field` names it.',
    examples: [
      { key: ErrorKey.badRequest, description: 'note: required for REQUEST_INTEGRATION: what is asked, or the reason of the act.', field: 'note' },
      { key: ErrorKey.badRequest, description: 'assigneeId: names no active staff account.', field: 'assigneeId' },
      { key: ErrorKey.badRequest, description: 'outcome: only PROPOSE_OUTCOME names an outcome, not CONCLUDE_POSITIVE.', field: 'outcome' },
    ],
  },
  403: {
    when: 'The caller may not fire this event on this pratica: a collaborator (read only), a clerk who is not the one in charge, or an event reserved to administrators; the reason names who may.',
    examples: [{ key: ErrorKey.forbidden, description: 'Not allowed: only the clerk in charge or an administrator may REQUEST_INTEGRATION.' }],
  },
  404: notFound,
  409: conflict,
};

/** POST requestEvent. */
export const applicantEventMeanings: Partial<Record<number, ErrorMeaning>> = {
  403: {
    when: 'The caller’s account may not use this call (an inactive account).',
    examples: [{ key: ErrorKey.forbidden, description: 'Your account may not use this function.' }],
  },
  404: { ...notFound, examples: [{ key: ErrorKey.notFound, description: 'No such request among yours.' }] },
  409: {
    ...conflict,
    examples: [{ key: ErrorKey.transitionNotAllowed, description: 'Not possible now: WITHDRAW is not possible in state accepted.' }, conflict.examples[1]!],
  },
};
