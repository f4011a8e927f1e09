// How far a control fixed at the bottom of the screen must rise to stay above the element with `id`
// (0 while that element is below the screen): the floating login rides above the footer's links
// instead of lying over them. Measured in the scroll and resize listeners, once a frame, never
// while React renders (docs/performance.md: layout reads during a commit force a layout). Off, or
// with the element missing, it is 0.
import { useEffect, useState } from 'react';

export function useLiftAbove(id: string, enabled: boolean): number {
  const [lift, setLift] = useState(0);
  useEffect(() => {
    const element = enabled ? document.getElementById(id) : null;
    if (!element) {
      setLift(0);
      return;
    }
    let frame = 0;
    const measure = () => {
      frame = 0;
      setLift(Math.max(0, Math.ceil(window.innerHeight - element.getBoundingClientRect().top)));
    };
    const schedule = () => {
      if (frame === 0) frame = window.requestAnimationFrame(measure);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      if (frame !== 0) window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [id, enabled]);
  return lift;
}
