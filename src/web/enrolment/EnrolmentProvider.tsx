// Creates the enrolment's machines for the startup mount: the step statuses and the draft (with
// the real actors, started with the logged user), and runs the bridges between them and the app.
// The machines' clock is the app's (MachineClockContext): real time, or a test's SimulatedClock.
import { useContext, useRef, useState, type ReactNode, type RefObject } from 'react';
import { selectUser } from '../../../machines/auth.ts';
import { decodeDraft } from '../../../machines/draft/rules.ts';
import type { DraftData } from '../../../machines/draft/types.ts';
import { AuthActor, MachineClockContext } from '../app/machines.ts';
import { createDraftLogic } from './actors.ts';
import { DraftActor, EnrolmentActor, EnrolmentInspectContext } from './machines.ts';
import { useEnrolmentBridges } from './useEnrolmentBridges.ts';
import { requestUserOf } from './views.ts';

export function EnrolmentProvider({ children }: { children: ReactNode }) {
  const clock = useContext(MachineClockContext);
  const user = AuthActor.useSelector(selectUser);
  // What the page load found in storage: the edits it holds are put back once the server's copy
  // of the draft is known (useEnrolmentBridges).
  const storedDraft = useRef<DraftData | null>(null);
  const [draftLogic] = useState(() =>
    createDraftLogic({
      onStoredDraftRead: (stored) => {
        storedDraft.current = decodeDraft(stored);
      },
    }),
  );
  const inspect = useContext(EnrolmentInspectContext);
  const [input] = useState(() => ({ user: user ? requestUserOf(user) : null }));
  const options = { ...(clock ? { clock } : {}), ...(inspect ? { inspect } : {}) };
  return (
    <EnrolmentActor.Provider options={options}>
      <DraftActor.Provider logic={draftLogic} options={{ ...options, input }}>
        <Bridges storedDraft={storedDraft} />
        {children}
      </DraftActor.Provider>
    </EnrolmentActor.Provider>
  );
}

function Bridges({ storedDraft }: { storedDraft: RefObject<DraftData | null> }) {
  useEnrolmentBridges(storedDraft);
  return null;
}
