// The staff member form of user create and user modify: names, fiscal code, e-mail, profile and,
// when modifying, whether the account is active. Checks with forms.ts on submit, shows each field's
// error under it and moves focus to the first wrong field.
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Form } from 'react-aria-components';
import { Link } from 'react-router-dom';
import type { StaffWrite } from '../../../shared/api/back-office.ts';
import { Role } from '../../../shared/constants.ts';
import { RadioChoice } from '../../components/form/RadioChoice.tsx';
import { TextInputField } from '../../components/form/TextInputField.tsx';
import { useT } from '../../i18n/useT.ts';
import { checkStaff, STAFF_FIELDS, type FieldErrors, type StaffField, type StaffValues } from './forms.ts';

interface Props {
  initial: StaffValues;
  /** Modify: the staff member's id; create: absent. */
  userId?: number;
  busy: boolean;
  submitLabel: string;
  cancelTo: string;
  onSubmit: (user: StaffWrite) => void;
}

export const STAFF_SUBMIT_ID = 'staff-form-submit';

export function StaffForm({ initial, userId, busy, submitLabel, cancelTo, onSubmit }: Props) {
  const t = useT();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<StaffField>>({});
  const set = (field: Exclude<keyof StaffValues, 'active'>) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  const error = (field: StaffField) => (errors[field] ? t(errors[field]) : undefined);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkStaff(values, userId);
    if (checked.ok) {
      setErrors({});
      onSubmit(checked.value);
      return;
    }
    setErrors(checked.errors);
    const first = STAFF_FIELDS.find((field) => checked.errors[field]);
    if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  return (
    <Form onSubmit={submit} validationBehavior="aria" className="app-staff-form">
      <p>{t('bo.users.required-note')}</p>
      <div className="row">
        <div className="col-12 col-md-6">
          <TextInputField name="firstName" label={t('bo.users.fields.first-name')} value={values.firstName} onChange={set('firstName')} error={error('firstName')} isRequired autoComplete="off" />
        </div>
        <div className="col-12 col-md-6">
          <TextInputField name="lastName" label={t('bo.users.fields.last-name')} value={values.lastName} onChange={set('lastName')} error={error('lastName')} isRequired autoComplete="off" />
        </div>
        <div className="col-12 col-md-6">
          <TextInputField
            name="fiscalCode"
            label={t('bo.users.fields.fiscal-code')}
            value={values.fiscalCode}
            onChange={set('fiscalCode')}
            error={error('fiscalCode')}
            hint={t('bo.users.hints.fiscal-code')}
            isRequired
            autoComplete="off"
          />
        </div>
        <div className="col-12 col-md-6">
          <TextInputField name="email" label={t('bo.users.fields.email')} value={values.email} onChange={set('email')} error={error('email')} isRequired autoComplete="off" />
        </div>
        <div className="col-12 col-md-6">
          <RadioChoice
            name="profileId"
            label={t('bo.users.fields.profile')}
            value={values.profileId}
            onChange={set('profileId')}
            error={error('profileId')}
            isRequired
            options={[
              { value: String(Role.BO_ADMIN), label: t('bo.profile.admin') },
              { value: String(Role.BO_COLLAB), label: t('bo.profile.collab') },
            ]}
          />
        </div>
        {userId !== undefined && (
          <div className="col-12 col-md-6">
            <Checkbox className="app-checkbox" isSelected={values.active} onChange={(active) => setValues((current) => ({ ...current, active }))}>
              {t('bo.users.fields.active')}
            </Checkbox>
          </div>
        )}
      </div>
      <div className="app-form-actions">
        <Link className="btn btn-outline-primary" to={cancelTo}>
          {t('bo.users.cancel')}
        </Link>
        <Button id={STAFF_SUBMIT_ID} type="submit" className="btn btn-primary" isDisabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
