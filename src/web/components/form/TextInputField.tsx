// A text field with Bootstrap Italia's form classes on react-aria's TextField: a visible label
// (kept raised, `label.active`, since Bootstrap Italia's JS is not loaded), the error message tied
// to the input with aria-describedby and aria-invalid.
import { FieldError, Input, Label, TextField } from 'react-aria-components';

interface Props {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  type?: 'text' | 'date';
  isRequired?: boolean;
  autoComplete?: string;
  hint?: string;
}

export function TextInputField({ name, label, value, onChange, error, type = 'text', isRequired, autoComplete, hint }: Props) {
  return (
    <TextField
      name={name}
      value={value}
      onChange={onChange}
      isInvalid={Boolean(error)}
      isRequired={isRequired}
      // Our own validation (yup) decides; the browser's bubbles would show untranslated texts.
      validationBehavior="aria"
      className="form-group app-field"
    >
      <Label className="active">
        {label}
        {isRequired && <span aria-hidden="true"> *</span>}
      </Label>
      <Input type={type} autoComplete={autoComplete} className={`form-control${error ? ' is-invalid' : ''}`} />
      {hint && !error && <small className="form-text">{hint}</small>}
      <FieldError className="app-field-error">{error}</FieldError>
    </TextField>
  );
}
