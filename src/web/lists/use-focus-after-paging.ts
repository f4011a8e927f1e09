// Focus after paging (spec §2: focus goes where the person continues; docs/architecture.md "Rules
// that hold the house"): the page buttons are disabled while the next page loads, which would leave
// focus on <body>, and the list above them is what the person wants to read next. So once the page
// asked for has arrived, the list takes focus (it has tabIndex -1 and a name).
import { useEffect, useRef } from 'react';

/**
 * `items` is the list shown: a new answer is a new array. Call `paged()` when a page is asked for; the
 * list behind `ref` takes focus when the next answer is shown.
 */
export function useFocusAfterPaging<T extends HTMLElement>(items: readonly unknown[], loading: boolean) {
  const ref = useRef<T>(null);
  const asked = useRef<readonly unknown[] | null>(null);
  useEffect(() => {
    if (asked.current === null || loading || items === asked.current) return;
    asked.current = null;
    ref.current?.focus();
  }, [items, loading]);
  return {
    ref,
    paged: () => {
      asked.current = items;
    },
  };
}
