// A form whose fields validate the react-aria way (validationBehavior "aria": errors shown by us,
// no browser bubbles), like react-aria-components' <Form validationBehavior="aria">, but whose
// context stays the same object from render to render. <Form> hands its fields a new context
// value each time it renders (its props spread into a fresh object), so every field re-rendered
// whenever the page did, memoised or not: on the wizard's "continue" that was every field of the
// step, twice, in the click's task and in the save reply's (docs/performance.md).
import type { FormEvent, ReactNode } from 'react';
import { FormContext } from 'react-aria-components';

const ARIA_VALIDATION = { validationBehavior: 'aria' } as const;

interface Props {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  className?: string;
  children: ReactNode;
}

export function StableForm({ onSubmit, className, children }: Props) {
  return (
    <form noValidate onSubmit={onSubmit} className={className}>
      <FormContext.Provider value={ARIA_VALIDATION}>{children}</FormContext.Provider>
    </form>
  );
}
