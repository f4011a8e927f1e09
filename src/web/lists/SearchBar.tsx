// Spec §5 search bar: the rules are machines/listQuery/searchBar.ts. Submit is disabled while a
// value is present but invalid and fires only when valid; emptying the field (its clear button,
// Escape, or deleting the text) searches for nothing (null). Errors read "search-bar.errors.<key>"
// with the minimum and maximum; at the maximum length an information message states it.
import { useState, type FormEvent } from 'react';
import { Button, FieldError, Form, Input, Label, SearchField, Text } from 'react-aria-components';
import { checkSearch, DEFAULT_SEARCH_RULES, type SearchBarRules } from '../../../machines/listQuery/searchBar.ts';
import { Icon } from '../components/Icon.tsx';
import { useT } from '../i18n/useT.ts';

interface Props {
  label: string;
  onSearch: (filter: string | null) => void;
  rules?: SearchBarRules;
  /** The search the list currently shows (a restored query). */
  initial?: string | null;
}

export function SearchBar({ label, onSearch, rules = DEFAULT_SEARCH_RULES, initial = null }: Props) {
  const t = useT();
  const [value, setValue] = useState(initial ?? '');
  const check = checkSearch(value, rules);
  const values = { min: rules.minLength, max: rules.maxLength };

  // Emptying the field, by its clear button, Escape or deleting the text, searches for nothing.
  const change = (next: string) => {
    if (next.trim() === '' && value.trim() !== '') onSearch(null);
    setValue(next);
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (check.valid) onSearch(check.search);
  };

  return (
    <Form role="search" aria-label={label} onSubmit={submit} className="app-search-bar" validationBehavior="aria">
      <div className="app-search-row">
        <SearchField
          value={value}
          onChange={change}
          onSubmit={() => submit()}
          isInvalid={!check.valid}
          validationBehavior="aria"
          className="form-group app-search-field mb-0"
        >
          <Label className="active">{label}</Label>
          <div className="app-search-control">
            <Input className={`form-control${check.valid ? '' : ' is-invalid'}`} maxLength={rules.maxLength} />
            <Button className="app-search-clear" aria-label={t('search-bar.clear')}>
              <Icon name="close" className="icon-sm" />
            </Button>
          </div>
          <Text slot="description" className="form-text app-search-info">
            {check.atMaxLength ? t('search-bar.max-length', values) : t('search-bar.hint', values)}
          </Text>
          <FieldError className="app-field-error">
            {check.errors.map((key) => (
              <span key={key} className="d-block">
                {t(`search-bar.errors.${key}`, values)}
              </span>
            ))}
          </FieldError>
        </SearchField>
        <Button type="submit" className="btn btn-primary" isDisabled={check.submitDisabled}>
          {t('search-bar.submit')}
        </Button>
      </div>
    </Form>
  );
}
