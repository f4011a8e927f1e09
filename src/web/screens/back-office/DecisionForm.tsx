// Accept or reject a sent request (docs/architecture.md "The clerks' desk"), driven by machines/back-office/decision.ts: the
// outcome and a reason of several lines (real punctuation, 3 to 1000 characters); a complete form
// first asks for confirmation naming the outcome, then sends. Success is announced by the page's
// status message; a request changed meanwhile asks for a reload. Shown below the request it decides.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, FieldError, Form, Label, Text, TextArea, TextField } from 'react-aria-components';
import { decisionMachine } from '#machines/back-office/decision.ts';
import { REASON_MAX, REASON_MIN, type DecisionValues } from '#shared/validation/back-office-forms.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import { RadioChoice } from '../../components/form/RadioChoice.tsx';
import { useT } from '../../i18n/use-t.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import { decideActor } from '../../actors/back-office.ts';
import { useKeptForm } from '../../auth/use-kept-form.ts';
import { failureMessageId } from './outcomes.ts';

interface Props {
  request: SuapRequest;
  onDecided: (request: SuapRequest) => void;
  onReload: () => void;
}

export function DecisionForm({ request, onDecided, onReload }: Props) {
  const t = useT();
  const [logic] = useState(() => decisionMachine.provide({ actors: { decide: decideActor } }));
  const actor = useActorRef(logic, { input: { requestId: request.requestId, version: request.version } });
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const state = useSelector(actor, (s) => s.value as string);
  const failure = useSelector(actor, (s) => s.context.failure);
  const confirmRef = useRef<HTMLDivElement>(null);
  const bounds = { min: REASON_MIN, max: REASON_MAX };
  // Typed but not sent: kept across the idle sign-out for the same clerk (src/web/auth/use-kept-form.ts).
  const unsent = state !== 'done' && (values.outcome !== '' || values.reason !== '') ? values : null;
  useKeptForm<DecisionValues>(`decision:${request.requestId}`, unsent, (kept) => {
    if (kept.outcome) actor.send({ type: 'SET_OUTCOME', outcome: kept.outcome });
    if (kept.reason) actor.send({ type: 'SET_REASON', reason: kept.reason });
  });

  useEffect(() => {
    const subscription = actor.on('decided', (event) => onDecided(event.request));
    return () => subscription.unsubscribe();
  }, [actor, onDecided]);
  useEffect(() => {
    // The confirmation takes focus, so a keyboard user answers it at once.
    if (state === 'confirming') confirmRef.current?.focus();
  }, [state]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'SUBMIT' });
  };
  const outcome = values.outcome === 'accept' ? 'accept' : 'reject';
  // The outcome and the reason change only where the machine takes them (not while confirming or sending).
  const editable = state === 'editing' || state === 'fieldErrors' || state === 'failed';

  return (
    <section className="app-details-part" aria-labelledby="decision-title">
      <h2 id="decision-title">{t('bo.decision.title')}</h2>
      <Form onSubmit={submit} validationBehavior="aria" className="app-decision-form">
        <RadioChoice
          name="outcome"
          label={t('bo.decision.outcome')}
          value={values.outcome}
          onChange={(next) => actor.send({ type: 'SET_OUTCOME', outcome: next as DecisionValues['outcome'] })}
          error={errors.outcome ? t(errors.outcome as MessageKey) : undefined}
          isRequired
          isReadOnly={!editable}
          options={[
            { value: 'accept', label: t('bo.decision.accept') },
            { value: 'reject', label: t('bo.decision.reject') },
          ]}
        />
        <TextField
          name="reason"
          value={values.reason}
          onChange={(reason) => actor.send({ type: 'SET_REASON', reason })}
          isInvalid={Boolean(errors.reason)}
          isRequired
          isReadOnly={!editable}
          validationBehavior="aria"
          className="form-group app-field"
        >
          <Label className="active">
            {t('bo.decision.reason')}
            <span aria-hidden="true"> *</span>
          </Label>
          <TextArea className={`form-control${errors.reason ? ' is-invalid' : ''}`} rows={5} maxLength={REASON_MAX} />
          <Text slot="description" className="form-text">
            {t('bo.decision.reason-hint', bounds)} {values.reason.length}/{REASON_MAX}
          </Text>
          <FieldError className="app-field-error">{errors.reason ? t(errors.reason as MessageKey, bounds) : null}</FieldError>
        </TextField>
        {state === 'confirming' ? (
          <div ref={confirmRef} tabIndex={-1} role="group" aria-labelledby="decision-confirm-title" className="app-decision-confirm callout">
            <p id="decision-confirm-title" className="fw-semibold mb-1">
              {t(outcome === 'accept' ? 'bo.decision.confirm-accept' : 'bo.decision.confirm-reject', { id: request.requestId })}
            </p>
            <p>{t('bo.decision.confirm-description')}</p>
            <div className="app-actions-row">
              <Button className="btn btn-primary" onPress={() => actor.send({ type: 'CONFIRM' })}>
                {t(outcome === 'accept' ? 'bo.decision.confirm-yes-accept' : 'bo.decision.confirm-yes-reject')}
              </Button>
              <Button className="btn btn-outline-primary" onPress={() => actor.send({ type: 'CANCEL' })}>
                {t('bo.decision.confirm-no')}
              </Button>
            </div>
          </div>
        ) : (
          <div className="app-actions-row">
            <Button type="submit" className="btn btn-primary" isDisabled={state === 'submitting' || state === 'stale'}>
              {t('bo.decision.submit')}
            </Button>
          </div>
        )}
        {state === 'stale' && (
          <div className="app-actions-row">
            <p className="mb-0">{t('bo.details.stale')}</p>
            <Button className="btn btn-outline-primary" onPress={onReload}>
              {t('bo.details.reload')}
            </Button>
          </div>
        )}
        {state === 'failed' && (
          <p className="app-field-error" role="alert">
            {t(((failure && failureMessageId(failure)) ?? 'bo.details.failed') as MessageKey)}
          </p>
        )}
      </Form>
    </section>
  );
}
