// A text field with Bootstrap Italia's form classes on react-aria's TextField: a visible label
// (kept raised, `label.active`, since Bootstrap Italia's JS is not loaded), the error message tied
// to the input with aria-describedby and aria-invalid. The input carries the type, inputmode and
// autocomplete a phone needs to offer the right keyboard and the person's saved details.
import type { HTMLAttributes } from 'react';
import { FieldError, Input, Label, TextField } from 'react-aria-components';
import { fieldId } from './ErrorSummary.tsx';

interface Props {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Called when focus leaves the field: forms show its error from then on. */
  onBlur?: () => void;
  error?: string | undefined;
  type?: 'text' | 'date' | 'email' | 'tel';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  isRequired?: boolean;
  /** Shown but not changeable (the form's machine accepts no change in its state). */
  isReadOnly?: boolean;
  autoComplete?: string;
  hint?: string;
  /** The input's id; by default fieldId(name), the target of the error summary's links. */
  id?: string;
}

export function TextInputField({
  name,
  label,
  value,
  onChange,
  onBlur,
  error,
  type = 'text',
  inputMode,
  isRequired,
  isReadOnly,
  autoComplete,
  hint,
  id = fieldId(name),
}: Props) {
  return (
    <TextField
      id={id}
      name={name}
      value={value}
      onChange={onChange}
      {...(onBlur ? { onBlur } : {})}
      isInvalid={Boolean(error)}
      isRequired={isRequired}
      {...(isReadOnly ? { isReadOnly } : {})}
      // Our own validation (yup) decides; the browser's bubbles would show untranslated texts.
      validationBehavior="aria"
      className="form-group app-field"
    >
      <Label className="active">
        {label}
        {isRequired && <span aria-hidden="true"> *</span>}
      </Label>
      <Input type={type} inputMode={inputMode} autoComplete={autoComplete} className={`form-control${error ? ' is-invalid' : ''}`} />
      {hint && !error && <small className="form-text">{hint}</small>}
      <FieldError className="app-field-error">{error}</FieldError>
    </TextField>
  );
}
