// Renders nothing: the browser adapters of the app's actor system. The router: the root's
// 'navigate' moves to the page, every location change is reported as ROUTE_CHANGED. The HTTP
// client: ./bridges/use-http-bridge.ts. The idle sign-out: ../auth/use-idle-activity.ts and
// ../auth/use-kept-forms-bridge.ts. Rendered before the screens, so its listeners exist before
// the root starts.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useIdleActivity } from '../auth/use-idle-activity.ts';
import { useKeptFormsBridge } from '../auth/use-kept-forms-bridge.ts';
import { useHttpBridge } from './bridges/use-http-bridge.ts';
import { usePortal } from './machines.ts';

function useRouterAdapter(): void {
  const root = usePortal();
  const navigate = useNavigate();
  const location = useLocation();
  const path = `${location.pathname}${location.search}`;

  useEffect(() => {
    const subscription = root.on('navigate', ({ to, replace }) => void navigate(to, { replace }));
    return () => subscription.unsubscribe();
  }, [root, navigate]);

  useEffect(() => {
    root.send({ type: 'ROUTE_CHANGED', path });
  }, [root, path]);
}

export function MachineBridges() {
  useRouterAdapter();
  useHttpBridge();
  // The back office's idle sign-out: activity, and the forms kept for the same person (src/web/auth).
  useIdleActivity();
  useKeptFormsBridge();
  return null;
}
