// Browser adapter of the idle machine (machines/idle.ts): a key, a click, a touch or the wheel on the
// page is activity, reported as ACTIVITY to the idle machine while one runs (it is a child of the
// login machine while someone is logged in). Mouse moves alone do not count: a pointer resting on
// the page is no one at the desk. At most one report per second: the machine only needs to know
// that the person is there.
import { useEffect } from 'react';
import { IDLE_ACTOR_ID } from '#machines/idle.ts';
import { AuthActor } from '../app/machines.ts';

const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;
const REPORT_EVERY_MS = 1000;

export function useIdleActivity(): void {
  const auth = AuthActor.useActorRef();
  useEffect(() => {
    let lastReport = -Infinity;
    const report = (event: Event) => {
      if (event.timeStamp - lastReport < REPORT_EVERY_MS) return;
      lastReport = event.timeStamp;
      (auth.getSnapshot().children as Record<string, { send(event: { type: 'ACTIVITY' }): void } | undefined>)[IDLE_ACTOR_ID]?.send({ type: 'ACTIVITY' });
    };
    for (const type of ACTIVITY_EVENTS) document.addEventListener(type, report, { capture: true, passive: true });
    return () => {
      for (const type of ACTIVITY_EVENTS) document.removeEventListener(type, report, { capture: true });
    };
  }, [auth]);
}
