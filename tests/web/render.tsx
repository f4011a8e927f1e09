// Renders the real route tree in a memory router, as the browser would at `path`; `strict` wraps
// it in React's StrictMode, as src/web/main.tsx does.
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '#web/routes/routes.tsx';

export function renderApp(path = '/', options: { strict?: boolean } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const app = <RouterProvider router={router} />;
  const view = render(options.strict ? <StrictMode>{app}</StrictMode> : app);
  return { router, user, ...view };
}
