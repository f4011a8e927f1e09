// The one search bar of the portal (spec §5, docs/machines/README.md): the desk, the staff list and the wizard's
// office and initiative searches. The rules are src/shared/validation/search-bar.ts (each list passes
// its own minimum there). Submit is disabled while a value is present but invalid and fires only
// when valid; emptying the field (its clear button, Escape, or deleting the text) while a search is
// in force searches for nothing (null). Errors read "search-bar.errors.<key>" with the minimum and
// maximum; at the maximum length an information message states it. The field follows a search
// cleared elsewhere (a "clear filters" button, a reset): `initial` becoming null empties it.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, FieldError, Form, Input, Label, SearchField, Text } from 'react-aria-components';
import { checkSearch, DEFAULT_SEARCH_RULES, type SearchBarRules } from '#shared/validation/search-bar.ts';
import { Icon } from '../components/Icon.tsx';
import { useT } from '../i18n/use-t.ts';
import './controls.scss';

interface Props {
  label: string;
  onSearch: (filter: string | null) => void;
  rules?: SearchBarRules;
  /** The search the list currently shows (a restored query); null: none. */
  initial?: string | null;
  isDisabled?: boolean;
}

export function SearchBar({ label, onSearch, rules = DEFAULT_SEARCH_RULES, initial = null, isDisabled = false }: Props) {
  const t = useT();
  const [value, setValue] = useState(initial ?? '');
  // The search in force: emptying the field clears it, and only then (nothing to clear otherwise).
  const inForce = useRef<string | null>(initial);
  useEffect(() => {
    inForce.current = initial;
    if (initial === null) setValue('');
  }, [initial]);
  const check = checkSearch(value, rules);
  const values = { min: rules.minLength, max: rules.maxLength };

  const search = (filter: string | null) => {
    inForce.current = filter;
    onSearch(filter);
  };

  const change = (next: string) => {
    setValue(next);
    if (next.trim() === '' && inForce.current !== null) search(null);
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (check.valid && !isDisabled) search(check.search);
  };

  return (
    <Form role="search" aria-label={label} onSubmit={submit} className="app-search-bar" validationBehavior="aria">
      <div className="app-search-row">
        <SearchField
          value={value}
          onChange={change}
          onSubmit={() => submit()}
          isInvalid={!check.valid}
          isDisabled={isDisabled}
          validationBehavior="aria"
          className="form-group app-search-field mb-0"
        >
          <Label className="active app-label-above">{label}</Label>
          <div className="app-search-control">
            <Input className={`form-control${check.valid ? '' : ' is-invalid'}`} maxLength={rules.maxLength} />
            {value !== '' && (
              // Inside a SearchField a button is its clear button.
              <Button className="app-search-clear" aria-label={t('search-bar.clear')}>
                <Icon name="close" className="icon-sm" />
              </Button>
            )}
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
        <Button type="submit" className="btn btn-primary app-search-submit" isDisabled={isDisabled || check.submitDisabled}>
          {t('search-bar.submit')}
        </Button>
      </div>
    </Form>
  );
}
