// The staff member form of user create and user modify (docs/architecture.md "The clerks' desk"), driven by
// machines/back-office/staff-form.ts: it renders the machine's values and errors and sends its events
// (editing → submitting → done | fieldErrors | stale | failed). A wrong field — the form's own check,
// the fiscal code's check character included, or the server's refusal mapped from its errorKey —
// shows its message under the field and takes focus. Editing oneself, the active switch and the
// profile are not offered. Cancel with unsaved edits asks first (a modal of the modals machine).
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Checkbox, Form } from 'react-aria-components';
import { useNavigate } from 'react-router-dom';
import { staffFormMachine } from '#machines/back-office/staff-form.ts';
import { isDirty } from '#machines/back-office/rules.ts';
import { Role } from '#shared/constants.ts';
import type { User } from '#shared/domain.ts';
import { STAFF_FIELDS, STAFF_PROFILES, type StaffField, type StaffValues } from '#shared/validation/back-office-forms.ts';
import { saveStaffActor } from '../../actors/back-office.ts';
import { ModalsActor } from '../../app/machines.ts';
import { useKeptForm } from '../../auth/use-kept-form.ts';
import { RadioChoice } from '../../components/form/RadioChoice.tsx';
import { TextInputField } from '../../components/form/TextInputField.tsx';
import type { MessageKey } from '../../i18n/messages.ts';
import { useT } from '../../i18n/use-t.ts';
import { DISCARD_EDITS_MODAL_ID, discardEditsModal, DiscardEditsActions } from './modals.tsx';
import { staffWriteFailed } from './outcomes.ts';
import { useProfileLabel } from './use-profile-label.ts';

interface Props {
  initial: StaffValues;
  /** Modify: the staff member's id; create: absent. */
  userId?: number;
  /** The record is the signed-in administrator's own. */
  isSelf?: boolean;
  submitLabel: string;
  /** Where Cancel leads. */
  cancelTo: string;
  onSaved: (user: User) => void;
  /** The record changed or went away meanwhile: the page loads it again. */
  onReload?: () => void;
}

export const STAFF_SUBMIT_ID = 'staff-form-submit';
export const STAFF_CANCEL_ID = 'staff-form-cancel';

