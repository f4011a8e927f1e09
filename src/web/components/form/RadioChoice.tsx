// A radio group on react-aria's RadioGroup, styled as Bootstrap Italia's inline form-check.
import { FieldError, Label, Radio, RadioGroup } from 'react-aria-components';

interface Props {
  name: string;
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
  error?: string | undefined;
  isRequired?: boolean;
  /** Shown but not changeable (the form's machine accepts no change in its state). */
  isReadOnly?: boolean;
  /** The group's id, which an error summary's link targets. */
  id?: string;
}

export function RadioChoice({ name, label, value, options, onChange, error, isRequired, isReadOnly, id }: Props) {
  return (
    <RadioGroup
      {...(id ? { id } : {})}
      name={name}
      value={value || null}
      onChange={onChange}
      isInvalid={Boolean(error)}
      isRequired={isRequired}
      {...(isReadOnly ? { isReadOnly } : {})}
      validationBehavior="aria"
      orientation="horizontal"
      className="form-group app-field app-radio-group"
    >
      <Label className="app-radio-legend">
        {label}
        {isRequired && <span aria-hidden="true"> *</span>}
      </Label>
      <div className="app-radio-options">
        {options.map((option) => (
          <Radio key={option.value} value={option.value} className="app-radio">
            {option.label}
          </Radio>
        ))}
      </div>
      <FieldError className="app-field-error">{error}</FieldError>
    </RadioGroup>
  );
}
