// The process entry (the startup mount's empty path and enrollment-startup): starts the draft
// machine with the logged user and any office chosen earlier, and loads the user's requests so it
// can tell whether a draft exists (draft-found modal) or a new one starts (spec §4). The machine
// then sends the user to the right step; this page only says that something is happening. With
// `?requestId=` (resume from the private area) that draft is fetched instead (RETRIEVE).
import { useEffect } from 'react';
import { Button } from 'react-aria-components';
import { useLocation } from 'react-router-dom';
import { selectUser } from '../../../../machines/auth.ts';
import { AuthActor } from '../../app/machines.ts';
import { listRequests } from '../../enrolment/api.ts';
import { DraftActor } from '../../enrolment/machines.ts';
import { readSelectedSuap, writeSelectedSuap } from '../../enrolment/storage.ts';
import { useDraftState } from '../../enrolment/useDraftState.ts';
import { requestUserOf } from '../../enrolment/views.ts';
import { useT } from '../../i18n/useT.ts';

export function useStartProcess() {
  const draft = DraftActor.useActorRef();
  const auth = AuthActor.useActorRef();
  return () => {
    const user = selectUser(auth.getSnapshot());
    if (!user) return;
    const selectedSuap = readSelectedSuap();
    // The office chosen earlier goes into this new draft only.
    writeSelectedSuap(null);
    draft.send({ type: 'START', user: requestUserOf(user), ...(selectedSuap ? { selectedSuap } : {}) });
    listRequests(user.userId).then(
      (drafts) => draft.send({ type: 'DRAFTS_LOADED', drafts }),
      () => draft.send({ type: 'DRAFTS_LOADED', drafts: [] }),
    );
  };
}

/** `?requestId=` (the private area's "resume"): that draft is fetched instead of starting anew. */
function requestIdOf(search: string): number | null {
  const value = Number(new URLSearchParams(search).get('requestId'));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function StartupEntryPage() {
  const t = useT();
  const start = useStartProcess();
  const draft = DraftActor.useActorRef();
  const { search } = useLocation();
  const { retrieveStatus } = useDraftState();
  const idle = DraftActor.useSelector((snapshot) => snapshot.matches({ running: { lifecycle: 'idle' } }));

  // Once per visit of the entry path.
  useEffect(() => {
    const requestId = requestIdOf(search);
    if (requestId === null) {
      start();
      return;
    }
    // The machine takes RETRIEVE once it has read this tab's storage.
    const send = () => draft.send({ type: 'RETRIEVE', requestId });
    if (!draft.getSnapshot().matches({ running: { lifecycle: 'restoring' } })) {
      send();
      return;
    }
    const subscription = draft.subscribe((snapshot) => {
      if (snapshot.matches({ running: { lifecycle: 'restoring' } })) return;
      subscription.unsubscribe();
      send();
    });
    return () => subscription.unsubscribe();
  }, []);

  return (
    <div className="app-step">
      <h1 className="app-step-title">{t('pages.startup.title')}</h1>
      {retrieveStatus && idle ? (
        <div className="callout danger" role="alert">
          <div className="callout-title">{t('retrieve-error.title')}</div>
          <p>{t('retrieve-error.description')}</p>
          <Button className="btn btn-primary btn-sm" onPress={start}>
            {t('retrieve-error.retry')}
          </Button>
        </div>
      ) : (
        <p className="lead" role="status">
          {t('ep.entry.preparing')}
        </p>
      )}
    </div>
  );
}
