// Renders the real app (routes, providers, screens) with a probe inside the machine providers,
// so a model-based driver can read the running machines' snapshots and, for the few events that
// no screen control produces (a screen opening a modal, time passing), act on them. Optionally
// the machines' clock is xstate's SimulatedClock (MachineClockContext).
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import type { SimulatedClock } from 'xstate';
import { AuthActor, MachineClockContext, ModalsActor, SessionActor } from '#web/app/machines.ts';
import { routes } from '#web/routes/routes.tsx';

export interface Probe {
  auth: ReturnType<typeof AuthActor.useActorRef>;
  modals: ReturnType<typeof ModalsActor.useActorRef>;
  session: ReturnType<typeof SessionActor.useActorRef>;
}

/** A control outside any dialog for modals to name as their opener. */
export const PROBE_OPENER_ID = 'logout-button';

function probeRoutes(probe: Partial<Probe>): RouteObject[] {
  function ProbeRoute() {
    probe.auth = AuthActor.useActorRef();
    probe.modals = ModalsActor.useActorRef();
    probe.session = SessionActor.useActorRef();
    return (
      <>
        <button type="button" id={PROBE_OPENER_ID} className="visually-hidden-focusable">
          opener
        </button>
        <Outlet />
      </>
    );
  }
  const [root, ...rest] = routes;
  if (!root) throw new Error('no root route');
  return [{ ...root, children: [{ Component: ProbeRoute, children: root.children ?? [] }] } as RouteObject, ...rest];
}

export function renderWithProbe(path: string, clock?: SimulatedClock) {
  const probe: Partial<Probe> = {};
  const router = createMemoryRouter(probeRoutes(probe), { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <MachineClockContext.Provider value={clock}>
      <RouterProvider router={router} />
    </MachineClockContext.Provider>,
  );
  const refs = (): Probe => {
    if (!probe.auth || !probe.modals || !probe.session) throw new Error('the app has not rendered its machines yet');
    return probe as Probe;
  };
  return { router, user, refs, ...view };
}
