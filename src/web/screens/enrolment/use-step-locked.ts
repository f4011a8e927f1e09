// Whether a step page's fields and actions are closed: the draft machine takes what they send (CHANGE,
// SAVE) only while a draft is open and idle ('editing'), so while a call is in flight, after a save
// refused as stale, after the request was sent or before a draft is open they are read-only or
// disabled, never offered and silently dropped; and a step the enrolment machine made read-only
// (READONLY: an outdated office or initiative, or a sent request) shows its data without editing it.
import { selectIsReadOnly } from '#machines/enrolment.ts';
import type { StepName } from '#machines/enrolment/steps.ts';
import { DraftActor, EnrolmentActor } from '../../enrolment/machines.ts';

export interface StepLock {
  /** The draft machine refuses CHANGE and SAVE now: the actions are disabled. */
  closed: boolean;
  /** The fields do not change the draft now: read-only (closed, or the step is READONLY). */
  readOnly: boolean;
}

export function useStepLocked(step: StepName): StepLock {
  const editing = DraftActor.useSelector((snapshot) => snapshot.matches({ running: { lifecycle: 'editing' } }));
  const stepReadOnly = EnrolmentActor.useSelector((snapshot) => selectIsReadOnly(snapshot, step));
  return { closed: !editing, readOnly: !editing || stepReadOnly };
}
