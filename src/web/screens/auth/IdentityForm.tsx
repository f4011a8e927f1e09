// The identity matcher's form (spec §3 fiscal-code check input). Validates with the yup schema on
// submit, shows each field's error under it and moves focus to the first invalid field; a valid
// form becomes IDENTITY_SUBMIT. The check itself, and what its answer means, are the machine's.
import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import type { CheckPersonRequest } from '../../../shared/api/auth.ts';
import { RadioChoice } from '../../components/form/RadioChoice.tsx';
import { TextInputField } from '../../components/form/TextInputField.tsx';
import { useT } from '../../i18n/useT.ts';
import { IDENTITY_FIELDS, isItaly, validateIdentity, type IdentityErrors, type IdentityField, type IdentityValues } from './identity-schema.ts';

interface Props {
  initial: IdentityValues;
  checking: boolean;
  onSubmit: (person: CheckPersonRequest) => void;
  onCancel: () => void;
}

export function IdentityForm({ initial, checking, onSubmit, onCancel }: Props) {
  const t = useT();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<IdentityErrors>({});
  const set = (field: IdentityField) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  const error = (field: IdentityField) => (errors[field] ? t(errors[field]) : undefined);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateIdentity(values);
    if (result.ok) {
      setErrors({});
      onSubmit(result.person);
      return;
    }
    setErrors(result.errors);
    const first = IDENTITY_FIELDS.find((field) => result.errors[field]);
    if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const field = (name: IdentityField, props: { type?: 'text' | 'date'; isRequired?: boolean; autoComplete?: string; hint?: string } = {}) => (
    <TextInputField name={name} label={t(`identity-matcher.fields.${name}`)} value={values[name]} onChange={set(name)} error={error(name)} {...props} />
  );

  return (
    <Form onSubmit={submit} validationBehavior="aria" className="app-identity-form">
      <p>{t('identity-matcher.required-note')}</p>
      <div className="row">
        <div className="col-12 col-md-6">{field('nome', { isRequired: true, autoComplete: 'given-name' })}</div>
        <div className="col-12 col-md-6">{field('cognome', { isRequired: true, autoComplete: 'family-name' })}</div>
        <div className="col-12 col-md-6">{field('dataNascita', { type: 'date', isRequired: true, autoComplete: 'bday' })}</div>
        <div className="col-12 col-md-6">
          <RadioChoice
            name="sesso"
            label={t('identity-matcher.fields.sesso')}
            value={values.sesso}
            onChange={set('sesso')}
            error={error('sesso')}
            isRequired
            options={[
              { value: 'M', label: t('identity-matcher.sex.M') },
              { value: 'F', label: t('identity-matcher.sex.F') },
            ]}
          />
        </div>
        <div className="col-12 col-md-6">{field('statoNascita', { isRequired: true, hint: t('identity-matcher.hints.statoNascita') })}</div>
        <div className="col-12 col-md-6">{field('comuneNascita', { isRequired: isItaly(values.statoNascita), hint: t('identity-matcher.hints.comuneNascita') })}</div>
        <div className="col-12 col-md-6">{field('codiceFiscale', { isRequired: true, hint: t('identity-matcher.hints.codiceFiscale') })}</div>
      </div>
      <div className="app-form-actions">
        <Button type="button" className="btn btn-outline-primary" onPress={onCancel} isDisabled={checking}>
          {t('identity-matcher.cancel')}
        </Button>
        <Button type="submit" className="btn btn-primary" isDisabled={checking}>
          {t('identity-matcher.submit')}
        </Button>
      </div>
    </Form>
  );
}
