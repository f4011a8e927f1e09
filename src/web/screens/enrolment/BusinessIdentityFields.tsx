// "Who the business is", on the personal-data step (docs/architecture.md "Who the business is"): a
// sole trader or a company; for a company its name, legal form, PEC address and VAT number (check
// digit verified as it is typed); the ATECO 2025 activity code; and the applicant's role, the
// business's legal representative or an intermediary acting for it. What the identity provider
// asserts of the company (SPID professional identities: company name, `VATIT-` number) starts the
// form. A company's legal representative is checked against the register (spec §7
// check-legal-rep, machines/legal-rep-check.ts) as soon as the VAT number holds, and the answer is
// shown here; the server asks again at send. The values live in the draft (CHANGE), like the
// step's other fields; the page validates and saves them with the rest (useBusinessForm).
import { useActor } from '@xstate/react';
import { selectUser } from '#machines/auth.ts';
import type { PersonalData } from '#shared/api/requests.ts';
import { LEGAL_FORMS, needsLegalRepCheck, type Business } from '#shared/business.ts';
import { businessValuesOf, checkBusiness, type BusinessField, type BusinessValues } from '#shared/validation/business-form.ts';
import { isVatNumber, vatNumberFromClaim } from '#shared/vat-number.ts';
import { createLegalRepCheckLogic } from '../../actors/legal-representatives.ts';
import { AuthActor } from '../../app/machines.ts';
import { fieldId } from '../../components/form/ErrorSummary.tsx';
import { TextInputField } from '../../components/form/TextInputField.tsx';
import { useShownErrors } from '../../components/form/use-shown-errors.ts';
import type { DraftData } from '#machines/draft/types.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import { useT } from '../../i18n/use-t.ts';

const legalRepCheck = createLegalRepCheckLogic();

/** The radio groups' ids, which the error summary's links focus. */
const GROUP_IDS: Partial<Record<BusinessField, string>> = { kind: 'field-business-kind', role: 'field-business-role' };
const targetOf = (field: BusinessField) => GROUP_IDS[field] ?? fieldId(`business-${field}`);

/**
 * What the provider asserts of the company the person signs in for (SPID professional identities:
 * `companyName`, `ivaCode` as `VATIT-…`), read from the session's ID token as the auth actor reads
 * its claims (never verified here: the server verified it), or nothing.
 */
function assertedCompany(idToken: string | null | undefined): Partial<BusinessValues> {
  let claims: { companyName?: unknown; ivaCode?: unknown } = {};
  try {
    const payload = idToken?.split('.')[1];
    if (payload) claims = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(payload.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))));
  } catch {
    return {};
  }
  const partitaIva = vatNumberFromClaim(claims.ivaCode);
  const name = typeof claims.companyName === 'string' ? claims.companyName.trim() : '';
  if (!partitaIva && !name) return {};
  return { kind: 'company', ...(name ? { name } : {}), ...(partitaIva ? { partitaIva } : {}) };
}

export interface BusinessForm {
  values: BusinessValues;
  result: ReturnType<typeof checkBusiness>;
  /** The errors on screen (left fields, or every one after a submit), translated. */
  errors: Partial<Record<BusinessField, string>>;
  /** The error summary's entries of this section. */
  summary: { target: string; message: string }[];
  submitted: () => void;
  leave: (field: BusinessField) => void;
  set: (field: BusinessField, value: string) => void;
  /** Asks the register again (a reopened draft, or after a failed question). */
  check: () => void;
  /** `unchecked`: a company's legal representative not asked about yet (a reopened draft). */
  checkState: 'idle' | 'unchecked' | 'checking' | 'confirmed' | 'declared' | 'refused' | 'failed';
  /** The values to save with the step: the business inside the personal data, and its VAT number. */
  toSave: (personalData: PersonalData) => Pick<DraftData, 'personalData' | 'partitaIva'>;
}

