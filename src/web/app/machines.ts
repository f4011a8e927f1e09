// The app's running machines: ONE root actor (machines/portal.ts) created by MachinesProvider, and
// thin hooks over its children found by systemId (`root.system.get('auth')`), so screens keep
// selecting from `AuthActor`, `SessionActor`, `ModalsActor`, `SpinnerActor` and sending them
// events, while the rules between the machines live in the root machine.
import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { ActorOptions, ActorRefFrom, AnyActorLogic, AnyActorRef, SnapshotFrom } from 'xstate';
import type { authMachine } from '#machines/auth.ts';
import type { modalsMachine } from '#machines/modals.ts';
import type { portalMachine } from '#machines/portal.ts';
import type { sessionMachine } from '#machines/session.ts';
import type { spinnerMachine } from '#machines/spinner.ts';

export type PortalRef = ActorRefFrom<typeof portalMachine>;

/** The root actor; MachinesProvider provides it. */
export const PortalContext = createContext<PortalRef | null>(null);

export function usePortal(): PortalRef {
  const root = useContext(PortalContext);
  if (!root) throw new Error('usePortal: not inside <MachinesProvider>');
  return root;
}

/** Hooks for the child of the root registered under `systemId`, typed with its machine. */
function systemActor<TLogic extends AnyActorLogic>(systemId: string) {
  function useActorRef(): ActorRefFrom<TLogic> {
    const child = usePortal().system.get(systemId) as AnyActorRef | undefined;
    if (!child) throw new Error(`no actor '${systemId}' in the app's actor system`);
    return child as ActorRefFrom<TLogic>;
  }
  function useChildSelector<T>(selector: (snapshot: SnapshotFrom<TLogic>) => T, compare?: (a: T, b: T) => boolean): T {
    return useSelector(useActorRef(), selector as (snapshot: unknown) => T, compare);
  }
  return { useActorRef, useSelector: useChildSelector };
}

export const AuthActor = systemActor<typeof authMachine>('auth');
export const SessionActor = systemActor<typeof sessionMachine>('session');
export const ModalsActor = systemActor<typeof modalsMachine>('modals');
export const SpinnerActor = systemActor<typeof spinnerMachine>('spinner');

export type MachineClock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;
export type MachineInspect = NonNullable<ActorOptions<AnyActorLogic>['inspect']>;

/**
 * The clock of the machines with timers (the modals' spec §9 delays). Absent in the app (real
 * time); model-based screen tests provide xstate's SimulatedClock to step time exactly.
 */
export const MachineClockContext = createContext<MachineClock | undefined>(undefined);

/**
 * Observer of the app's actor system (xstate's `inspect`): every event, snapshot and action of the
 * root and its children. Absent in the app; the screen-level model runs provide one.
 */
export const MachineInspectContext = createContext<MachineInspect | undefined>(undefined);
