// Bodies of the enrolment's modals (spec §2 "Modals", §4 "Abort, draft found, draft delete"): the
// buttons report their action (EnrolmentModalActions); what it means is the `replies` of the modal
// request (the draft machine's rules for draft found, abort, delete; the one-stop-shop exception's
// answers the startup machine), or the screen that opened it (draft delete, from the private area).
import { EnrolmentModalActions as A, suapOfModal } from '#web/enrolment/modal-requests.ts';
import { useT } from '#web/i18n/use-t.ts';
import { ModalDescription, ModalFooter, type ModalBodyProps } from './ModalButtons.tsx';

export function DraftFoundBody({ modal, onAction, onClose }: ModalBodyProps) {
  const t = useT();
  return (
    <>
      <ModalDescription modal={modal} />
      <ModalFooter
        onAction={onAction}
        onClose={onClose}
        buttons={[
          { label: t('modals.draft-found.discard'), action: A.discard, danger: true },
          { label: t('modals.draft-found.restore'), action: A.restore, primary: true },
        ]}
      />
    </>
  );
}

export function RequestAbortBody({ modal, onAction, onClose }: ModalBodyProps) {
  const t = useT();
  const saveOffer = modal.values?.action === A.saveAndExit;
  return (
    <>
      <ModalDescription modal={modal} />
      <ModalFooter
        onAction={onAction}
        onClose={onClose}
        buttons={
          saveOffer
            ? [
                { label: t('modals.request-abort.back-to-form-button'), action: A.backToForm },
                { label: t('modals.request-abort.abort'), action: A.abort, danger: true },
                { label: t('modals.request-abort.save-and-exit-button'), action: A.saveAndExit, primary: true },
              ]
            : [
                { label: t('modals.request-abort.abort'), action: A.abort, danger: true },
                { label: t('modals.request-abort.back-to-form-button'), action: A.backToForm, primary: true },
              ]
        }
      />
    </>
  );
}

export function DraftDeleteBody({ modal, onAction, onClose }: ModalBodyProps) {
  const t = useT();
  return (
    <>
      <ModalDescription modal={modal} />
      <ModalFooter
        onAction={onAction}
        onClose={onClose}
        buttons={[
          { label: t('modals.draft-delete.cancel'), action: A.cancel },
          { label: t('modals.draft-delete.confirm'), action: A.confirmDelete, primary: true, danger: true },
        ]}
      />
    </>
  );
}

export function DraftGoneBody({ modal, onAction, onClose }: ModalBodyProps) {
  const t = useT();
  return (
    <>
      <ModalDescription modal={modal} />
      <ModalFooter
        onAction={onAction}
        onClose={onClose}
        buttons={[
          { label: t('modals.draft-gone.private-area'), action: A.privateArea },
          { label: t('modals.draft-gone.start-new'), action: A.startNew, primary: true },
        ]}
      />
    </>
  );
}

export function SuapExceptionBody({ modal, onAction, onClose }: ModalBodyProps) {
  const t = useT();
  const suap = suapOfModal(modal);
  const external = suap?.type === 'EXT';
  return (
    <>
      <ModalDescription modal={modal}>
        {suap && (
          <p>
            <strong>{suap.name}</strong>
            {external && suap.url && (
              <>
                <br />
                <span className="app-card-detail">{suap.url}</span>
              </>
            )}
          </p>
        )}
      </ModalDescription>
      <ModalFooter
        onAction={onAction}
        onClose={onClose}
        buttons={[
          { label: t('modals.suap-exception.cancel') },
          external
            ? { label: t('modals.suap-exception.open-external'), action: A.openExternal, primary: true }
            : { label: t('modals.suap-exception.use-internal'), action: A.useInternal, primary: true },
        ]}
      />
    </>
  );
}
