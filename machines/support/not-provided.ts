// Placeholder logic for the side effects a machine names. Machines never perform I/O: the web app
// hands the real actors in with `machine.provide({ actors })` and tests hand in fakes. A missing
// one fails loudly (the invoke's error transition runs) instead of silently doing nothing.
import { fromPromise, type PromiseActorLogic } from 'xstate';

export function notProvided<TOutput, TInput>(machineId: string, actorName: string): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(() =>
    Promise.reject(new Error(`${machineId}: actor "${actorName}" not provided; pass it with machine.provide({ actors })`)),
  );
}
