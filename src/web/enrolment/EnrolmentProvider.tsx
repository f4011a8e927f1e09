// Opens the startup process in the app's one actor system for the startup mount: the app's root
// machine (machines/portal.ts) runs the startup machine (machines/startup.ts: the draft and the steps,
// and every rule between them) from STARTUP_OPENED, with the logged user and the page on screen, to
// STARTUP_CLOSED. The pages hand the machine in with its side effects provided (createStartupLogic,
// ./actors.ts: HTTP, the tab's storage, new windows), so it loads with them, not with every page.
// The dialogs, the page changes and the router's reports go through the root. Screens reach its
// children with DraftActor / EnrolmentActor.
import { useSelector } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { selectUser } from '#machines/auth.ts';
import { AuthActor, usePortal } from '../app/machines.ts';
import { createStartupLogic } from '../actors/enrolment.ts';
import { StartupSystemContext } from './machines.ts';
import { requestUserOf } from './views.ts';

export function EnrolmentProvider({ children }: { children: ReactNode }) {
  const root = usePortal();
  const user = AuthActor.useSelector(selectUser);
  const { pathname } = useLocation();
  const [opening] = useState(() => ({ logic: createStartupLogic(), user: user ? requestUserOf(user) : null, url: pathname }));
  // This mount's own startup machine: another person's (a previous mount, keyed by the user) is
  // never shown, even for the render before the effects run.
  const [opened, setOpened] = useState(false);
  const running = useSelector(root, (snapshot) => snapshot.matches({ startup: 'open' }));
  useEffect(() => {
    root.send({ type: 'STARTUP_OPENED', ...opening });
    setOpened(true);
    return () => {
      root.send({ type: 'STARTUP_CLOSED' });
      setOpened(false);
    };
  }, [root, opening]);
  if (!opened || !running) return null;
  return <StartupSystemContext.Provider value={root}>{children}</StartupSystemContext.Provider>;
}
