// Body and buttons of each modal variant (spec §2 "Modals"). Buttons that report a choice send
// ACTION (authentication failed: login; back-office logout: confirm or cancel); a button that only
// dismisses sends CLOSE with reason 'action'. What an action does is the event the modal's opener
// declared in its request (`replies`, machines/modals.ts), not decided here.
import { Button } from 'react-aria-components';
import type { ModalCloseReason, QueuedModal } from '#machines/modals.ts';
import { AuthModalActions as ModalActions } from '#machines/auth/rules.ts';
import { useT } from '../../i18n/use-t.ts';
import { useTranslateKey } from '../../i18n/use-translate-key.ts';
import { enrolmentModalBodies } from '../../screens/enrolment/modals/bodies.ts';
import { backOfficeModalBodies } from '../../screens/back-office/modals.tsx';

interface Props {
  modal: QueuedModal;
  onClose: (reason: ModalCloseReason) => void;
  onAction: (action: string) => void;
}

export function ModalContent({ modal, onClose, onAction }: Props) {
  const t = useT();
  const translate = useTranslateKey();
  // Kinds whose body another area provides (enrolment: draft found, abort, draft delete, office
  // exception; back office: unsaved edits).
  const Body = enrolmentModalBodies[modal.kind] ?? backOfficeModalBodies[modal.kind];
  if (Body) return <Body modal={modal} onClose={onClose} onAction={onAction} />;
  const dismiss = (
    <Button className="btn btn-outline-primary btn-sm" onPress={() => onClose('action')}>
      {t('modals.ok')}
    </Button>
  );
  let buttons = dismiss;
  if (modal.kind === 'authFailed') {
    buttons = (
      <Button className="btn btn-primary btn-sm" onPress={() => onAction(ModalActions.login)}>
        {t(modal.variant === 'BO' ? 'modals.auth-failed.login-bo' : 'modals.auth-failed.login')}
      </Button>
    );
  } else if (modal.kind === 'boLogoutConfirm') {
    buttons = (
      <>
        <Button className="btn btn-outline-primary btn-sm" onPress={() => onAction(ModalActions.cancel)}>
          {t('modals.bo-logout.cancel')}
        </Button>
        <Button className="btn btn-primary btn-sm" onPress={() => onAction(ModalActions.confirm)}>
          {t('modals.bo-logout.confirm')}
        </Button>
      </>
    );
  }
  return (
    <>
      {modal.descriptionKey && (
        <div className="modal-body">
          <p>{translate(modal.descriptionKey, modal.values)}</p>
        </div>
      )}
      <div className="modal-footer">{buttons}</div>
    </>
  );
}
