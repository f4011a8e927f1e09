// Which of a form's errors are on screen (docs/architecture.md "The citizen's journey with real data"): a field's error appears once the field has
// been left or the form submitted — never while the person is still typing or opening a list — and
// the error summary appears after a submit. The errors themselves come from the form's schema
// (src/shared/validation, run by the form's machine where it has one), checked again at each change
// of the values, so a fixed field loses its error at once.
import { useCallback, useState } from 'react';

export interface ShownErrors<F extends string, E extends string> {
  /** Errors to show next to the fields. */
  shown: Partial<Record<F, E>>;
  /** How many submits there were: the error summary shows after the first and takes focus on each. */
  submitCount: number;
  /** A field was left. */
  leave: (field: F) => void;
  /** The form was submitted (valid or not). */
  submitted: () => void;
}

export function useShownErrors<F extends string, E extends string>(errors: Partial<Record<F, E>>): ShownErrors<F, E> {
  const [left, setLeft] = useState<ReadonlySet<F>>(() => new Set());
  const [submitCount, setSubmitCount] = useState(0);
  const leave = useCallback((field: F) => setLeft((fields) => (fields.has(field) ? fields : new Set(fields).add(field))), []);
  const submitted = useCallback(() => setSubmitCount((count) => count + 1), []);
  const shown: Partial<Record<F, E>> = {};
  for (const field of Object.keys(errors) as F[]) {
    if (submitCount > 0 || left.has(field)) shown[field] = errors[field];
  }
  return { shown, submitCount, leave, submitted };
}