export function StaffForm({ initial, userId, isSelf = false, submitLabel, cancelTo, onSaved, onReload }: Props) {
  const t = useT();
  const navigate = useNavigate();
  const modals = ModalsActor.useActorRef();
  const profileLabel = useProfileLabel();
  const [logic] = useState(() => staffFormMachine.provide({ actors: { saveStaff: saveStaffActor } }));
  const actor = useActorRef(logic, { input: { ...(userId !== undefined ? { userId } : {}), initial, isSelf } });
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const failure = useSelector(actor, (s) => s.context.failure);
  const state = useSelector(actor, (s) => s.value as string);
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  // Typed but not saved: kept across the idle sign-out for the same administrator (src/web/auth/use-kept-form.ts).
  const unsaved = state !== 'done' && isDirty(values, initial) ? values : null;
  useKeptForm<StaffValues>(`staff:${userId ?? 'new'}`, unsaved, (kept) => {
    for (const field of Object.keys(kept) as (keyof StaffValues)[]) {
      if (kept[field] !== values[field]) actor.send({ type: 'CHANGE', field, value: kept[field] });
    }
  });

  useEffect(() => {
    const subscriptions = [actor.on('saved', (event) => onSaved(event.user)), actor.on('left', () => void navigate(cancelTo))];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, onSaved, navigate, cancelTo]);

  useEffect(() => {
    // The modal's buttons answer the machine's question; closing it otherwise is "keep editing".
    const subscriptions = [
      modals.on('modalAction', ({ modalId, action }) => {
        if (modalId === DISCARD_EDITS_MODAL_ID) actor.send({ type: action === DiscardEditsActions.discard ? 'DISCARD' : 'KEEP_EDITING' });
      }),
      modals.on('modalClosed', ({ modalId, reason }) => {
        if (modalId === DISCARD_EDITS_MODAL_ID && reason !== 'action') actor.send({ type: 'KEEP_EDITING' });
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [modals, actor]);

  useEffect(() => {
    if (state === 'confirmingCancel') modals.send({ type: 'OPEN', modal: discardEditsModal(STAFF_CANCEL_ID) });
  }, [state, modals]);

  useEffect(() => {
    // No answer or a server failure: nothing saved; the modal names the kind of failure.
    if (state === 'failed' && failure) modals.send({ type: 'OPEN', modal: { ...staffWriteFailed(failure, userId !== undefined), openerId: STAFF_SUBMIT_ID } });
  }, [state, failure, modals, userId]);

  useEffect(() => {
    // A wrong field (the form's check or the server's refusal) takes focus, the first one in order.
    if (state !== 'fieldErrors') return;
    const first = STAFF_FIELDS.find((field) => errors[field]);
    if (first) form?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [state, errors, form]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'SUBMIT' });
  };
  const change = (field: keyof StaffValues) => (value: string | boolean) => actor.send({ type: 'CHANGE', field, value });
  const error = (field: StaffField) => (errors[field] ? t(errors[field] as MessageKey) : undefined);
  const busy = state === 'submitting';
  // No field changes while the record is on its way, nor once it changed meanwhile (reload it).
  const locked = busy || state === 'stale';

  return (
    <Form ref={setForm} onSubmit={submit} validationBehavior="aria" className="app-staff-form">
      <p>{t('bo.users.required-note')}</p>
      <div className="row">
        <div className="col-12 col-md-6">
          <TextInputField
            name="firstName"
            label={t('bo.users.fields.first-name')}
            value={values.firstName}
            onChange={change('firstName')}
            error={error('firstName')}
            isRequired
            isReadOnly={locked}
            autoComplete="off"
          />
        </div>
        <div className="col-12 col-md-6">
          <TextInputField
            name="lastName"
            label={t('bo.users.fields.last-name')}
            value={values.lastName}
            onChange={change('lastName')}
            error={error('lastName')}
            isRequired
            isReadOnly={locked}
            autoComplete="off"
          />
        </div>
        <div className="col-12 col-md-6">
          <TextInputField
            name="fiscalCode"
            label={t('bo.users.fields.fiscal-code')}
            value={values.fiscalCode}
            onChange={change('fiscalCode')}
            error={error('fiscalCode')}
            hint={t('bo.users.hints.fiscal-code')}
            isRequired
            isReadOnly={locked}
            autoComplete="off"
          />
        </div>
        <div className="col-12 col-md-6">
          <TextInputField
            name="email"
            label={t('bo.users.fields.email')}
            value={values.email}
            onChange={change('email')}
            error={error('email')}
            isRequired
            isReadOnly={locked}
            autoComplete="off"
          />
        </div>
        {isSelf ? (
          <div className="col-12">
            <p className="mb-1">
              <strong>{t('bo.users.fields.profile')}:</strong> {profileLabel({ profileId: Number(values.profileId) || Role.BO_ADMIN })}
            </p>
            <p className="form-text">{t('bo.users.self-note')}</p>
            {(errors.profileId || errors.active) && <p className="app-field-error">{error('profileId') ?? error('active')}</p>}
          </div>
        ) : (
          <>
            <div className="col-12 col-md-6">
              <RadioChoice
                name="profileId"
                label={t('bo.users.fields.profile')}
                value={values.profileId}
                onChange={change('profileId')}
                error={error('profileId')}
                isRequired
                isReadOnly={locked}
                options={STAFF_PROFILES.map((profileId) => ({ value: profileId, label: profileLabel({ profileId: Number(profileId) }) }))}
              />
            </div>
            {userId !== undefined && (
              <div className="col-12 col-md-6">
                <Checkbox name="active" className="app-checkbox" isSelected={values.active} isReadOnly={locked} onChange={change('active')}>
                  {t('bo.users.fields.active')}
                </Checkbox>
                {errors.active && <p className="app-field-error">{error('active')}</p>}
              </div>
            )}
          </>
        )}
      </div>
      {state === 'stale' && (
        <div className="callout warning" role="alert">
          <div className="callout-inner">
            <p className="mb-2">{t('bo.users.stale')}</p>
            {onReload && (
              <Button className="btn btn-outline-primary btn-sm" onPress={onReload}>
                {t('bo.users.reload')}
              </Button>
            )}
          </div>
        </div>
      )}
      <div className="app-form-actions">
        <Button id={STAFF_CANCEL_ID} className="btn btn-outline-primary" onPress={() => actor.send({ type: 'CANCEL' })} isDisabled={busy || state === 'stale'}>
          {t('bo.users.cancel')}
        </Button>
        <Button id={STAFF_SUBMIT_ID} type="submit" className="btn btn-primary" isDisabled={busy || state === 'stale'}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
