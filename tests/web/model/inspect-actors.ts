// The back office's forms (DecisionForm, StorageLimitForm, StaffForm) start their machines with
// `useActorRef` and, unlike the lists and the citizen's details page, read no ScreenInspectContext.
// Rather than add a test seam to those screens, their screen runs mock @xstate/react so that every
// actor a screen starts with `useActorRef` reports to the ScreenInspectContext of the render (an
// `inspect` the screen passes itself wins). Use in a test file, where vi.mock is hoisted:
//   vi.mock('@xstate/react', async (original) => (await import('./inspect-actors.ts')).inspectingActors(await original()));
// This module must not import @xstate/react (the mock's factory loads it).
import { useContext } from 'react';
import { ScreenInspectContext } from '#web/lists/inspect.ts';

type UseActorRef = (logic: unknown, options?: { inspect?: unknown } & Record<string, unknown>, observer?: unknown) => unknown;

export function inspectingActors<TModule extends { useActorRef: unknown }>(original: TModule): TModule {
  const useActorRef = original.useActorRef as UseActorRef;
  return {
    ...original,
    useActorRef: ((logic, options, observer) => {
      const inspect = useContext(ScreenInspectContext);
      return useActorRef(logic, inspect && !options?.inspect ? { ...options, inspect } : options, observer);
    }) as UseActorRef,
  };
}
