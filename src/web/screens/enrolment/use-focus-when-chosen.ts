// Focus after "Scegli" (spec §2: focus goes where the person continues; docs/architecture.md "Rules
// that hold the house"): the pressed button gives way to the "Scelto" mark once the draft holds the
// choice, which would drop focus on <body>. The mark takes it instead, named by the card's title, so
// a screen reader says what was chosen. A choice not taken (an external office's dialog, a choice the
// draft refused) keeps focus on the button, which is still there.
import { useEffect, useRef } from 'react';

export function useFocusWhenChosen<T extends HTMLElement>(selected: boolean) {
  const mark = useRef<T>(null);
  const pressed = useRef(false);
  useEffect(() => {
    if (!selected || !pressed.current) return;
    pressed.current = false;
    mark.current?.focus();
  }, [selected]);
  return {
    mark,
    pressed: () => {
      pressed.current = true;
    },
  };
}
