// The municipality of the activity on the select-initiative step, chosen from the portal's ISTAT
// list (spec §7 "Master data") with the residence combobox's pattern: react-aria's ComboBox fed by
// the municipality search machine (machines/municipality-search.ts). The choice is the request's
// `municipalityId`; it goes to the activity place machine (machines/activity-place.ts), which keeps
// it and drops an office that does not serve it. Its notice is shown here, next to the field.
import { useActor } from '@xstate/react';
import { useState } from 'react';
import { ComboBox, FieldError, Input, Label, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components';
import { isSearchable } from '#machines/municipality-search.ts';
import type { PlaceNotice } from '#machines/activity-place.ts';
import type { Municipality } from '#shared/domain.ts';
import { createMunicipalitySearchLogic } from '../../actors/enrolment.ts';
import { fieldId } from '../../components/form/ErrorSummary.tsx';
import { useT } from '../../i18n/use-t.ts';

export const ACTIVITY_MUNICIPALITY_FIELD = 'activityMunicipality';

interface Props {
  value: Municipality | null;
  onChoose: (municipality: Municipality) => void;
  /** Shown once "continue" was pressed without a municipality. */
  error?: string | undefined;
  notice: { kind: PlaceNotice; office: string | null; municipality: string | null } | null;
  isDisabled: boolean;
}

const municipalitySearch = createMunicipalitySearchLogic();
const label = (m: Municipality) => `${m.nameIt} (${m.province.code})`;

export function ActivityMunicipalityField({ value, onChoose, error, notice, isDisabled }: Props) {
  const t = useT();
  const [snapshot, send] = useActor(municipalitySearch);
  const [text, setText] = useState(value ? label(value) : '');
  const [shownId, setShownId] = useState(value?.municipalityId ?? null);
  // While the person types, no option is selected (react-aria clears its selection on typing): the
  // draft's municipality stays until another is chosen, but the field must not hold it as selected,
  // or react-aria puts its name back over what is being typed.
  const [typing, setTyping] = useState(false);
  // The draft's choice changed elsewhere (area search, a restored draft): the field shows it.
  if ((value?.municipalityId ?? null) !== shownId) {
    setShownId(value?.municipalityId ?? null);
    setText(value ? label(value) : '');
  }
  const { results, failed } = snapshot.context;
  const loading = snapshot.matches('waiting') || snapshot.matches('loading');
  const items = value && !results.some((m) => m.municipalityId === value.municipalityId) ? [value, ...results] : results;
  const status = failed
    ? t('ep.municipality.failed')
    : !isSearchable(text) || (value && text === label(value))
      ? ''
      : loading
        ? t('ep.municipality.loading')
        : t('ep.municipality.count', { count: results.length });

  return (
    <div className="app-activity-place">
      <ComboBox
        id={fieldId(ACTIVITY_MUNICIPALITY_FIELD)}
        name={ACTIVITY_MUNICIPALITY_FIELD}
        items={items}
        selectedKey={typing ? null : (value?.municipalityId ?? null)}
        inputValue={text}
        onInputChange={(next) => {
          setText(next);
          setTyping(true);
          send({ type: 'TYPE', text: next });
        }}
        onSelectionChange={(key) => {
          const chosen = key === null ? undefined : items.find((m) => m.municipalityId === Number(key));
          if (!chosen) return;
          setTyping(false);
          setText(label(chosen));
          if (chosen.municipalityId !== value?.municipalityId) onChoose(chosen);
        }}
        // What was typed but not chosen goes back to the choice: the field never holds free text.
        onBlur={() => {
          setTyping(false);
          setText(value ? label(value) : '');
        }}
        isInvalid={Boolean(error)}
        isDisabled={isDisabled}
        isRequired
        validationBehavior="aria"
        allowsEmptyCollection
        menuTrigger="input"
        className="form-group app-field app-combobox"
      >
        <Label className="active">
          {t('ep.activity-place.municipality')}
          <span aria-hidden="true"> *</span>
        </Label>
        <Input className={`form-control${error ? ' is-invalid' : ''}`} autoComplete="off" />
        {!error && (
          <Text slot="description" className="form-text">
            {t('ep.activity-place.municipality-hint')}
          </Text>
        )}
        <FieldError className="app-field-error">{error}</FieldError>
        <span className="visually-hidden" role="status">
          {status}
        </span>
        <Popover className="app-combobox-popover" placement="bottom start">
          <ListBox className="app-combobox-list" renderEmptyState={() => <p className="app-combobox-empty">{status || t('ep.municipality.type-more')}</p>}>
            {(item: Municipality) => (
              <ListBoxItem id={item.municipalityId} textValue={label(item)} className="app-combobox-option">
                {label(item)}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      <div role="status" aria-live="polite">
        {notice && (
          <div className={`callout ${notice.kind === 'check-failed' ? 'danger' : 'warning'}`} id="activity-place-notice">
            <p>{t(`ep.activity-place.notice.${notice.kind}`, { office: notice.office ?? '', municipality: notice.municipality ?? '' })}</p>
          </div>
        )}
      </div>
    </div>
  );
}
