// A residence abroad on the personal-data step (src/shared/api/residence-abroad.ts): a person who
// lives abroad says so, and gives the country (from the list of foreign states), the city and the
// address, all then required (src/shared/validation/residence-abroad.ts). The values live in the
// draft's personal data as `residenceAbroad` (CHANGE, like the step's other fields); the page
// validates and saves them with the rest (useResidenceAbroadForm).
import type { DraftData } from '#machines/draft/types.ts';
import type { ResidenceAbroad } from '#shared/api/residence-abroad.ts';
import type { PersonalData } from '#shared/api/requests.ts';
import {
  checkResidenceAbroad,
  RESIDENCE_ABROAD_FIELDS,
  residenceAbroadValuesOf,
  type ResidenceAbroadField,
  type ResidenceAbroadValues,
} from '#shared/validation/residence-abroad.ts';
import { fieldId } from '../../components/form/ErrorSummary.tsx';
import { TextInputField } from '../../components/form/TextInputField.tsx';
import { useShownErrors } from '../../components/form/use-shown-errors.ts';
import { useT } from '../../i18n/use-t.ts';
import { CountryField } from '../auth/CountryField.tsx';

const KEYS: Record<ResidenceAbroadField, keyof ResidenceAbroad> = {
  residenceCountry: 'country',
  residenceCity: 'city',
  residenceAddress: 'address',
};

const CHECKBOX_ID = 'residence-abroad';

export interface ResidenceAbroadForm {
  /** Whether the person said they live abroad. */
  abroad: boolean;
  values: ResidenceAbroadValues;
  result: { ok: boolean };
  /** The errors on screen (left fields, or every one after a submit), translated. */
  errors: Partial<Record<ResidenceAbroadField, string>>;
  /** The error summary's entries of this section. */
  summary: { target: string; message: string }[];
  submitted: () => void;
  leave: (field: ResidenceAbroadField) => void;
  set: (field: ResidenceAbroadField, value: string) => void;
  setAbroad: (abroad: boolean) => void;
  /** The personal data to save, with the checked residence abroad in them (none when not abroad). */
  withResidence: (personalData: PersonalData) => PersonalData;
}

/** The section's values, validation and shown errors, over the draft's personal data. */
export function useResidenceAbroadForm(base: PersonalData, change: (changes: Partial<DraftData>) => void): ResidenceAbroadForm {
  const t = useT();
  const abroad = base.residenceAbroad !== null && base.residenceAbroad !== undefined;
  const values = residenceAbroadValuesOf(base.residenceAbroad);
  const checked = checkResidenceAbroad(values);
  const result = abroad ? checked : ({ ok: true } as const);
  const { shown, submitted, leave } = useShownErrors(abroad && !checked.ok ? checked.errors : {});
  const errors: Partial<Record<ResidenceAbroadField, string>> = {};
  if (abroad) for (const field of RESIDENCE_ABROAD_FIELDS) if (shown[field]) errors[field] = t(shown[field]);
  const summary = RESIDENCE_ABROAD_FIELDS.filter((field) => errors[field]).map((field) => ({
    target: fieldId(field),
    message: `${t(`ep.residence-abroad.fields.${field}`)}: ${errors[field]}`,
  }));
  const set = (field: ResidenceAbroadField, value: string) => {
    const residence = { country: values.residenceCountry, city: values.residenceCity, address: values.residenceAddress, [KEYS[field]]: value };
    change({ personalData: { ...base, residenceAbroad: residence as ResidenceAbroad } });
  };
  const setAbroad = (next: boolean) =>
    change({ personalData: { ...base, residenceAbroad: next ? ({ country: '', city: '', address: '' } as unknown as ResidenceAbroad) : null } });
  const withResidence = (personalData: PersonalData): PersonalData => ({
    ...personalData,
    residenceAbroad: abroad && checked.ok ? checked.value : null,
  });
  return { abroad, values, result, errors, summary, submitted, leave, set, setAbroad, withResidence };
}

interface Props {
  form: ResidenceAbroadForm;
  readOnly: boolean;
}

/** The section: "I live abroad", and then the country, the city and the address. */
export function ResidenceAbroadFields({ form, readOnly }: Props) {
  const t = useT();
  return (
    <section aria-labelledby="residence-abroad-title" className="mt-4">
      <h2 id="residence-abroad-title" className="h4">
        {t('ep.residence-abroad.title')}
      </h2>
      <div className="form-check">
        <input id={CHECKBOX_ID} type="checkbox" checked={form.abroad} disabled={readOnly} onChange={(event) => form.setAbroad(event.target.checked)} />
        <label htmlFor={CHECKBOX_ID}>{t('ep.residence-abroad.lives-abroad')}</label>
      </div>
      {form.abroad && (
        <div className="row">
          <div className="col-12 col-md-6">
            <CountryField
              name="residenceCountry"
              foreignOnly
              label={t('ep.residence-abroad.fields.residenceCountry')}
              value={form.values.residenceCountry}
              onChange={(code) => form.set('residenceCountry', code)}
              onBlur={() => form.leave('residenceCountry')}
              error={form.errors.residenceCountry}
              emptyText={t('identity-matcher.no-country')}
              openListLabel={t('identity-matcher.show-countries')}
              isReadOnly={readOnly}
            />
          </div>
          <div className="col-12 col-md-6">
            <TextInputField
              name="residenceCity"
              label={t('ep.residence-abroad.fields.residenceCity')}
              value={form.values.residenceCity}
              onChange={(value) => form.set('residenceCity', value)}
              onBlur={() => form.leave('residenceCity')}
              error={form.errors.residenceCity}
              autoComplete="address-level2"
              isRequired
              isReadOnly={readOnly}
            />
          </div>
          <div className="col-12">
            <TextInputField
              name="residenceAddress"
              label={t('ep.residence-abroad.fields.residenceAddress')}
              value={form.values.residenceAddress}
              onChange={(value) => form.set('residenceAddress', value)}
              onBlur={() => form.leave('residenceAddress')}
              error={form.errors.residenceAddress}
              autoComplete="street-address"
              hint={t('ep.residence-abroad.hints.residenceAddress')}
              isRequired
              isReadOnly={readOnly}
            />
          </div>
        </div>
      )}
    </section>
  );
}
