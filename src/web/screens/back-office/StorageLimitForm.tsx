// A draft's storage limit (docs/architecture.md "The clerks' desk", spec §7 updateDraftStorageLimit), driven by
// machines/back-office/storage-limit.ts: a calendar day (Europe/Rome) picked in a date input that
// offers only the range the server gives (tomorrow to the retention maximum); the day picked is the
// day stored and shown. Success is announced by the page's status message; each change is listed
// with who made it, from which day and to which.
import { useActorRef, useSelector } from '@xstate/react';
import { useKeptForm } from '../../auth/use-kept-form.ts';
import { useEffect, useState, type FormEvent } from 'react';
import { Button, FieldError, Form, Input, Label, Text, TextField } from 'react-aria-components';
import { storageLimitMachine } from '#machines/back-office/storage-limit.ts';
import type { StorageLimitChange } from '#shared/api/back-office.ts';
import { type DayRange, formatCalendarDay } from '#shared/dates.ts';
import { useT } from '../../i18n/use-t.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import { formatDateTime } from '../../lists/dates.ts';
import { saveStorageLimitActor } from '../../actors/back-office.ts';
import { failureMessageId } from './outcomes.ts';

interface Props {
  requestId: number;
  current: string | null;
  range: DayRange;
  changes: readonly StorageLimitChange[];
  /** The day was stored: the page announces it and reloads the request. */
  onSaved: (day: string) => void;
  onStale: () => void;
}

export function StorageLimitForm({ requestId, current, range, changes, onSaved, onStale }: Props) {
  const t = useT();
  const [logic] = useState(() => storageLimitMachine.provide({ actors: { saveStorageLimit: saveStorageLimitActor } }));
  const actor = useActorRef(logic, { input: { requestId, current, range } });
  const day = useSelector(actor, (s) => s.context.day);
  const error = useSelector(actor, (s) => s.context.errors.storageLimit);
  const busy = useSelector(actor, (s) => s.matches('submitting'));
  const stale = useSelector(actor, (s) => s.matches('stale'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const failure = useSelector(actor, (s) => s.context.failure);
  const saved = useSelector(actor, (s) => s.matches('done'));
  // Typed but not saved: kept across the idle sign-out for the same clerk (src/web/auth/use-kept-form.ts).
  useKeptForm<string>(`storage-limit:${requestId}`, !saved && day !== (current ?? '') ? day : null, (kept) => actor.send({ type: 'SET_DAY', day: kept }));

  useEffect(() => {
    const subscription = actor.on('saved', (event) => onSaved(event.day));
    return () => subscription.unsubscribe();
  }, [actor, onSaved]);
  useEffect(() => {
    if (stale) onStale();
  }, [stale, onStale]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'SUBMIT' });
  };
  const values = { from: formatCalendarDay(range.from), to: formatCalendarDay(range.to), date: formatCalendarDay(range.to) };

  return (
    <>
      <Form onSubmit={submit} validationBehavior="aria" className="app-storage-limit-form">
        <TextField
          name="storageLimit"
          value={day}
          onChange={(next) => actor.send({ type: 'SET_DAY', day: next })}
          isInvalid={Boolean(error)}
          isRequired
          // No day is taken while one is on its way, nor once the request is no longer a draft.
          isReadOnly={busy || stale}
          validationBehavior="aria"
          className="form-group app-field"
        >
          <Label className="active">
            {t('bo.storage-limit.label')}
            <span aria-hidden="true"> *</span>
          </Label>
          <Input type="date" min={range.from} max={range.to} className={`form-control${error ? ' is-invalid' : ''}`} />
          <Text slot="description" className="form-text">
            {t('bo.storage-limit.range', values)}
          </Text>
          <FieldError className="app-field-error">{error ? t(error as MessageKey, values) : null}</FieldError>
        </TextField>
        {failed && (
          <p className="app-field-error" role="alert">
            {t(((failure && failureMessageId(failure)) ?? 'bo.details.failed') as MessageKey)}
          </p>
        )}
        <Button type="submit" className="btn btn-outline-primary" isDisabled={busy || stale}>
          {t('bo.storage-limit.submit')}
        </Button>
      </Form>
      {changes.length > 0 && (
        <section aria-labelledby={`storage-limit-history-${requestId}`} className="app-storage-limit-history">
          <h3 id={`storage-limit-history-${requestId}`} className="h6">
            {t('bo.storage-limit.history')}
          </h3>
          <ul>
            {changes.map((change, index) => (
              <li key={`${change.at}-${index}`}>
                {t('bo.storage-limit.change', {
                  at: formatDateTime(change.at),
                  from: change.from ? formatCalendarDay(change.from) : t('bo.storage-limit.none'),
                  to: formatCalendarDay(change.to),
                  who: change.actorName ?? '—',
                })}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
