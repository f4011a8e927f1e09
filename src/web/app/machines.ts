// The app's running machines, one React context each (createActorContext): screens select from
// them and send events; MachinesProvider creates them with the real actors.
import { createActorContext } from '@xstate/react';
import { createContext } from 'react';
import type { ActorOptions, AnyActorLogic } from 'xstate';
import { authMachine } from '../../../machines/auth.ts';
import { modalsMachine } from '../../../machines/modals.ts';
import { sessionMachine } from '../../../machines/session.ts';
import { spinnerMachine } from '../../../machines/spinner.ts';

export const AuthActor = createActorContext(authMachine);
export const SessionActor = createActorContext(sessionMachine);
export const ModalsActor = createActorContext(modalsMachine);
export const SpinnerActor = createActorContext(spinnerMachine);

/**
 * The clock of the machines with timers (the modals' spec §9 delays). Absent in the app (real
 * time); model-based screen tests provide xstate's SimulatedClock to step time exactly.
 */
/**
 * Id of the control that started the last login or logout. Modals the auth machine emits later
 * (revoke failed, authentication failed) name no opener: focus returns to this control.
 */
export const AuthOpenerContext = createContext<{ current: string | null }>({ current: null });

export const MachineClockContext = createContext<MachineClock | undefined>(undefined);

export type MachineClock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;
