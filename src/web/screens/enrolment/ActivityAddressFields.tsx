// The business's address on the personal-data step: street, street number and postcode in the
// municipality of the activity chosen on select-initiative (the request's `municipalityId`), all
// required (src/shared/validation/activity-address.ts: spec §5 address and zip code patterns). The
// values live in the draft's personal data as `activityAddress` (CHANGE, like the step's other
// fields); the page validates and saves them with the rest (useActivityAddressForm).
import type { PersonalData } from '#shared/api/requests.ts';
import type { ActivityAddress } from '#shared/api/activity-address.ts';
import {
  ACTIVITY_ADDRESS_FIELDS,
  activityAddressValuesOf,
  checkActivityAddress,
  type ActivityAddressField,
  type ActivityAddressValues,
} from '#shared/validation/activity-address.ts';
import type { DraftData } from '#machines/draft/types.ts';
import type { Municipality } from '#shared/domain.ts';
import { fieldId } from '../../components/form/ErrorSummary.tsx';
import { TextInputField } from '../../components/form/TextInputField.tsx';
import { useShownErrors } from '../../components/form/use-shown-errors.ts';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { useT } from '../../i18n/use-t.ts';

const KEYS: Record<ActivityAddressField, keyof ActivityAddress> = {
  activityStreet: 'street',
  activityStreetNumber: 'streetNumber',
  activityZipCode: 'zipCode',
};

export interface ActivityAddressForm {
  values: ActivityAddressValues;
  result: ReturnType<typeof checkActivityAddress>;
  /** The errors on screen (left fields, or every one after a submit), translated. */
  errors: Partial<Record<ActivityAddressField, string>>;
  /** The error summary's entries of this section. */
  summary: { target: string; message: string }[];
  submitted: () => void;
  leave: (field: ActivityAddressField) => void;
  set: (field: ActivityAddressField, value: string) => void;
  /** The personal data to save, with the checked address in them. */
  withAddress: (personalData: PersonalData) => PersonalData;
}

/** The section's values, validation and shown errors, over the draft's personal data. */
export function useActivityAddressForm(base: PersonalData, change: (changes: Partial<DraftData>) => void): ActivityAddressForm {
  const t = useT();
  const values = activityAddressValuesOf(base.activityAddress);
  const result = checkActivityAddress(values);
  const { shown, submitted, leave } = useShownErrors(result.ok ? {} : result.errors);
  const errors: Partial<Record<ActivityAddressField, string>> = {};
  for (const field of ACTIVITY_ADDRESS_FIELDS) if (shown[field]) errors[field] = t(shown[field]);
  const summary = ACTIVITY_ADDRESS_FIELDS.filter((field) => errors[field]).map((field) => ({
    target: fieldId(field),
    message: `${t(`ep.activity-address.fields.${field}`)}: ${errors[field]}`,
  }));
  const set = (field: ActivityAddressField, value: string) => {
    const address = { street: values.activityStreet, streetNumber: values.activityStreetNumber, zipCode: values.activityZipCode, [KEYS[field]]: value };
    change({ personalData: { ...base, activityAddress: address } });
  };
  const withAddress = (personalData: PersonalData): PersonalData => (result.ok ? { ...personalData, activityAddress: result.value } : personalData);
  return { values, result, errors, summary, submitted, leave, set, withAddress };
}

interface Props {
  form: ActivityAddressForm;
  /** The municipality of the activity, named in the intro (null when the draft names none yet). */
  municipality: Municipality | null;
  readOnly: boolean;
}

const FIELDS: ReadonlyArray<{
  name: ActivityAddressField;
  autoComplete: string;
  inputMode?: 'numeric';
  hint?: 'ep.activity-address.hints.activityStreetNumber' | 'ep.activity-address.hints.activityZipCode';
  col: string;
}> = [
  { name: 'activityStreet', autoComplete: 'off', col: 'col-12 col-md-6' },
  { name: 'activityStreetNumber', autoComplete: 'off', hint: 'ep.activity-address.hints.activityStreetNumber', col: 'col-6 col-md-3' },
  { name: 'activityZipCode', autoComplete: 'off', inputMode: 'numeric', hint: 'ep.activity-address.hints.activityZipCode', col: 'col-6 col-md-3' },
];

/** The section: a heading naming the municipality, and the three required fields. */
export function ActivityAddressFields({ form, municipality, readOnly }: Props) {
  const t = useT();
  const { language } = useLanguage();
  const place = municipality ? (language === 'en' ? municipality.nameEn : municipality.nameIt) : null;
  return (
    <section aria-labelledby="activity-address-title" className="mt-4">
      <h2 id="activity-address-title" className="h4">
        {t('ep.activity-address.title')}
      </h2>
      <p>{place ? t('ep.activity-address.intro', { municipality: place }) : t('ep.activity-address.intro-no-municipality')}</p>
      <div className="row">
        {FIELDS.map(({ name, autoComplete, inputMode, hint, col }) => (
          <div key={name} className={col}>
            <TextInputField
              name={name}
              label={t(`ep.activity-address.fields.${name}`)}
              value={form.values[name]}
              onChange={(value) => form.set(name, value)}
              onBlur={() => form.leave(name)}
              error={form.errors[name]}
              // The business's address, not the person's: the browser's saved addresses do not fit it.
              autoComplete={autoComplete}
              isRequired
              isReadOnly={readOnly}
              {...(inputMode ? { inputMode } : {})}
              {...(hint ? { hint: t(hint) } : {})}
            />
          </div>
        ))}
      </div>
    </section>
  );
}
