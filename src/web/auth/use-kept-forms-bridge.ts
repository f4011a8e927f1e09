// Browser adapter of the login machine's 'keptForms' commands (machines/auth/types.ts): the tab's
// storage of back-office forms typed before an idle sign-out (./kept-forms.ts). Loaded with the
// first command, not with the shell every page loads: the forms that fill it load it themselves,
// and the commands keep their order (one import, settled in order).
import { useEffect } from 'react';
import { AuthActor } from '../app/machines.ts';

const loadKeptForms = () => import('./kept-forms.ts');

export function useKeptFormsBridge(): void {
  const auth = AuthActor.useActorRef();
  useEffect(() => {
    const subscription = auth.on('keptForms', ({ command, owner }) => void loadKeptForms().then(({ settleKeptForms }) => settleKeptForms(command, owner)));
    return () => subscription.unsubscribe();
  }, [auth]);
}
