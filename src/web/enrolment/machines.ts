// The enrolment's running machines, one React context each (createActorContext), as the app's own
// machines are in ../app/machines.ts: the draft and the step statuses live as long as the startup
// mount (EnrolmentProvider), the office search as long as the select-initiative step.
import { createActorContext } from '@xstate/react';
import { createContext } from 'react';
import type { InspectionEvent } from 'xstate';
import { draftMachine } from '../../../machines/draft.ts';
import { enrolmentMachine } from '../../../machines/enrolment.ts';
import { officeSearchMachine } from '../../../machines/officeSearch.ts';

export const DraftActor = createActorContext(draftMachine);
export const EnrolmentActor = createActorContext(enrolmentMachine);
export const OfficeSearchActor = createActorContext(officeSearchMachine);

/**
 * Optional observer of the enrolment's machines (xstate's `inspect`), as MachineClockContext is for
 * time: absent in the app; model-based screen tests read the running actors through it.
 */
export const EnrolmentInspectContext = createContext<((event: InspectionEvent) => void) | undefined>(undefined);
