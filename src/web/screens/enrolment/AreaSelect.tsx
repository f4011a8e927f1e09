// One select of the address form (region, province or municipality) on react-aria's Select with
// Bootstrap Italia's form look: required asterisk, and the error "bo.errors.<key>" shown once the
// field is invalid and touched, or when the form forces its errors (spec §5 "Address form").
import { useRef, useState } from 'react';
import { Button, FieldError, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, type Key } from 'react-aria-components';
import { Icon } from '../../components/Icon.tsx';
import { useSpecMessage } from '../../enrolment/use-spec-message.ts';
import { useT } from '../../i18n/use-t.ts';

export interface AreaOption {
  id: number;
  name: string;
}

interface Props {
  name: string;
  label: string;
  options: readonly AreaOption[];
  value: number | null;
  onChange: (id: number) => void;
  isDisabled: boolean;
  isLoading?: boolean;
  /** Show the error even if untouched (the form was submitted). */
  forceErrors?: boolean;
}

export function AreaSelect({ name, label, options, value, onChange, isDisabled, isLoading, forceErrors }: Props) {
  const t = useT();
  const message = useSpecMessage();
  const [touched, setTouched] = useState(false);
  // Opening the list moves focus from the button into it: that blur is no leaving of the field, and
  // must not show "required" over the list the person is choosing from.
  const open = useRef(false);
  const errorKey = !isDisabled && value === null ? 'required' : null;
  const error = errorKey && (touched || forceErrors) ? message(`bo.errors.${errorKey}`) : null;
  return (
    <Select
      name={name}
      value={value}
      onChange={(key: Key | null) => {
        if (key !== null) onChange(Number(key));
      }}
      onOpenChange={(isOpen) => {
        open.current = isOpen;
        if (!isOpen) setTouched(true);
      }}
      // While its list loads there is nothing to choose (and an empty select would not open).
      isDisabled={isDisabled || Boolean(isLoading)}
      isRequired
      isInvalid={Boolean(error)}
      placeholder={t(isLoading ? 'ep.area.loading' : 'ep.area.choose')}
      className="form-group app-field app-select"
      validationBehavior="aria"
    >
      <Label className="active">
        {label}
        <span aria-hidden="true"> *</span>
      </Label>
      <Button
        className={`form-control app-select-button${error ? ' is-invalid' : ''}`}
        onBlur={() => {
          if (!open.current) setTouched(true);
        }}
      >
        <SelectValue className="app-select-value" />
        <Icon name="expand" className="app-select-icon" />
      </Button>
      <FieldError className="app-field-error">{error}</FieldError>
      <Popover className="app-select-popover" placement="bottom start">
        <ListBox className="app-select-list" items={options}>
          {(option) => (
            <ListBoxItem id={option.id} textValue={option.name} className="app-select-option">
              {option.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
