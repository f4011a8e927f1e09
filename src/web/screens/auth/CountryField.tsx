// The country of birth as an accessible combo box (react-aria's ComboBox, Bootstrap Italia's
// classes): countries named in the interface language, Italy first; typing filters by the name in
// any EU language or the ISO code ("Deutschland" finds Germany); the button shows the whole list.
// The list opens on typing, not on focus: on a phone a list opened by the tap itself could take the
// finger's release as a choice. The value is the ISO code the server maps to the Belfiore code.
import { useMemo, useState } from 'react';
import { Button, ComboBox, FieldError, Input, Label, ListBox, ListBoxItem, Popover, type Key } from 'react-aria-components';
import { countryMatches, countryOptions, ITALY } from '#shared/countries.ts';
import { fieldId } from '../../components/form/ErrorSummary.tsx';
import { Icon } from '../../components/Icon.tsx';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';

interface Props {
  label: string;
  /** ISO 3166 alpha-2 code, or '' when none is chosen. */
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  hint?: string;
  emptyText: string;
  /** The list button's name ("Show the countries"). */
  openListLabel: string;
  /** The field's name (and id, for the error summary); the identity matcher's by default. */
  name?: string;
  /** Foreign states only, Italy left out (a residence abroad). */
  foreignOnly?: boolean;
  isReadOnly?: boolean;
}

export function CountryField({
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
  emptyText,
  openListLabel,
  name = 'statoNascita',
  foreignOnly = false,
  isReadOnly = false,
}: Props) {
  const { language } = useLanguage();
  const options = useMemo(() => countryOptions(language).filter((option) => !foreignOnly || option.code !== ITALY), [language, foreignOnly]);
  const chosenName = options.find((option) => option.code === value)?.name ?? '';
  const [typed, setTyped] = useState<string | null>(null);
  const input = typed ?? chosenName;
  // While the text is the chosen country's name, the whole list is offered (opening the list).
  const items = typed === null || typed === chosenName ? options : options.filter((option) => countryMatches(option.code, typed));

  return (
    <ComboBox
      id={fieldId(name)}
      name={name}
      items={items}
      selectedKey={value || null}
      onSelectionChange={(key: Key | null) => {
        onChange(key === null ? '' : String(key));
        // Typing clears the choice (key null): keep what is being typed; a choice shows its name.
        if (key !== null) setTyped(null);
      }}
      inputValue={input}
      onInputChange={setTyped}
      {...(onBlur ? { onBlur } : {})}
      isInvalid={Boolean(error)}
      isRequired
      isReadOnly={isReadOnly}
      validationBehavior="aria"
      className="form-group app-field app-combobox"
    >
      <Label className="active">
        {label}
        <span aria-hidden="true"> *</span>
      </Label>
      <div className="app-combobox-control">
        <Input autoComplete="country-name" className={`form-control${error ? ' is-invalid' : ''}`} />
        <Button className="btn app-combobox-button" aria-label={openListLabel}>
          <Icon name="expand" />
        </Button>
      </div>
      {hint && !error && <small className="form-text">{hint}</small>}
      <FieldError className="app-field-error">{error}</FieldError>
      <Popover className="app-combobox-popover" placement="bottom start">
        <ListBox className="app-combobox-list" renderEmptyState={() => <p className="app-combobox-empty">{emptyText}</p>}>
          {(option: { code: string; name: string }) => (
            <ListBoxItem id={option.code} textValue={option.name} className="app-combobox-option">
              {option.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