/** The section's values, validation, shown errors and register check, over the draft's personal data. */
export function useBusinessForm(base: PersonalData, partitaIva: string | null | undefined, change: (changes: Partial<DraftData>) => void): BusinessForm {
  const t = useT();
  const user = AuthActor.useSelector(selectUser);
  const idToken = AuthActor.useSelector((snapshot) => snapshot.context.auth?.id_token);
  const [snapshot, send] = useActor(legalRepCheck);
  const stored = base.business ?? null;
  const values: BusinessValues = stored || partitaIva ? businessValuesOf(stored, partitaIva) : { ...businessValuesOf(null, null), ...assertedCompany(idToken) };
  const result = checkBusiness(values);
  const shownErrors = useShownErrors(result.ok ? {} : result.errors);
  const errors: Partial<Record<BusinessField, string>> = {};
  for (const [field, key] of Object.entries(shownErrors.shown) as [BusinessField, MessageKey][]) errors[field] = t(key);
  const summary = (Object.keys(errors) as BusinessField[]).map((field) => ({
    target: targetOf(field),
    message: `${t(`ep.business.fields.${field}`)}: ${errors[field]!}`,
  }));

  const questionFor = (next: BusinessValues) =>
    user?.fiscalCode && needsLegalRepCheck(next as unknown as Business) && isVatNumber(next.partitaIva)
      ? { cfPersona: user.fiscalCode, cfImpresa: next.partitaIva }
      : null;
  const ask = (next: BusinessValues) => {
    const question = questionFor(next);
    send(question ? { type: 'CHECK', question } : { type: 'RESET' });
  };
  const set = (field: BusinessField, value: string) => {
    const next = { ...values, [field]: value };
    const { partitaIva: vat, ...business } = next;
    change({ personalData: { ...base, business: business as unknown as Business }, partitaIva: vat });
    ask(next);
  };
  const state = (['checking', 'confirmed', 'declared', 'refused', 'failed'] as const).find((name) => snapshot.matches(name)) ?? 'idle';
  return {
    values,
    result,
    errors,
    summary,
    submitted: shownErrors.submitted,
    leave: shownErrors.leave,
    set,
    check: () => ask(values),
    checkState: !questionFor(values) ? 'idle' : state === 'idle' ? 'unchecked' : state,
    toSave: (personalData) =>
      result.ok
        ? { personalData: { ...personalData, business: result.value.business }, partitaIva: result.value.partitaIva }
        : { personalData, partitaIva: null },
  };
}

interface ChoiceProps {
  name: string;
  id: string;
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
  error: string | undefined;
  readOnly: boolean;
}

/**
 * A required choice as native radios in a fieldset, drawn like RadioChoice (the same classes):
 * react-aria's RadioGroup would add its own chunk to the personal-data page's download
 * (docs/performance.md), and a fieldset and its legend already give the group its name.
 */
