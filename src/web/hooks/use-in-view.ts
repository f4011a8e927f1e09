// Whether the element with `id` shows in the viewport, from an IntersectionObserver (no scroll
// listener, no layout read while React renders). Observes only while `enabled`; false while off, when
// the element is missing, or where the browser has no IntersectionObserver (the caller then behaves
// as before it asked).
import { useEffect, useState } from 'react';

export function useInView(id: string, enabled: boolean): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = enabled ? document.getElementById(id) : null;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setInView(false);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      const entry = entries.at(-1);
      if (entry) setInView(entry.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [id, enabled]);
  return inView;
}
