// The residence municipality, chosen from the portal's ISTAT list (spec §7 "Master data";
// docs/architecture.md "The citizen's journey with real data"): an accessible combobox
// (react-aria-components' ComboBox: role=combobox, listbox, keyboard and screen-reader support) fed
// by the municipality search machine (machines/municipality-search.ts, its search provided by
// src/web/actors/enrolment.ts). Only a name from the list can be chosen, so "Bolzano/Bozen" or
// "Sant'Angelo Lodigiano" arrive exactly as ISTAT writes them. The list opening never shows an
// error: errors come from the form, once the field was left or the form submitted.
import { useActor } from '@xstate/react';
import { useRef, useState } from 'react';
import { ComboBox, FieldError, Input, Label, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components';
import { isSearchable } from '#machines/municipality-search.ts';
import { createMunicipalitySearchLogic } from '../../actors/enrolment.ts';
import { useT } from '../../i18n/use-t.ts';
import { fieldId } from './ErrorSummary.tsx';

interface Props {
  name: string;
  label: string;
  /** The chosen municipality's (Italian, ISTAT) name, or "". */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  hint?: string;
  /** Shown, not changed (the step page's draft takes no change now). */
  isReadOnly?: boolean;
}

const municipalitySearch = createMunicipalitySearchLogic();

export function MunicipalityCombobox({ name, label, value, onChange, onBlur, error, hint, isReadOnly }: Props) {
  const t = useT();
  const [snapshot, send] = useActor(municipalitySearch);
  const [text, setText] = useState(value);
  // The choice as of the last event: a blur right after a selection must not see the old one.
  const chosen = useRef(value);
  chosen.current = value;
  const { results, failed } = snapshot.context;
  const loading = snapshot.matches('waiting') || snapshot.matches('loading');
  // The chosen name stays an option, so the combobox can show it as selected before any search.
  const items = value && !results.some((m) => m.nameIt === value) ? [{ id: value, label: value }] : [];
  for (const m of results) items.push({ id: m.nameIt, label: `${m.nameIt} (${m.province.code})` });
  const status = failed
    ? t('ep.municipality.failed')
    : !isSearchable(text) || text === value
      ? ''
      : loading
        ? t('ep.municipality.loading')
        : t('ep.municipality.count', { count: results.length });

  return (
    <ComboBox
      id={fieldId(name)}
      name={name}
      items={items}
      selectedKey={value || null}
      inputValue={text}
      onInputChange={(next) => {
        setText(next);
        send({ type: 'TYPE', text: next });
        // Emptying the field removes the choice; any other text waits for a choice from the list.
        if (next.trim() === '' && value) onChange('');
      }}
      onSelectionChange={(key) => {
        const name = key === null ? '' : String(key);
        chosen.current = name;
        onChange(name);
        // Typing clears the choice (key null): keep what is being typed, or its first letter is lost.
        if (key !== null) setText(name);
      }}
      onBlur={() => {
        // What was typed but not chosen goes back to the choice: the field never holds free text.
        setText(chosen.current);
        onBlur?.();
      }}
      isInvalid={Boolean(error)}
      {...(isReadOnly ? { isReadOnly } : {})}
      validationBehavior="aria"
      allowsEmptyCollection
      menuTrigger="input"
      className="form-group app-field app-combobox"
    >
      <Label className="active">{label}</Label>
      <Input className={`form-control${error ? ' is-invalid' : ''}`} autoComplete="off" />
      {hint && !error && (
        <Text slot="description" className="form-text">
          {hint}
        </Text>
      )}
      <FieldError className="app-field-error">{error}</FieldError>
      <span className="visually-hidden" role="status">
        {status}
      </span>
      <Popover className="app-combobox-popover" placement="bottom start">
        <ListBox className="app-combobox-list" renderEmptyState={() => <p className="app-combobox-empty">{status || t('ep.municipality.type-more')}</p>}>
          {(item: { id: string; label: string }) => (
            <ListBoxItem id={item.id} textValue={item.id} className="app-combobox-option">
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