function Choice({ name, id, label, value, options, onChange, error, readOnly }: ChoiceProps) {
  const errorId = `${id}-error`;
  const legendId = `${id}-legend`;
  // A radio group, read-only while the draft is saved (as react-aria's RadioGroup says it): native
  // radios cannot be read-only themselves.
  return (
    <fieldset
      id={id}
      role="radiogroup"
      aria-labelledby={legendId}
      aria-readonly={readOnly || undefined}
      aria-required="true"
      className="form-group app-field app-radio-group"
      aria-describedby={error ? errorId : undefined}
    >
      <legend id={legendId} className="app-radio-legend">
        {label}
        <span aria-hidden="true"> *</span>
      </legend>
      <div className="app-radio-options">
        {options.map((option) => (
          <label key={option.value} className="app-radio" data-selected={value === option.value || undefined}>
            <input
              type="radio"
              className="visually-hidden"
              name={name}
              value={option.value}
              checked={value === option.value}
              required
              aria-invalid={error ? true : undefined}
              onChange={() => {
                if (!readOnly) onChange(option.value);
              }}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <div id={errorId} className="app-field-error">
          {error}
        </div>
      )}
    </fieldset>
  );
}

const CHECK_TEXT: Record<Exclude<BusinessForm['checkState'], 'idle'>, MessageKey> = {
  unchecked: 'ep.business.check.unchecked',
  checking: 'ep.business.check.checking',
  confirmed: 'ep.business.check.confirmed',
  declared: 'ep.business.check.declared',
  refused: 'ep.business.check.refused',
  failed: 'ep.business.check.failed',
};

export function BusinessIdentityFields({ form, readOnly }: { form: BusinessForm; readOnly: boolean }) {
  const t = useT();
  const { values, errors, set, leave } = form;
  const company = values.kind === 'company';
  const text = (
    field: Exclude<BusinessField, 'kind' | 'role' | 'legalForm'>,
    extra: { inputMode?: 'numeric' | 'email'; type?: 'email'; hint?: MessageKey; required?: boolean },
  ) => (
    <div className="col-12 col-md-6">
      <TextInputField
        name={`business-${field}`}
        label={t(`ep.business.fields.${field}`)}
        value={values[field]}
        onChange={(value) => set(field, value)}
        onBlur={() => leave(field)}
        error={errors[field]}
        autoComplete="off"
        isReadOnly={readOnly}
        {...(extra.required ? { isRequired: true } : {})}
        {...(extra.type ? { type: extra.type } : {})}
        {...(extra.inputMode ? { inputMode: extra.inputMode } : {})}
        {...(extra.hint ? { hint: t(extra.hint) } : {})}
      />
    </div>
  );
  const checkState = form.checkState;
  return (
    <section aria-labelledby="business-title" className="mt-4">
      <h2 id="business-title" className="h4">
        {t('ep.business.title')}
      </h2>
      <p className="app-required-note">{t('ep.business.intro')}</p>
      <Choice
        name="business-kind"
        id={GROUP_IDS.kind!}
        label={t('ep.business.fields.kind')}
        value={values.kind}
        onChange={(value) => set('kind', value)}
        error={errors.kind}
        readOnly={readOnly}
        options={[
          { value: 'sole-trader', label: t('ep.business.kinds.sole-trader') },
          { value: 'company', label: t('ep.business.kinds.company') },
        ]}
      />
      <div className="row">
        {company && text('name', { required: true })}
        {company && (
          <div className="col-12 col-md-6">
            <div className="form-group app-field">
              <label htmlFor={fieldId('business-legalForm')} className="active">
                {t('ep.business.fields.legalForm')}
                <span aria-hidden="true"> *</span>
              </label>
              <select
                id={fieldId('business-legalForm')}
                name="business-legalForm"
                className="form-select"
                value={values.legalForm}
                required
                aria-invalid={errors.legalForm ? true : undefined}
                aria-describedby={errors.legalForm ? 'business-legalForm-error' : undefined}
                disabled={readOnly}
                onChange={(event) => set('legalForm', event.target.value)}
                onBlur={() => leave('legalForm')}
              >
                <option value="">{t('ep.business.legal-forms.choose')}</option>
                {LEGAL_FORMS.map((form) => (
                  <option key={form} value={form}>
                    {t(`ep.business.legal-forms.${form}`)}
                  </option>
                ))}
              </select>
              {errors.legalForm && (
                <div id="business-legalForm-error" className="app-field-error">
                  {errors.legalForm}
                </div>
              )}
            </div>
          </div>
        )}
        {company && text('pec', { type: 'email', inputMode: 'email', required: true })}
        {text('partitaIva', {
          inputMode: 'numeric',
          hint: company ? 'ep.business.hints.partitaIva' : 'ep.business.hints.partitaIva-optional',
          required: company,
        })}
        {text('atecoCode', { hint: 'ep.business.hints.atecoCode', required: true })}
      </div>
      <Choice
        name="business-role"
        id={GROUP_IDS.role!}
        label={t('ep.business.fields.role')}
        value={values.role}
        onChange={(value) => set('role', value)}
        error={errors.role}
        readOnly={readOnly}
        options={[
          { value: 'legal-representative', label: t(company ? 'ep.business.roles.legal-representative' : 'ep.business.roles.owner') },
          { value: 'intermediary', label: t('ep.business.roles.intermediary') },
        ]}
      />
      {values.role === 'intermediary' && <p className="app-field-hint">{t('ep.business.intermediary-note')}</p>}
      <div role="status" className="app-legal-rep-check">
        {checkState !== 'idle' && <p className={checkState === 'refused' ? 'app-field-error' : undefined}>{t(CHECK_TEXT[checkState])}</p>}
      </div>
      {(checkState === 'failed' || checkState === 'unchecked') && (
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={form.check} disabled={readOnly}>
          {t(checkState === 'failed' ? 'ep.business.check.retry' : 'ep.business.check.ask')}
        </button>
      )}
    </section>
  );
}
