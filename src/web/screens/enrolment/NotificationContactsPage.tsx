// Step "notification contacts": how the office reaches the applicant, an e-mail or a certified
// e-mail (PEC) address. Starts from the e-mail the identity gave (never ask twice); every change
// goes to the draft machine (CHANGE), so a reload or a language switch keeps it. "Save draft" and
// "continue" validate, then save: the first save creates the draft (spec §4 "Draft save").
import { useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { selectUser } from '../../../../machines/auth.ts';
import { NotificationContactType } from '../../../shared/constants.ts';
import type { NotificationContact } from '../../../shared/domain.ts';
import { AuthActor } from '../../app/machines.ts';
import { RadioChoice } from '../../components/form/RadioChoice.tsx';
import { TextInputField } from '../../components/form/TextInputField.tsx';
import { validateContact, type ContactField, type Errors } from '../../enrolment/forms.ts';
import { useDraftState } from '../../enrolment/useDraftState.ts';
import { useT } from '../../i18n/useT.ts';
import { focusFirstInvalid, StepActions } from './StepActions.tsx';
import { StepFrame } from './StepFrame.tsx';

const FIELDS: readonly ContactField[] = ['type', 'value'];

export function NotificationContactsPage() {
  const t = useT();
  const user = AuthActor.useSelector(selectUser);
  const { draft, busy, change, save } = useDraftState();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Errors<ContactField>>({});
  const [tried, setTried] = useState(false);
  const contact: { type: number | null; value: string } = draft?.procedureNotification ?? {
    type: NotificationContactType.EMAIL,
    value: user?.email ?? '',
  };

  const update = (next: { type: number | null; value: string }) => {
    change({ procedureNotification: next as NotificationContact });
    if (tried) {
      const result = validateContact(next);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  const submit = (complete: boolean) => {
    setTried(true);
    const result = validateContact(contact);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(form.current, FIELDS, result.errors);
      return;
    }
    setErrors({});
    save('notification-contacts', complete, { procedureNotification: result.value });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(true);
  };

  return (
    <StepFrame title={t('pages.notification-contacts.title')} intro={<p>{t('ep.notification-contacts.intro')}</p>}>
      <Form ref={form} onSubmit={onSubmit} validationBehavior="aria" className="app-step-form" aria-describedby="required-note">
        <p id="required-note" className="app-required-note">{t('ep.required-note')}</p>
        <RadioChoice
          name="type"
          label={t('ep.notification-contacts.type')}
          value={contact.type ? String(contact.type) : ''}
          onChange={(value) => update({ ...contact, type: Number(value) })}
          error={errors.type ? t(errors.type) : undefined}
          isRequired
          options={[
            { value: String(NotificationContactType.EMAIL), label: t('ep.notification-contacts.types.email') },
            { value: String(NotificationContactType.PEC), label: t('ep.notification-contacts.types.pec') },
          ]}
        />
        <TextInputField
          name="value"
          label={t(contact.type === NotificationContactType.PEC ? 'ep.notification-contacts.pec' : 'ep.notification-contacts.email')}
          value={contact.value}
          onChange={(value) => update({ ...contact, value })}
          error={errors.value ? t(errors.value) : undefined}
          isRequired
          autoComplete="email"
          hint={t('ep.notification-contacts.hint')}
        />
        <StepActions busy={busy} onSave={() => submit(false)} />
      </Form>
    </StepFrame>
  );
}
