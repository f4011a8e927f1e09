// The confirmation of a pratica's withdrawal (docs/architecture.md "The pratica's lifecycle"),
// driven by machines/pratica-withdrawal.ts: react-aria's modal with Bootstrap Italia's classes, like
// the modal host's. It asks "withdraw the pratica n. …?", says what that means, offers an optional
// note for the office, and shows why a withdrawal did not go through. It renders the machine's state
// and sends its events; focus is kept inside while it is open (react-aria) and the page decides
// where it goes when it closes (RequestDetailsPage.tsx).
import type { FormEvent } from 'react';
import { Button, Dialog, FieldError, Form, Heading, Label, Modal, ModalOverlay, Text, TextArea, TextField } from 'react-aria-components';
import { EVENT_NOTE } from '#shared/pratica.ts';
import { Icon } from '../../components/Icon.tsx';
import type { MessageKey } from '../../i18n/messages.ts';
import { useT } from '../../i18n/use-t.ts';

export type WithdrawDialogState = 'confirming' | 'withdrawing' | 'refused' | 'failed';

interface Props {
  requestId: number;
  state: WithdrawDialogState;
  note: string;
  noteError: string | null;
  failure: string | null;
  onNote: (note: string) => void;
  onConfirm: () => void;
  onCancel: () => void;
}

export const WITHDRAW_DESCRIPTION_ID = 'withdraw-dialog-description';

export function WithdrawDialog({ requestId, state, note, noteError, failure, onNote, onConfirm, onCancel }: Props) {
  const t = useT();
  const busy = state === 'withdrawing';
  const refused = state === 'refused';
  const bounds = { min: EVENT_NOTE.minLength, max: EVENT_NOTE.maxLength };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onConfirm();
  };
  return (
    <ModalOverlay
      isOpen
      // A note being typed is not dropped by a stray click beside the dialog; Escape cancels, as the buttons do.
      isDismissable={false}
      isKeyboardDismissDisabled={busy}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      className="modal alert-modal app-modal"
    >
      <Modal className="modal-dialog modal-dialog-centered app-modal-dialog">
        <Dialog className="modal-content" role="alertdialog" aria-describedby={WITHDRAW_DESCRIPTION_ID} data-dialog="withdraw">
          <Form onSubmit={submit} validationBehavior="aria">
            <div className="modal-header">
              <Icon name="warning" className="app-modal-icon app-modal-icon-warning" />
              <Heading slot="title" level={2} className="modal-title h5">
                {t('pa.withdraw.title', { requestId })}
              </Heading>
              <Button className="app-modal-close" aria-label={t('modals.close')} isDisabled={busy} onPress={onCancel}>
                <Icon name="close" />
              </Button>
            </div>
            <div className="modal-body">
              <p id={WITHDRAW_DESCRIPTION_ID}>{t('pa.withdraw.description')}</p>
              {!refused && (
                <TextField
                  name="note"
                  value={note}
                  onChange={onNote}
                  isInvalid={noteError !== null}
                  isReadOnly={busy}
                  validationBehavior="aria"
                  className="form-group app-field"
                >
                  <Label className="active">{t('pa.withdraw.note')}</Label>
                  <TextArea className={`form-control${noteError ? ' is-invalid' : ''}`} rows={4} maxLength={EVENT_NOTE.maxLength} />
                  <Text slot="description" className="form-text">
                    {t('pa.withdraw.note-help', bounds)}
                  </Text>
                  <FieldError className="app-field-error">{noteError ? t(noteError as MessageKey, bounds) : null}</FieldError>
                </TextField>
              )}
              {failure && (
                <p className="app-field-error" role="alert">
                  <strong>{t('pa.withdraw.not-withdrawn')}</strong> {t(failure as MessageKey)}
                </p>
              )}
              {busy && <p role="status">{t('pa.withdraw.withdrawing')}</p>}
            </div>
            <div className="modal-footer">
              <Button className="btn btn-outline-primary btn-sm" isDisabled={busy} onPress={onCancel}>
                {t(refused ? 'pa.withdraw.close' : 'pa.withdraw.cancel')}
              </Button>
              {/* Marked unavailable, not disabled, while it is sent: a disabled button drops the keyboard's focus to the page
                  (the machine ignores a second confirmation). Not isPending either: its announcement outlives the closed dialog. */}
              {!refused && (
                <Button type="submit" className="btn btn-danger btn-sm" aria-disabled={busy || undefined}>
                  {t(state === 'failed' ? 'pa.withdraw.retry' : 'pa.withdraw.confirm')}
                </Button>
              )}
            </div>
          </Form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
