// Binds one screen's list to its own listQuery machine (machines/list-query.ts): the machine keeps
// the query and decides when to load; the screen hands in the loader (a loader of
// src/web/actors, which the machine invokes as its loadPage actor) and renders the page, the
// paginator and the failure callout from the snapshot.
import { useActorRef, useSelector } from '@xstate/react';
import { useContext, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { listQueryMachine, selectHasFailed, selectIsLoading, selectShowsPaginator } from '#machines/list-query.ts';
import type { ListQueryInput, LoadPageInput, LoadPageOutput } from '#machines/list-query/rules.ts';
import { MachineClockContext } from '../app/machines.ts';
import { ScreenInspectContext } from './inspect.ts';

export type PageLoader<TItem> = (query: LoadPageInput) => Promise<LoadPageOutput<TItem>>;

export function useListQuery<TItem>(input: ListQueryInput, load: PageLoader<TItem>) {
  const clock = useContext(MachineClockContext);
  const inspect = useContext(ScreenInspectContext);
  // The loader may close over values that change (the language, the user): the latest one runs.
  const loader = useRef(load);
  loader.current = load;
  const [logic] = useState(() =>
    listQueryMachine.provide({
      actors: {
        // The actor's abort signal is not handed to the HTTP call: when React remounts the screen
        // (StrictMode, a route revalidation) @xstate/react restarts the same actor, and the stop of
        // the first start can abort the signal of the second, turning a good load into a failure.
        // The machine already drops the answer of a load it left, so nothing stale is shown.
        loadPage: fromPromise<LoadPageOutput, LoadPageInput>(({ input: query }) => loader.current(query)),
      },
    }),
  );
  const actor = useActorRef(logic, { input, ...(clock ? { clock } : {}), ...(inspect ? { inspect } : {}) });
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectHasFailed);
  const showsPaginator = useSelector(actor, selectShowsPaginator);
  return {
    actor,
    send: actor.send,
    context,
    items: context.items as readonly TItem[],
    loading,
    failed,
    showsPaginator,
  };
}
