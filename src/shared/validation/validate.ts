// The one way the portal checks a form (docs/architecture.md "Form validation"): a yup schema of
// this folder, run by `validate`, gives ONE kind of result: the value to send (trimmed, upper-cased,
// empty optional text turned into null, as the schema says), or the first error of each wrong field.
// Errors are message keys of locales/*.json, which the screens translate; a schema family may narrow
// `M` to its own keys so a screen passes them to its translator unchanged.
import { ValidationError, type AnyObject, type ObjectSchema } from 'yup';

/** The message key of each wrong field: the first rule it breaks, in the order the schema lists them. */
export type FieldErrors<F extends string = string, M extends string = string> = Partial<Record<F, M>>;

/** A form's values checked: what to send, or the errors of its fields. */
export type Checked<T, F extends string, M extends string = string> = { ok: true; value: T } | { ok: false; errors: FieldErrors<F, M> };

/**
 * Validates `values` with `schema` (every field, unknown keys dropped): the schema's output, or the
 * first error of each wrong field. A schema's messages are message keys, so `M` is whatever keys its
 * family declares.
 */
export function validate<T extends AnyObject, F extends string, M extends string = string>(schema: ObjectSchema<T>, values: unknown): Checked<T, F, M> {
  try {
    return { ok: true, value: schema.validateSync(values, { abortEarly: false, stripUnknown: true }) as T };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: FieldErrors<F, M> = {};
    for (const issue of error.inner.length > 0 ? error.inner : [error]) {
      const field = (issue.path ?? '') as F;
      if (field && !errors[field]) errors[field] = issue.message as M;
    }
    return { ok: false, errors };
  }
}
