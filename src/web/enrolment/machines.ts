// The enrolment's running machines as screens see them. The draft and the step statuses are children
// of the startup machine (machines/startup.ts), registered in its actor system as 'draft' and
// 'enrolment'; `DraftActor` and `EnrolmentActor` are thin hooks over `system.get(<systemId>)` of the
// actor EnrolmentProvider puts in StartupSystemContext, with the API screens used before
// (`useActorRef()`, `useSelector(selector, compare?)`). The office search lives as long as the
// select-initiative step, a React context of its own (createActorContext).
import { createActorContext, useSelector as useActorSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { ActorRefFrom, AnyActorRef, AnyStateMachine, InspectionEvent, SnapshotFrom } from 'xstate';
import { draftMachine } from '../../../machines/draft.ts';
import { enrolmentMachine } from '../../../machines/enrolment.ts';
import { officeSearchMachine } from '../../../machines/officeSearch.ts';

export const OfficeSearchActor = createActorContext(officeSearchMachine);

/** An actor of the system the startup machine runs in (EnrolmentProvider provides it). */
export const StartupSystemContext = createContext<AnyActorRef | null>(null);

function systemActorHooks<TMachine extends AnyStateMachine>(systemId: string) {
  const useActorRef = (): ActorRefFrom<TMachine> => {
    const member = useContext(StartupSystemContext);
    const actor = member?.system.get(systemId) as ActorRefFrom<TMachine> | undefined;
    if (!actor) throw new Error(`${systemId}: not running; the startup pages mount it (EnrolmentProvider)`);
    return actor;
  };
  return {
    useActorRef,
    useSelector<T>(selector: (snapshot: SnapshotFrom<TMachine>) => T, compare?: (a: T, b: T) => boolean): T {
      return useActorSelector(useActorRef(), selector as (snapshot: unknown) => T, compare);
    },
  };
}

export const DraftActor = systemActorHooks<typeof draftMachine>('draft');
export const EnrolmentActor = systemActorHooks<typeof enrolmentMachine>('enrolment');

/**
 * Optional observer of the enrolment's machines (xstate's `inspect`), as MachineClockContext is for
 * time: absent in the app; model-based screen tests read the running actors through it.
 */
export const EnrolmentInspectContext = createContext<((event: InspectionEvent) => void) | undefined>(undefined);
