// Renders the real app (routes, providers, screens) for the enrolment's model-based screen tests,
// with the enrolment machines observed through EnrolmentInspectContext (the running draft,
// enrolment and office search actors, by machine id) and, optionally, xstate's SimulatedClock.
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { AnyActorRef, InspectionEvent, SimulatedClock } from 'xstate';
import { MachineClockContext } from '#web/app/machines.ts';
import { EnrolmentInspectContext } from '#web/enrolment/machines.ts';
import { routes } from '#web/routes/routes.tsx';

export type MachineId = 'draft' | 'enrolment' | 'officeSearch';

export function renderObserved(path: string, clock?: SimulatedClock, observe?: (event: InspectionEvent) => void) {
  const actors = new Map<MachineId, AnyActorRef>();
  const inspect = (event: InspectionEvent) => {
    observe?.(event);
    if (event.type !== '@xstate.actor') return;
    const ref = event.actorRef as AnyActorRef;
    const id = (ref as unknown as { logic: { id?: string } }).logic.id;
    if (id === 'draft' || id === 'enrolment' || id === 'officeSearch') actors.set(id, ref);
  };
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // No delay between simulated key strokes: hundreds of paths type and click.
  const user = userEvent.setup({ delay: null });
  const view = render(
    <MachineClockContext.Provider value={clock}>
      <EnrolmentInspectContext.Provider value={inspect}>
        <RouterProvider router={router} />
      </EnrolmentInspectContext.Provider>
    </MachineClockContext.Provider>,
  );
  const actor = (id: MachineId): AnyActorRef => {
    const ref = actors.get(id);
    if (!ref) throw new Error(`the ${id} machine is not running`);
    return ref;
  };
  return { router, user, actor, actors, ...view };
}
