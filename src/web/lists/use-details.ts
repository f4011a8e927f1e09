// One record loaded for a details page. Spec §8 "Retrieve details never fails": a failed load gives
// no data and the 999 "Generic Error" status (the page shows the retrieve-error callout); `reload`
// loads it again, `replace` shows a record a write just returned without another call.
import { useCallback, useEffect, useRef, useState } from 'react';
import { GENERIC_ERROR } from '#shared/constants.ts';
import type { Status } from '#shared/envelope.ts';

export type DetailsState<T> =
  | { kind: 'loading'; data: T | null; status: null }
  | { kind: 'ready'; data: T; status: null }
  | { kind: 'failed'; data: null; status: Status }
  /** Nothing to load (no id chosen). */
  | { kind: 'none'; data: null; status: null };

export function useDetails<T>(key: string | number | null, load: (key: string | number, signal: AbortSignal) => Promise<T>) {
  const loader = useRef(load);
  loader.current = load;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<DetailsState<T>>(
    key === null ? { kind: 'none', data: null, status: null } : { kind: 'loading', data: null, status: null },
  );

  useEffect(() => {
    if (key === null) {
      setState({ kind: 'none', data: null, status: null });
      return;
    }
    const controller = new AbortController();
    // The record on screen stays while it reloads (no flash of an empty page).
    setState((current) => ({ kind: 'loading', data: current.data, status: null }));
    loader.current(key, controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ kind: 'ready', data, status: null });
      },
      () => {
        if (!controller.signal.aborted) setState({ kind: 'failed', data: null, status: { ...GENERIC_ERROR } });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback((data: T) => setState({ kind: 'ready', data, status: null }), []);
  return { state, reload, replace };
}
