// Step "personal data": the applicant's master data. What the digital identity certifies (names,
// fiscal code, birth) is shown, not asked again (WCAG 3.3.7, Designers Italia prefill); the e-mail
// starts from the identity's and stays editable; telephone, address, zip code and residence are the
// applicant's to give (all optional, checked against the spec §5 patterns); who the business is, with
// its VAT number, is its own section (BusinessIdentityFields).
// Every change goes to the draft machine (CHANGE), so a reload or a language switch keeps it.
import { memo, useCallback, useDeferredValue, useLayoutEffect, useRef, type FormEvent } from 'react';
import { selectUser } from '#machines/auth.ts';
import type { PersonalData } from '#shared/api/requests.ts';
import { checkPersonal, PERSONAL_FIELDS, personalValuesOf, type PersonalField } from '#shared/validation/enrolment-forms.ts';
import { AuthActor } from '../../app/machines.ts';
import { ErrorSummary, fieldId } from '../../components/form/ErrorSummary.tsx';
import { MunicipalityCombobox } from '../../components/form/MunicipalityCombobox.tsx';
import { StableForm } from '../../components/form/StableForm.tsx';
import { TextInputField } from '../../components/form/TextInputField.tsx';
import { useShownErrors } from '../../components/form/use-shown-errors.ts';
import { useDraftState } from '../../enrolment/use-draft-state.ts';
import { displayDate, prefilledPersonalData } from '../../enrolment/views.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import { ValueOrEmpty } from '../../components/EmptyValue.tsx';
import { useT } from '../../i18n/use-t.ts';
import { ActivityAddressFields, useActivityAddressForm } from './ActivityAddressFields.tsx';
import { BusinessIdentityFields, useBusinessForm } from './BusinessIdentityFields.tsx';
import { ResidenceAbroadFields, useResidenceAbroadForm } from './ResidenceAbroadFields.tsx';
import { StepActions } from './StepActions.tsx';
import { StepFrame } from './StepFrame.tsx';
import { useStepLocked } from './use-step-locked.ts';

type EditableField = 'email' | 'telephone' | 'address' | 'zipCode' | 'residenceMunicipality';

// What a phone needs to offer the right keyboard and the person's saved details (docs/architecture.md "The citizen's journey with real data").
const EDITABLE: ReadonlyArray<{
  name: EditableField;
  autoComplete: string;
  type?: 'email' | 'tel';
  inputMode?: 'email' | 'tel' | 'numeric';
  hint?: MessageKey;
}> = [
  { name: 'email', autoComplete: 'email', type: 'email', inputMode: 'email' },
  { name: 'telephone', autoComplete: 'tel', type: 'tel', inputMode: 'tel', hint: 'ep.personal-data.hints.telephone' },
  { name: 'address', autoComplete: 'address-line1', hint: 'ep.personal-data.hints.address' },
  { name: 'zipCode', autoComplete: 'postal-code', inputMode: 'numeric', hint: 'ep.personal-data.hints.zipCode' },
  { name: 'residenceMunicipality', autoComplete: 'address-level2' },
];

/** Certified fields are shown, not typed: their errors link to the certified panel. */
const CERTIFIED_TARGET = 'certified-title';

