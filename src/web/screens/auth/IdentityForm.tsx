// The identity matcher's form (spec §3 fiscal-code check input). Name, family name and birth date
// are what the identity provider asserted: shown read-only, never typed (docs/architecture.md "Identity"). The person gives
// sex, country (a list in the interface language), the municipality when born in Italy, and the code.
// The values and their errors are the form machine's (machines/identity-form.ts), started here while
// the login machine asks and kept across its refused checks (this form stays mounted); errors show next to a field once it is left, and in an error summary after a submit
// (the GOV.UK / Designers Italia pattern); the machine hands a valid form to the login machine,
// whose check and verdict it is.
import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import type { AnyActorRef } from 'xstate';
import { identityFormMachine } from '#machines/identity-form.ts';
import type { IdentityClaims } from '#shared/api/auth.ts';
import { formatCalendarDay } from '#shared/dates.ts';
import { IDENTITY_FIELDS, initialIdentityValues, isItaly, type IdentityField } from '#shared/validation/identity-form.ts';
import { ErrorSummary, fieldId } from '../../components/form/ErrorSummary.tsx';
import { RadioChoice } from '../../components/form/RadioChoice.tsx';
import { TextInputField } from '../../components/form/TextInputField.tsx';
import { useShownErrors } from '../../components/form/use-shown-errors.ts';
import { useT } from '../../i18n/use-t.ts';
import { CountryField } from './CountryField.tsx';

interface Props {
  claims: IdentityClaims | null;
  /** The login machine: the form hands it a complete form to check. */
  auth: AnyActorRef;
  checking: boolean;
  onCancel: () => void;
}

export function IdentityForm({ claims, auth, checking, onCancel }: Props) {
  const t = useT();
  const form = useActorRef(identityFormMachine, { input: { initial: initialIdentityValues(claims), submitTo: auth } });
  const values = useSelector(form, (snapshot) => snapshot.context.values);
  const errors = useSelector(form, (snapshot) => snapshot.context.errors);
  const { shown, submitCount, leave, submitted } = useShownErrors(errors);
  const set = (field: IdentityField) => (value: string) => form.send({ type: 'CHANGE', field, value });
  const error = (field: IdentityField) => (shown[field] ? t(shown[field]) : undefined);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted();
    form.send({ type: 'SUBMIT' });
  };

  const summary = IDENTITY_FIELDS.filter((field) => errors[field]).map((field) => ({ target: fieldId(field), message: t(errors[field]!) }));
  const asserted = [
    { label: t('identity-matcher.fields.nome'), value: claims?.name },
    { label: t('identity-matcher.fields.cognome'), value: claims?.familyName },
    { label: t('identity-matcher.fields.dataNascita'), value: formatCalendarDay(claims?.birthdate) },
  ];

  return (
    <Form onSubmit={submit} validationBehavior="aria" className="app-identity-form">
      <ErrorSummary errors={summary} submitCount={submitCount} />
      <h2 className="h5">{t('identity-matcher.asserted.title')}</h2>
      <p>{t('identity-matcher.asserted.intro')}</p>
      <dl className="row app-identity-asserted">
        {asserted.map((item) => (
          <div key={item.label} className="col-12 col-md-4">
            <dt>{item.label}</dt>
            <dd>{item.value || t('identity-matcher.not-asserted')}</dd>
          </div>
        ))}
      </dl>
      <h2 className="h5">{t('identity-matcher.supplied.title')}</h2>
      <p>{t('identity-matcher.required-note')}</p>
      <div className="row">
        <div className="col-12 col-md-6">
          <RadioChoice
            id={fieldId('sesso')}
            name="sesso"
            label={t('identity-matcher.fields.sesso')}
            value={values.sesso}
            onChange={(value) => {
              set('sesso')(value);
              leave('sesso');
            }}
            error={error('sesso')}
            isRequired
            options={[
              { value: 'M', label: t('identity-matcher.sex.M') },
              { value: 'F', label: t('identity-matcher.sex.F') },
            ]}
          />
        </div>
        <div className="col-12 col-md-6">
          <CountryField
            label={t('identity-matcher.fields.statoNascita')}
            value={values.statoNascita}
            onChange={set('statoNascita')}
            onBlur={() => leave('statoNascita')}
            error={error('statoNascita')}
            hint={t('identity-matcher.hints.statoNascita')}
            emptyText={t('identity-matcher.no-country')}
            openListLabel={t('identity-matcher.show-countries')}
          />
        </div>
        {isItaly(values.statoNascita) && (
          <div className="col-12 col-md-6">
            <TextInputField
              name="comuneNascita"
              label={t('identity-matcher.fields.comuneNascita')}
              value={values.comuneNascita}
              onChange={set('comuneNascita')}
              onBlur={() => leave('comuneNascita')}
              error={error('comuneNascita')}
              isRequired
              autoComplete="off"
              hint={t('identity-matcher.hints.comuneNascita')}
            />
          </div>
        )}
        <div className="col-12 col-md-6">
          <TextInputField
            name="codiceFiscale"
            label={t('identity-matcher.fields.codiceFiscale')}
            value={values.codiceFiscale}
            onChange={set('codiceFiscale')}
            onBlur={() => leave('codiceFiscale')}
            error={error('codiceFiscale')}
            isRequired
            autoComplete="off"
            hint={t('identity-matcher.hints.codiceFiscale')}
          />
        </div>
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
