// The modal host is react-aria's Modal and Dialog (tens of KB) that most visits never need: its
// code is loaded when the first modal is queued, and the host stays mounted from then on. A
// download that fails waits for the person's retry (app/code-loading.ts), the modal still queued.
import { lazy, Suspense, useState, useEffect } from 'react';
import { selectQueuedCount } from '#machines/modals.ts';
import { retryable } from '../../app/code-loading.ts';
import { ModalsActor } from '../../app/machines.ts';

const ModalHost = lazy(retryable(() => import('./ModalHost.tsx').then((m) => ({ default: m.ModalHost }))));

export function LazyModalHost() {
  const queued = ModalsActor.useSelector(selectQueuedCount) > 0;
  const [needed, setNeeded] = useState(queued);
  useEffect(() => {
    if (queued) setNeeded(true);
  }, [queued]);
  if (!needed && !queued) return null;
  return (
    <Suspense fallback={null}>
      <ModalHost />
    </Suspense>
  );
}
