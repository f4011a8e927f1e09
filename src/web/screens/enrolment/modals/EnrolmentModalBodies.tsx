// Bodies of the enrolment's modals (spec §2 "Modals", §4 "Abort, draft found, draft delete"): the
// buttons report their action (EnrolmentModalActions); what it means is the `replies` of the modal
// request (the draft machine's rules for draft found, abort, delete; the one-stop-shop exception's
// answers the startup machine), or the screen that opened it (draft delete, from the private area).
import { EnrolmentModalActions as A, suapOfModal } from '#web/enrolment/modal-requests.ts';
import { useT } from '#web/i18n/use-t.ts';
import { formatDateTime } from '#web/lists/dates.ts';
import { Paths } from '#web/routes/paths.ts';
import { ModalDescription, ModalFooter, type ModalBodyProps } from './ModalButtons.tsx';

/**
 * Spec §2 "draft found", named: the latest draft (number, office, last change in Europe/Rome), a
 * link to the private area when there are more, and three choices — delete and start new, keep it
 * and start another (docs/architecture.md, deviations from spec §2), restore. The link is a real
 * link (a new tab works); a plain click answers the draft machine, which leaves the process.
 */
export function DraftFoundBody({ modal, onAction, onClose }: ModalBodyProps) {
  const t = useT();
  const values = modal.values ?? {};
  const office = String(values.office ?? '');
  const others = Number(values.others ?? 0);
  return (
    <>
      <div className="modal-body">
        <p>{t('modals.draft-found.description')}</p>
        <dl className="app-draft-found">
          <dt>{t('modals.draft-found.number')}</dt>
          <dd>{String(values.requestId ?? '')}</dd>
          <dt>{t('modals.draft-found.office')}</dt>
          <dd>{office || t('modals.draft-found.no-office')}</dd>
          <dt>{t('modals.draft-found.updated')}</dt>
          <dd>{formatDateTime(String(values.updatedOn ?? ''))}</dd>
        </dl>
        {others > 0 && (
          <p>
            {t('modals.draft-found.others', { count: others })}{' '}
            <a
              href={Paths.privateArea}
              onClick={(event) => {
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                event.preventDefault();
                onAction(A.privateArea);
              }}
            >
              {t('modals.draft-found.private-area')}
            </a>
          </p>
        )}
      </div>
      <ModalFooter
        onAction={onAction}
        onClose={onClose}
        buttons={[
          { label: t('modals.draft-found.discard'), action: A.discard, danger: true },
          { label: t('modals.draft-found.keep-and-start-new'), action: A.keepAndStartNew },
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
