// The process entry (the startup mount's empty path and enrollment-startup): tells the draft machine
// the process was entered (ENTER), with the logged user, any office chosen earlier and the request
// `?requestId=` names (the private area's "resume"). The machine decides the rest: reopen that
// request, or look for a draft (draft-found modal) or start a new one (spec §4), and sends the user
// to the right step; this page only says that something is happening, or that the request could not
// be fetched.
import { useEffect } from 'react';
import { Button } from 'react-aria-components';
import { useLocation } from 'react-router-dom';
import { selectUser } from '#machines/auth.ts';
import { AuthActor } from '../../app/machines.ts';
import { DraftActor } from '../../enrolment/machines.ts';
import { readSelectedSuap, writeSelectedSuap } from '../../enrolment/storage.ts';
import { useDraftState } from '../../enrolment/use-draft-state.ts';
import { requestUserOf } from '../../enrolment/views.ts';
import { useT } from '../../i18n/use-t.ts';

/** `?requestId=`: a positive integer, else none. */
function requestIdOf(search: string): number | null {
  const value = Number(new URLSearchParams(search).get('requestId'));
  return Number.isInteger(value) && value > 0 ? value : null;
}

function useEnterProcess() {
  const draft = DraftActor.useActorRef();
  const auth = AuthActor.useActorRef();
  const { search } = useLocation();
  return () => {
    const user = selectUser(auth.getSnapshot());
    if (!user) return;
    const selectedSuap = readSelectedSuap();
    // The office chosen earlier goes into this new draft only.
    writeSelectedSuap(null);
    draft.send({ type: 'ENTER', user: requestUserOf(user), requestId: requestIdOf(search), ...(selectedSuap ? { selectedSuap } : {}) });
  };
}

export function StartupEntryPage() {
  const t = useT();
  const enter = useEnterProcess();
  const { retrieveStatus } = useDraftState();
  // The fetch failed: with no draft open (idle) or over the draft that stays open (editing), the
  // machine waits for the entry again (ENTER), so the page offers it; nothing else would.
  const waiting = DraftActor.useSelector(
    (snapshot) => snapshot.matches({ running: { lifecycle: 'idle' } }) || snapshot.matches({ running: { lifecycle: 'editing' } }),
  );

  // Once per visit of the entry path.
  useEffect(() => enter(), []);

  return (
    <div className="app-step">
      <h1 className="app-step-title">{t('pages.startup.title')}</h1>
      {retrieveStatus && waiting ? (
        <div className="callout danger" role="alert">
          <div className="callout-title">{t('retrieve-error.title')}</div>
          <p>{t('retrieve-error.description')}</p>
          <Button className="btn btn-primary btn-sm" onPress={enter}>
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
