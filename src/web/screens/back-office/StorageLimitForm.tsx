// A draft's storage limit (spec §7 updateDraftStorageLimit): the day after which the retention sweep
// deletes it, editable by staff with a date input; it must be after today.
import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import type { SuapRequest } from '../../../shared/api/requests.ts';
import { ModalsActor } from '../../app/machines.ts';
import { TextInputField } from '../../components/form/TextInputField.tsx';
import { useT } from '../../i18n/useT.ts';
import { formatDate, isoDay } from '../../lists/dates.ts';
import { setStorageLimit, type WriteFailure } from './api.ts';
import { checkStorageLimit, type FieldErrors } from './forms.ts';
import { storageLimitFailed, storageLimitSaved } from './outcomes.ts';

const SUBMIT_ID = 'storage-limit-submit';

export function StorageLimitForm({ request, onSaved }: { request: SuapRequest; onSaved: () => void }) {
  const t = useT();
  const modals = ModalsActor.useActorRef();
  const [day, setDay] = useState(request.storageLimit ? isoDay(new Date(request.storageLimit)) : '');
  const [errors, setErrors] = useState<FieldErrors<'storageLimit'>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = checkStorageLimit(day, isoDay(new Date()));
    if (!checked.ok) {
      setErrors(checked.errors);
      form.querySelector<HTMLElement>('[name="storageLimit"]')?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await setStorageLimit(request.requestId, checked.value);
      modals.send({ type: 'OPEN', modal: { ...storageLimitSaved(formatDate(saved)), openerId: SUBMIT_ID } });
      onSaved();
    } catch (failure) {
      modals.send({ type: 'OPEN', modal: { ...storageLimitFailed(failure as WriteFailure), openerId: SUBMIT_ID } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={(event) => void submit(event)} validationBehavior="aria" className="app-storage-limit-form">
      <TextInputField
        name="storageLimit"
        type="date"
        label={t('bo.storage-limit.label')}
        value={day}
        onChange={setDay}
        error={errors.storageLimit ? t(errors.storageLimit) : undefined}
        hint={t('bo.storage-limit.hint')}
        isRequired
      />
      <Button id={SUBMIT_ID} type="submit" className="btn btn-outline-primary" isDisabled={busy}>
        {t('bo.storage-limit.submit')}
      </Button>
    </Form>
  );
}
