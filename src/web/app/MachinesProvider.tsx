// Creates the app's machines once per page: spinner, modals, auth (with the real actors, started
// from the restored session if any) and session (with what this tab stored). See boot.ts for why
// the restore is computed before the actors start.
import { useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { authMachine } from '../../../machines/auth.ts';
import { createAuthActors } from '../actors/auth.ts';
import { useLanguage } from '../i18n/LanguageProvider.tsx';
import { bootSession } from './boot.ts';
import { useConfigState } from './ConfigProvider.tsx';
import { createConfigWaiter } from './config-waiter.ts';
import { MachineBridges } from './MachineBridges.tsx';
import { AuthActor, AuthOpenerContext, MachineClockContext, ModalsActor, SessionActor, SpinnerActor } from './machines.ts';

export function MachinesProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { state: configState } = useConfigState();
  const { language } = useLanguage();
  const clock = useContext(MachineClockContext);
  const languageRef = useRef(language);
  const opener = useRef<string | null>(null);
  const [boot] = useState(() => bootSession(`${location.pathname}${location.search}`));
  const [config] = useState(createConfigWaiter);
  const [authLogic] = useState(() =>
    authMachine.provide({
      actors: createAuthActors({
        oidcSettings: () => config.get().then((loaded) => loaded.settings.oidc),
        language: () => languageRef.current,
      }),
    }),
  );

  useEffect(() => config.update(configState), [config, configState]);
  useEffect(() => {
    languageRef.current = language;
  }, [language]);

  return (
    <AuthOpenerContext.Provider value={opener}>
      <SpinnerActor.Provider>
        <ModalsActor.Provider options={clock ? { clock } : {}}>
          <AuthActor.Provider logic={authLogic} options={boot.authSnapshot ? { snapshot: boot.authSnapshot } : {}}>
            <SessionActor.Provider options={{ input: boot.sessionInput }}>
              <MachineBridges />
              {children}
            </SessionActor.Provider>
          </AuthActor.Provider>
        </ModalsActor.Provider>
      </SpinnerActor.Provider>
    </AuthOpenerContext.Provider>
  );
}
