// Step "notification contacts": how the office reaches the applicant, an e-mail or a certified
// e-mail (PEC) address. Starts from the e-mail the identity gave (never ask twice); every change
// goes to the draft machine (CHANGE), so a reload or a language switch keeps it. "Save draft" and
// "continue" validate, then save: the first save creates the draft (spec §4 "Draft save").
import type { FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { selectUser } from '#machines/auth.ts';
import { NotificationContactType } from '#shared/constants.ts';
import type { NotificationContact } from '#shared/domain.ts';
import { checkContact, type ContactField } from '#shared/validation/enrolment-forms.ts';
import { AuthActor } from '../../app/machines.ts';
import { ErrorSummary, fieldId } from '../../components/form/ErrorSummary.tsx';
import { RadioChoice } from '../../components/form/RadioChoice.tsx';
import { TextInputField } from '../../components/form/TextInputField.tsx';
import { useShownErrors } from '../../components/form/use-shown-errors.ts';
import { useDraftState } from '../../enrolment/use-draft-state.ts';
import { useT } from '../../i18n/use-t.ts';
import { StepActions } from './StepActions.tsx';
import { StepFrame } from './StepFrame.tsx';
import { useStepLocked } from './use-step-locked.ts';

const FIELDS: readonly ContactField[] = ['type', 'value'];
/** The radio group, whose chosen (or first) radio the error summary's link focuses. */
const TYPE_ID = 'field-type';

export function NotificationContactsPage() {
  const t = useT();
  const user = AuthActor.useSelector(selectUser);
  const { draft, change, save } = useDraftState();
  const lock = useStepLocked('notification-contacts');
  const contact: { type: number | null; value: string } = draft?.procedureNotification ?? {
    type: NotificationContactType.EMAIL,
    value: user?.email ?? '',
  };
  const result = checkContact(contact);
  const { shown, submitCount, leave, submitted } = useShownErrors(result.ok ? {} : result.errors);
  const message = (field: ContactField) => (shown[field] ? t(shown[field]) : undefined);

  const valueLabel = t(contact.type === NotificationContactType.PEC ? 'ep.notification-contacts.pec' : 'ep.notification-contacts.email');

  const update = (next: { type: number | null; value: string }) => change({ procedureNotification: next as NotificationContact });

  const submit = (complete: boolean) => {
    submitted();
    if (result.ok) save('notification-contacts', complete, { procedureNotification: result.value });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(true);
  };

  return (
    <StepFrame title={t('pages.notification-contacts.title')} intro={<p>{t('ep.notification-contacts.intro')}</p>}>
      <Form onSubmit={onSubmit} validationBehavior="aria" className="app-step-form" aria-describedby="required-note">
        <ErrorSummary
          submitCount={submitCount}
          errors={FIELDS.filter((field) => shown[field]).map((field) => ({
            target: field === 'type' ? TYPE_ID : fieldId(field),
            message: `${field === 'type' ? t('ep.notification-contacts.type') : valueLabel}: ${message(field)!}`,
          }))}
        />
        <p id="required-note" className="app-required-note">
          {t('ep.required-note')}
        </p>
        <RadioChoice
          name="type"
          label={t('ep.notification-contacts.type')}
          value={contact.type ? String(contact.type) : ''}
          onChange={(value) => update({ ...contact, type: Number(value) })}
          error={message('type')}
          id={TYPE_ID}
          isRequired
          isReadOnly={lock.readOnly}
          options={[
            { value: String(NotificationContactType.EMAIL), label: t('ep.notification-contacts.types.email') },
            { value: String(NotificationContactType.PEC), label: t('ep.notification-contacts.types.pec') },
          ]}
        />
        <TextInputField
          name="value"
          label={valueLabel}
          value={contact.value}
          onChange={(value) => update({ ...contact, value })}
          onBlur={() => leave('value')}
          error={message('value')}
          isRequired
          isReadOnly={lock.readOnly}
          type="email"
          inputMode="email"
          autoComplete="email"
          hint={t('ep.notification-contacts.hint')}
        />
        <StepActions disabled={lock.closed} onSave={() => submit(false)} />
      </Form>
    </StepFrame>
  );
}