export function PersonalDataPage() {
  const t = useT();
  const user = AuthActor.useSelector(selectUser);
  const { draft, change, save } = useDraftState();
  const lock = useStepLocked('personal-data');
  // The applicant is the signed-in person (docs/architecture.md "Identity"): names and fiscal code always come from the
  // identity, even in a draft saved earlier, as the server stores them; so does the place of birth a
  // draft saved before the account knew it lacks (an EU citizen's, docs/architecture.md "Identity").
  const identity = prefilledPersonalData(user);
  const base: PersonalData = draft?.personalData
    ? {
        ...draft.personalData,
        firstName: identity.firstName,
        lastName: identity.lastName,
        fiscalCode: identity.fiscalCode,
        cityOfBirth: draft.personalData.cityOfBirth ?? identity.cityOfBirth,
      }
    : identity;
  // The VAT number is the business's, asked with it (BusinessIdentityFields).
  const values = personalValuesOf(base, null);
  const business = useBusinessForm(base, draft?.partitaIva, change);

  // Where the business is: its address in the municipality of the activity (ActivityAddressFields).
  const activityAddress = useActivityAddressForm(base, change);
  const result = checkPersonal({ ...values, gender: base.gender ?? null });
  const { shown, submitCount, leave, submitted } = useShownErrors(result.ok ? {} : result.errors);
  // Where the person lives, when abroad (ResidenceAbroadFields).
  const abroad = useResidenceAbroadForm(base, change);
  const errors = shown;

  // The fields' handlers stay the same functions from render to render (they read the latest
  // draft), so the fields re-render only when their own value, error or lock changes.
  const latest = useRef({ base, change });
  useLayoutEffect(() => {
    latest.current = { base, change };
  });
  const set = useCallback((field: EditableField, value: string) => {
    const { base: current, change: send } = latest.current;
    send({ personalData: { ...current, [field]: value } });
  }, []);
  // Saving closes the draft (SAVE: the fields turn read-only) and its reply opens it again: six
  // react-aria fields re-rendered synchronously in the click's task and again in the reply's, right
  // before the step is left (docs/performance.md: ~100 ms each on a phone). The lock reaches the fields in
  // a transition instead, rendered in slices; the actions below (StepActions) follow it at once.
  const fieldsReadOnly = useDeferredValue(lock.readOnly);
  const fieldErrors: Partial<Record<EditableField, string>> = {};
  for (const { name } of EDITABLE) if (errors[name]) fieldErrors[name] = t(errors[name]);

  const submit = (complete: boolean) => {
    submitted();
    abroad.submitted();
    business.submitted();
    activityAddress.submitted();
    if (abroad.result.ok && result.ok && business.result.ok && activityAddress.result.ok)
      save('personal-data', complete, business.toSave(activityAddress.withAddress(abroad.withResidence(result.value.personalData))));
  };

  const isEditable = (field: PersonalField): field is EditableField => EDITABLE.some((entry) => entry.name === field);
  const summary = PERSONAL_FIELDS.filter((field) => errors[field])
    .map((field) => ({
      target: isEditable(field) ? fieldId(field) : CERTIFIED_TARGET,
      message: `${t(`ep.personal-data.fields.${field}`)}: ${t(errors[field]!)}`,
    }))
    .concat(business.summary, activityAddress.summary);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(true);
  };

  const certified: ReadonlyArray<[MessageKey, string]> = [
    ['ep.personal-data.fields.firstName', values.firstName],
    ['ep.personal-data.fields.lastName', values.lastName],
    ['ep.personal-data.fields.fiscalCode', values.fiscalCode],
    ['ep.personal-data.fields.dateOfBirth', displayDate(values.dateOfBirth)],
    ['ep.personal-data.fields.cityOfBirth', values.cityOfBirth],
  ];
  const certifiedErrors = (['firstName', 'lastName', 'fiscalCode'] as const).filter((field) => errors[field]);

  return (
    <StepFrame title={t('pages.personal-data.title')} intro={<p>{t('ep.personal-data.intro')}</p>}>
      <StableForm onSubmit={onSubmit} className="app-step-form">
        <ErrorSummary submitCount={submitCount} errors={summary.concat(abroad.summary)} />
        <section className="app-panel app-certified" aria-labelledby="certified-title">
          <h2 id={CERTIFIED_TARGET} className="h5">
            {t('ep.personal-data.certified-title')}
          </h2>
          <p className="app-certified-note">{t('ep.personal-data.certified-note')}</p>
          <dl className="app-data-list">
            {certified.map(([key, value]) => (
              <div key={key} className="app-data-row">
                <dt>{t(key)}</dt>
                <dd>
                  <ValueOrEmpty value={value} />
                </dd>
              </div>
            ))}
          </dl>
          {certifiedErrors.length > 0 && (
            <p className="app-field-error" role="alert">
              {t('ep.personal-data.certified-missing')}
            </p>
          )}
        </section>
        <h2 className="h4 mt-4">{t('ep.personal-data.contacts-title')}</h2>
        <p className="app-required-note">{t('ep.personal-data.optional-note')}</p>
        <EditableFields values={values} errors={fieldErrors} readOnly={fieldsReadOnly} onChange={set} onLeave={leave} />
        <ResidenceAbroadFields form={abroad} readOnly={fieldsReadOnly} />
        <ActivityAddressFields form={activityAddress} municipality={draft?.municipality ?? null} readOnly={fieldsReadOnly} />
        <BusinessIdentityFields form={business} readOnly={fieldsReadOnly} />
        <StepActions disabled={lock.closed} onSave={() => submit(false)} />
      </StableForm>
    </StepFrame>
  );
}

interface FieldsProps {
  values: Record<EditableField, string>;
  /** Each field's error, translated. */
  errors: Partial<Record<EditableField, string>>;
  readOnly: boolean;
  onChange: (field: EditableField, value: string) => void;
  onLeave: (field: EditableField) => void;
}

function sameFields(a: FieldsProps, b: FieldsProps): boolean {
  return (
    a.readOnly === b.readOnly &&
    a.onChange === b.onChange &&
    a.onLeave === b.onLeave &&
    EDITABLE.every(({ name }) => a.values[name] === b.values[name] && a.errors[name] === b.errors[name])
  );
}

/** The applicant's contacts: re-rendered only when a value, an error or the lock changes. */
const EditableFields = memo(function EditableFields({ values, errors, readOnly, onChange, onLeave }: FieldsProps) {
  const t = useT();
  return (
    <div className="row">
      {EDITABLE.map(({ name, autoComplete, type, inputMode, hint }) => (
        <div key={name} className="col-12 col-md-6">
          {name === 'residenceMunicipality' ? (
            <MunicipalityCombobox
              name={name}
              label={t('ep.personal-data.fields.residenceMunicipality')}
              value={values.residenceMunicipality}
              onChange={(value) => onChange(name, value)}
              onBlur={() => onLeave(name)}
              error={errors[name]}
              hint={t('ep.personal-data.hints.residenceMunicipality')}
              isReadOnly={readOnly}
            />
          ) : (
            <TextInputField
              name={name}
              label={t(`ep.personal-data.fields.${name}`)}
              value={values[name]}
              onChange={(value) => onChange(name, value)}
              onBlur={() => onLeave(name)}
              error={errors[name]}
              autoComplete={autoComplete}
              isReadOnly={readOnly}
              {...(type ? { type } : {})}
              {...(inputMode ? { inputMode } : {})}
              {...(hint ? { hint: t(hint) } : {})}
            />
          )}
        </div>
      ))}
    </div>
  );
}, sameFields);
