// Creates the app's one root actor once per page (machines/portal.ts): it runs spinner, modals,
// auth (with the real actors) and session (with what this tab stored), and the rules between them.
// The browser's side of those rules is provided here: the tab's storage and focus. With a stored
// login to restore, the screens render once the root has started: the restore is the root's first
// step, so the first screen already shows the restored user and no guard sees a "logged out" flash.
// Without one (a visitor, and every prerendered page, which is rendered on the server where nothing
// starts) they render at once: the server's markup is then the first render's, and the page's
// content (its first paint, which loads the app: ../boot.ts) is there before any script runs.
import { useActorRef } from '@xstate/react';
import { useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { authMachine } from '#machines/auth.ts';
import { portalMachine } from '#machines/portal.ts';
import { createAuthActors } from '../actors/auth.ts';
import { writeOrigin, writeStoredSession } from '../auth/storage.ts';
import { useLanguage } from '../i18n/LanguageProvider.tsx';
import { bootSession } from './boot.ts';
import { useConfigState } from './ConfigProvider.tsx';
import { createConfigWaiter } from './config-waiter.ts';
import { MachineBridges } from './MachineBridges.tsx';
import { MachineClockContext, MachineInspectContext, PortalContext } from './machines.ts';

/**
 * Where a person may already be while a closed dialog's focus poll runs: another overlay they opened
 * (react-aria's menus, listboxes, dialogs) or a field they started typing in.
 */
const MOVED_ON = '[role="menu"], [role="listbox"], [role="dialog"], [role="alertdialog"], input, textarea, select, [contenteditable="true"]';

export function MachinesProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { state: configState } = useConfigState();
  const { language } = useLanguage();
  const clock = useContext(MachineClockContext);
  const inspect = useContext(MachineInspectContext);
  const languageRef = useRef(language);
  const [input] = useState(() => bootSession(`${location.pathname}${location.search}`));
  const [config] = useState(createConfigWaiter);
  const [portalLogic] = useState(() =>
    portalMachine.provide({
      actors: {
        auth: authMachine.provide({
          actors: createAuthActors({
            oidcSettings: () => config.get().then((loaded) => loaded.settings.oidc),
            language: () => languageRef.current,
            idleMinutes: () => config.get().then((loaded) => loaded.settings.backOfficeIdleMinutes),
          }),
        }),
      },
      actions: {
        storeSession: (_, { session }) => writeStoredSession(session),
        storeOrigins: (_, { loginOrigin, logoutOrigin }) => {
          writeOrigin('loginOrigin', loginOrigin);
          writeOrigin('logoutOrigin', logoutOrigin);
        },
        focusOpener: (_, { openerId }) => {
          // Focus goes back to the opener (docs/machines/README.md "Modals") unless the person has
          // already moved on during the focus poll, into another overlay or a field: pulling focus
          // out of it would close the overlay, or blur the field mid-word, under their hands.
          if (document.activeElement?.closest(MOVED_ON)) return;
          if (openerId) document.getElementById(openerId)?.focus();
        },
      },
    }),
  );
  const root = useActorRef(portalLogic, { input, ...(clock ? { clock } : {}), ...(inspect ? { inspect } : {}) });
  // Runs after useActorRef's own effect, which starts the root.
  const [started, setStarted] = useState(input.stored === null);
  useEffect(() => setStarted(true), []);

  useEffect(() => config.update(configState), [config, configState]);
  useEffect(() => {
    languageRef.current = language;
  }, [language]);

  return (
    <PortalContext.Provider value={root}>
      <MachineBridges />
      {started ? children : null}
    </PortalContext.Provider>
  );
}
