// The dialog of one action on a pratica (docs/architecture.md "The pratica's lifecycle"), driven by
// machines/back-office/pratica-action.ts: react-aria's modal with Bootstrap Italia's classes, like
// the modal host's. It shows what the event asks — nothing but a confirmation to take a pratica in
// charge, the colleague of an assignment, the proposed outcome, the note an act needs — renders the
// machine's values and errors and sends its events. The machine's emitted `moved`, `refused` and
// `cancelled` reach the panel that opened it, which closes it. What was typed is reported for the
// idle sign-out (src/web/auth/use-kept-form.ts, through the panel).
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Dialog, FieldError, Form, Heading, Label, Modal, ModalOverlay, Text, TextArea, TextField } from 'react-aria-components';
import { praticaActionMachine } from '#machines/back-office/pratica-action.ts';
import type { ApiFailure } from '#shared/api/failure.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import { OUTCOMES, type StaffEventType } from '#shared/pratica.ts';
import { eventForm, NOTE_MAX, NOTE_MIN, type EventValues } from '#shared/validation/back-office-forms.ts';
import { praticaActionActors } from '../../actors/back-office.ts';
import { Icon } from '../../components/Icon.tsx';
import { RadioChoice } from '../../components/form/RadioChoice.tsx';
import type { MessageKey } from '../../i18n/messages.ts';
import { useT } from '../../i18n/use-t.ts';
import { failureMessageId } from './outcomes.ts';

/** An action being typed: what the idle sign-out keeps and gives back. */
export interface TypedAction {
  type: StaffEventType;
  values: EventValues;
}

interface Props {
  request: Pick<SuapRequest, 'requestId' | 'version'>;
  type: StaffEventType;
  /** Values given back after an idle sign-out. */
  initial: Partial<EventValues> | null;
  onTyped: (typed: TypedAction | null) => void;
  onMoved: (request: SuapRequest) => void;
  onRefused: (failure: ApiFailure) => void;
  onClose: () => void;
}

/** The note's label: what is asked of the applicant, the answer received, or the act's reasons. */
const NOTE_LABELS: Partial<Record<StaffEventType, MessageKey>> = {
  REQUEST_CORRECTION: 'bo.pratica.note.correction',
  REQUEST_INTEGRATION: 'bo.pratica.note.integration',
  RECORD_ANSWER: 'bo.pratica.note.answer',
  PROPOSE_OUTCOME: 'bo.pratica.note.optional',
};

const EDITABLE = ['editing', 'fieldErrors', 'failed'];
const CLOSED = ['done', 'refused', 'cancelled'];
const hasTyped = (values: EventValues) => values.note !== '' || values.assigneeId !== '' || values.outcome !== '';

