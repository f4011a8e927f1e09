// The enrolment's running machines as screens see them. The draft and the step statuses are children
// of the startup machine (machines/startup.ts), which the app's root runs while the startup pages
// are open; they are registered in the app's actor system as 'draft' and 'enrolment'.
// `DraftActor` and `EnrolmentActor` are thin hooks over `system.get(<systemId>)` of the actor
// EnrolmentProvider puts in StartupSystemContext (the root), with the API screens used before
// (`useActorRef()`, `useSelector(selector, compare?)`). The office search lives as long as the
// select-initiative step, a React context of its own (createActorContext).
import { createActorContext, useSelector as useActorSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import { MachineInspectContext } from '../app/machines.ts';
import type { ActorRefFrom, AnyActorRef, AnyStateMachine, SnapshotFrom } from 'xstate';
import { draftMachine } from '#machines/draft.ts';
import { enrolmentMachine } from '#machines/enrolment.ts';
import { officeSearchMachine } from '#machines/office-search.ts';
import type { startupMachine } from '#machines/startup.ts';

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
/** The startup machine itself (systemId 'startup'): what it knows beyond its children (the tab's "sent" marker). */
export const StartupActor = systemActorHooks<typeof startupMachine>('startup');

/**
 * The observer of the enrolment's machines is the app's (xstate's `inspect`, MachineInspectContext):
 * the startup machine runs in the app's actor system. This name stays for the model-based screen
 * tests and the office search, which read the running actors through it.
 */
export const EnrolmentInspectContext = MachineInspectContext;
