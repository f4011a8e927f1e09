// Renders the real app (routes, providers, screens) with the screens' own machines (a list's
// listQuery, a details page's details machine) reporting to `inspect` through ScreenInspectContext.
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { InspectionEvent } from 'xstate';
import { ScreenInspectContext } from '#web/lists/inspect.ts';
import { routes } from '#web/routes/routes.tsx';

export function renderInspected(path: string, inspect: (event: InspectionEvent) => void) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup({ delay: null });
  const view = render(
    <ScreenInspectContext.Provider value={inspect}>
      <RouterProvider router={router} />
    </ScreenInspectContext.Provider>,
  );
  return { router, user, ...view };
}