export function PraticaActionDialog({ request, type, initial, onTyped, onMoved, onRefused, onClose }: Props) {
  const t = useT();
  const [logic] = useState(() => praticaActionMachine.provide({ actors: praticaActionActors }));
  const actor = useActorRef(logic, { input: { requestId: request.requestId, version: request.version, type, ...(initial ? { values: initial } : {}) } });
  const state = useSelector(actor, (s) => s.value as string);
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const colleagues = useSelector(actor, (s) => s.context.colleagues);
  const failure = useSelector(actor, (s) => s.context.failure);
  const form = eventForm(type);
  const editable = EDITABLE.includes(state);
  const busy = state === 'submitting';
  const action = t(`bo.pratica.action.${type}` as MessageKey);
  const bounds = { min: NOTE_MIN, max: NOTE_MAX };
  const error = (field: keyof EventValues) => (errors[field] ? t(errors[field] as MessageKey, bounds) : undefined);
  // A refusal on a field this form does not show (taking in charge has none) is said in the dialog itself.
  const shown: Record<keyof EventValues, boolean> = { note: form.note !== null, assigneeId: form.assignee, outcome: form.outcome };
  const orphans = (Object.keys(errors) as (keyof EventValues)[]).filter((field) => !shown[field]);

  useEffect(() => {
    const subscriptions = [
      actor.on('moved', (event) => onMoved(event.request)),
      actor.on('refused', (event) => onRefused(event.failure)),
      actor.on('cancelled', onClose),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, onMoved, onRefused, onClose]);
  useEffect(() => {
    onTyped(!CLOSED.includes(state) && hasTyped(values) ? { type, values } : null);
  }, [onTyped, state, type, values]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'SUBMIT' });
  };
  const cancel = () => actor.send({ type: 'CANCEL' });

  return (
    <ModalOverlay
      isOpen
      // Typed text is not dropped by a stray click beside the dialog; Escape cancels, as the buttons do.
      isDismissable={false}
      isKeyboardDismissDisabled={busy}
      onOpenChange={(open) => {
        if (!open) cancel();
      }}
      className="modal app-modal"
    >
      <Modal className="modal-dialog modal-dialog-centered app-modal-dialog">
        <Dialog className="modal-content" data-pratica-action={type}>
          <Form onSubmit={submit} validationBehavior="aria">
            <div className="modal-header">
              <Heading slot="title" level={2} className="modal-title h5">
                {t('bo.pratica.dialog-title', { action, id: request.requestId })}
              </Heading>
              <Button className="app-modal-close" aria-label={t('modals.close')} isDisabled={busy} onPress={cancel}>
                <Icon name="close" />
              </Button>
            </div>
            <div className="modal-body app-pratica-dialog">
              <p>{t(`bo.pratica.explain.${type}` as MessageKey)}</p>
              {state === 'loadingColleagues' && <p role="status">{t('bo.pratica.colleagues.loading')}</p>}
              {state === 'colleaguesFailed' && (
                <div role="alert" className="app-actions-row">
                  <p className="mb-0">{t('bo.pratica.colleagues.failed')}</p>
                  <Button className="btn btn-outline-primary btn-sm" onPress={() => actor.send({ type: 'RETRY' })}>
                    {t('bo.pratica.colleagues.retry')}
                  </Button>
                </div>
              )}
              {form.assignee && !['loadingColleagues', 'colleaguesFailed'].includes(state) && (
                <div className="form-group app-field">
                  <label htmlFor="pratica-assignee" className="active app-label-above">
                    {t('bo.pratica.assignee')}
                    <span aria-hidden="true"> *</span>
                  </label>
                  <select
                    id="pratica-assignee"
                    className={`form-select${errors.assigneeId ? ' is-invalid' : ''}`}
                    value={values.assigneeId}
                    disabled={!editable}
                    required
                    aria-invalid={Boolean(errors.assigneeId)}
                    aria-describedby={errors.assigneeId ? 'pratica-assignee-error' : undefined}
                    onChange={(event) => actor.send({ type: 'SET_ASSIGNEE', assigneeId: event.target.value })}
                  >
                    <option value="">{t(colleagues.length ? 'bo.pratica.assignee-choose' : 'bo.pratica.assignee-none')}</option>
                    {colleagues.map((colleague) => (
                      <option key={colleague.userId} value={String(colleague.userId)}>
                        {`${colleague.firstName} ${colleague.lastName}`}
                      </option>
                    ))}
                  </select>
                  {errors.assigneeId && (
                    <p id="pratica-assignee-error" className="app-field-error">
                      {error('assigneeId')}
                    </p>
                  )}
                </div>
              )}
              {form.outcome && (
                <RadioChoice
                  name="outcome"
                  label={t('bo.pratica.proposal')}
                  value={values.outcome}
                  onChange={(outcome) => actor.send({ type: 'SET_OUTCOME', outcome: outcome as EventValues['outcome'] })}
                  error={error('outcome')}
                  isRequired
                  isReadOnly={!editable}
                  options={OUTCOMES.map((outcome) => ({ value: outcome, label: t(`bo.pratica.outcome.${outcome}`) }))}
                />
              )}
              {form.note && (
                <TextField
                  name="note"
                  value={values.note}
                  onChange={(note) => actor.send({ type: 'SET_NOTE', note })}
                  isInvalid={Boolean(errors.note)}
                  isRequired={form.note === 'required'}
                  isReadOnly={!editable}
                  validationBehavior="aria"
                  className="form-group app-field"
                >
                  <Label className="active">
                    {t(NOTE_LABELS[type] ?? 'bo.pratica.note.reason')}
                    {form.note === 'required' && <span aria-hidden="true"> *</span>}
                  </Label>
                  <TextArea className={`form-control${errors.note ? ' is-invalid' : ''}`} rows={5} maxLength={NOTE_MAX} />
                  <Text slot="description" className="form-text">
                    {t('bo.pratica.note-hint', bounds)} {values.note.length}/{NOTE_MAX}
                  </Text>
                  <FieldError className="app-field-error">{error('note') ?? null}</FieldError>
                </TextField>
              )}
              {orphans.map((field) => (
                <p key={field} className="app-field-error" role="alert">
                  {error(field)}
                </p>
              ))}
              {state === 'failed' && (
                <p className="app-field-error" role="alert">
                  {t(((failure && failureMessageId(failure)) ?? 'bo.pratica.error.description') as MessageKey)}
                </p>
              )}
            </div>
            <div className="modal-footer">
              <Button className="btn btn-outline-primary btn-sm" isDisabled={busy} onPress={cancel}>
                {t('bo.pratica.cancel')}
              </Button>
              {/* Marked unavailable, not disabled, while it is sent: a disabled button drops the keyboard's focus to the page
                  (the machine ignores a second SUBMIT). Not isPending either: its announcement outlives the closed dialog. */}
              <Button type="submit" className="btn btn-primary btn-sm" isDisabled={!editable && !busy} aria-disabled={busy || undefined}>
                {action}
              </Button>
            </div>
          </Form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
