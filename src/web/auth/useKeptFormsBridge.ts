// Browser adapter of the login machine's 'keptForms' commands (machines/auth/types.ts): the tab's
// storage of back-office forms typed before an idle sign-out (./kept-forms.ts).
import { useEffect } from 'react';
import { AuthActor } from '../app/machines.ts';
import { settleKeptForms } from './kept-forms.ts';

export function useKeptFormsBridge(): void {
  const auth = AuthActor.useActorRef();
  useEffect(() => {
    const subscription = auth.on('keptForms', ({ command, owner }) => settleKeptForms(command, owner));
    return () => subscription.unsubscribe();
  }, [auth]);
}
