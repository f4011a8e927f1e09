// The router of the SPA, created once for the page's lifetime. Tests build their own memory
// router from the same `routes`.
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './routes/routes.tsx';

const router = createBrowserRouter(routes);

export function App() {
  return <RouterProvider router={router} />;
}
