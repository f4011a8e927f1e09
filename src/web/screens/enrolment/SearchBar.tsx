// The search bar of spec §5: min and max length and the shared search pattern; "search" is
// disabled while a value is present but invalid and fires only when valid; clearing reports a null
// search; at the maximum length an information message says so. Errors read
// "search-bar.errors.<key>" with the min and max.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button, Input, Label, SearchField } from 'react-aria-components';
import { Icon } from '../../components/Icon.tsx';
import { SearchBar as Limits } from '../../../shared/constants.ts';
import { searchError } from '../../enrolment/forms.ts';
import { useSpecMessage } from '../../enrolment/useSpecMessage.ts';
import { useT } from '../../i18n/useT.ts';

interface Props {
  label: string;
  /** The search in force (null: none): the field follows it when it is cleared elsewhere. */
  value: string | null;
  onSearch: (filter: string | null) => void;
  minLength?: number;
  maxLength?: number;
  isDisabled?: boolean;
}

export function SearchBar({ label, value, onSearch, minLength = Limits.minLength, maxLength = Limits.maxLength, isDisabled }: Props) {
  const t = useT();
  const message = useSpecMessage();
  const id = useId();
  const [text, setText] = useState(value ?? '');
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    if (value === null) setText('');
  }, [value]);
  const error = searchError(text, minLength, maxLength);
  const shownError = dirty && error ? message(`search-bar.errors.${error}`, { min: minLength, max: maxLength }) : null;
  const atMax = text.length >= maxLength;
  const errorId = `${id}-error`;
  const infoId = `${id}-info`;
  const describedBy = [shownError ? errorId : null, atMax ? infoId : null].filter(Boolean).join(' ') || undefined;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (error) return;
    onSearch(text.trim() === '' ? null : text.trim());
  };

  return (
    <form role="search" className="app-search-bar" onSubmit={submit} aria-label={label}>
      <div className="app-search-row">
        <SearchField
          value={text}
          onChange={(next) => {
            setText(next);
            setDirty(true);
          }}
          onClear={() => {
            setText('');
            setDirty(false);
            onSearch(null);
          }}
          isInvalid={Boolean(shownError)}
          isDisabled={isDisabled}
          className="form-group app-field app-search-field"
        >
          <Label className="active">{label}</Label>
          <Input className={`form-control${shownError ? ' is-invalid' : ''}`} maxLength={maxLength} aria-describedby={describedBy} />
          {/* Inside a SearchField a button is its clear button. */}
          {text !== '' && (
            <Button className="app-search-clear" aria-label={t('ep.search.clear')}>
              <Icon name="close" />
            </Button>
          )}
        </SearchField>
        <Button type="submit" className="btn btn-primary app-search-submit" isDisabled={isDisabled || Boolean(error)}>
          {t('ep.search.submit')}
        </Button>
      </div>
      {shownError && (
        <p id={errorId} className="app-field-error">
          {shownError}
        </p>
      )}
      {atMax && (
        <p id={infoId} className="form-text app-search-info">
          {message('search-bar.max-reached', { max: maxLength })}
        </p>
      )}
    </form>
  );
}
