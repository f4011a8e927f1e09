// Accept or reject a sent request with a reason (our decision call, src/shared/api/back-office.ts).
// The reason is required (extended text, 3 to 1000 characters). Success: success alert and the
// details show the decided request; 409 (changed meanwhile): an alert asks to reload it.
import { useState, type FormEvent } from 'react';
import { Button, FieldError, Form, Label, TextArea, TextField } from 'react-aria-components';
import type { SuapRequest } from '../../../shared/api/requests.ts';
import { ModalsActor } from '../../app/machines.ts';
import { RadioChoice } from '../../components/form/RadioChoice.tsx';
import { useT } from '../../i18n/useT.ts';
import { decide, type WriteFailure } from './api.ts';
import { checkDecision, REASON_MAX, REASON_MIN, type DecisionValues, type FieldErrors } from './forms.ts';
import { decisionFailed, decisionSucceeded } from './outcomes.ts';

const SUBMIT_ID = 'decision-submit';

interface Props {
  request: SuapRequest;
  onDecided: (request: SuapRequest) => void;
  onReload: () => void;
}

export function DecisionForm({ request, onDecided, onReload }: Props) {
  const t = useT();
  const modals = ModalsActor.useActorRef();
  const [values, setValues] = useState<DecisionValues>({ outcome: '', reason: '' });
  const [errors, setErrors] = useState<FieldErrors<'outcome' | 'reason'>>({});
  const [busy, setBusy] = useState(false);
  const [stale, setStale] = useState(false);
  const bounds = { min: REASON_MIN, max: REASON_MAX };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = checkDecision(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = checked.errors.outcome ? 'outcome' : 'reason';
      form.querySelector<HTMLElement>(first === 'outcome' ? '[name="outcome"]' : '[name="reason"]')?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const decided = await decide(request.requestId, { ...checked.value, version: request.version });
      modals.send({ type: 'OPEN', modal: { ...decisionSucceeded(decided), openerId: 'bo-request-title' } });
      onDecided(decided);
    } catch (failure) {
      const reason = failure as WriteFailure;
      if (reason.status === 409) setStale(true);
      modals.send({ type: 'OPEN', modal: { ...decisionFailed(reason), openerId: SUBMIT_ID } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="app-details-part" aria-labelledby="decision-title">
      <h2 id="decision-title">{t('bo.decision.title')}</h2>
      <Form onSubmit={(event) => void submit(event)} validationBehavior="aria" className="app-decision-form">
        <RadioChoice
          name="outcome"
          label={t('bo.decision.outcome')}
          value={values.outcome}
          onChange={(outcome) => setValues((current) => ({ ...current, outcome: outcome as DecisionValues['outcome'] }))}
          error={errors.outcome ? t(errors.outcome) : undefined}
          isRequired
          options={[
            { value: 'accept', label: t('bo.decision.accept') },
            { value: 'reject', label: t('bo.decision.reject') },
          ]}
        />
        <TextField
          name="reason"
          value={values.reason}
          onChange={(reason) => setValues((current) => ({ ...current, reason }))}
          isInvalid={Boolean(errors.reason)}
          isRequired
          validationBehavior="aria"
          className="form-group app-field"
        >
          <Label className="active">
            {t('bo.decision.reason')}
            <span aria-hidden="true"> *</span>
          </Label>
          <TextArea className={`form-control${errors.reason ? ' is-invalid' : ''}`} rows={4} maxLength={REASON_MAX} />
          <FieldError className="app-field-error">{errors.reason ? t(errors.reason, bounds) : null}</FieldError>
        </TextField>
        <div className="app-actions-row">
          <Button id={SUBMIT_ID} type="submit" className="btn btn-primary" isDisabled={busy}>
            {t('bo.decision.submit')}
          </Button>
          {stale && (
            <Button className="btn btn-outline-primary" onPress={onReload}>
              {t('bo.details.reload')}
            </Button>
          )}
        </div>
      </Form>
    </section>
  );
}
