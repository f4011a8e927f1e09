// Spec §2 "Modals": renders the head of the modals machine's queue as a react-aria modal dialog
// with Bootstrap Italia's modal classes. Overlay click, Escape and the close button each send
// CLOSE with their reason; the buttons of the body (after the content delay, spec §9) come from
// ModalContent. Focus goes back to the opener when the machine emits restoreFocus (the app's root
// machine has it done by the focus adapter, app/MachinesProvider.tsx).
import { useCallback, useEffect } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { selectCurrentModal, selectIsContentReady, type ModalCloseReason, type QueuedModal } from '#machines/modals.ts';
import { ModalsActor } from '../../app/machines.ts';
import { useT } from '../../i18n/use-t.ts';
import { useTranslateKey } from '../../i18n/use-translate-key.ts';
import { Icon, type IconName } from '../Icon.tsx';
import { ModalContent } from './ModalContent.tsx';

const ICONS: Record<NonNullable<QueuedModal['type']>, IconName> = { error: 'error', warning: 'warning', success: 'check-circle' };

export function ModalHost() {
  const modal = ModalsActor.useSelector(selectCurrentModal);
  const ready = ModalsActor.useSelector(selectIsContentReady);
  const modals = ModalsActor.useActorRef();
  const close = useCallback((reason: ModalCloseReason) => modals.send({ type: 'CLOSE', reason }), [modals]);
  const act = useCallback((action: string) => modals.send({ type: 'ACTION', action }), [modals]);
  return (
    <ModalOverlay
      isOpen={modal !== null}
      // Overlay clicks close (isDismissable); Escape is handled below so it is reported as 'escape'.
      isDismissable
      isKeyboardDismissDisabled
      onOpenChange={(open) => {
        if (!open) close('overlay');
      }}
      className="modal alert-modal app-modal"
    >
      <Modal className="modal-dialog modal-dialog-centered app-modal-dialog">
        {modal && <ModalFrame modal={modal} ready={ready} onClose={close} onAction={act} />}
      </Modal>
    </ModalOverlay>
  );
}

interface FrameProps {
  modal: QueuedModal;
  ready: boolean;
  onClose: (reason: ModalCloseReason) => void;
  onAction: (action: string) => void;
}

function ModalFrame({ modal, ready, onClose, onAction }: FrameProps) {
  const t = useT();
  const translate = useTranslateKey();
  // Escape is reported as its own reason, so it is not left to react-aria's dismiss (which would
  // look like an overlay click). Listened on the document: focus may be on the dialog itself.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
      event.preventDefault();
      onClose('escape');
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);
  return (
    <Dialog className="modal-content" role="alertdialog" data-modal-kind={modal.kind} data-modal-type={modal.type}>
      <div className="modal-header">
        {modal.type && <Icon name={ICONS[modal.type]} className={`app-modal-icon app-modal-icon-${modal.type}`} />}
        <Heading slot="title" level={2} className="modal-title h5">
          {translate(modal.titleKey, modal.values)}
        </Heading>
        <Button className="app-modal-close" aria-label={t('modals.close')} onPress={() => onClose('closeButton')}>
          <Icon name="close" />
        </Button>
      </div>
      {ready && <ModalContent modal={modal} onClose={onClose} onAction={onAction} />}
    </Dialog>
  );
}
