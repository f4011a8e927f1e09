// Shared pieces of the enrolment's modal bodies: the props the modal host passes, the description
// paragraph and a footer of action buttons (each reports its action to the modals machine).
import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';
import type { ModalCloseReason, QueuedModal } from '#machines/modals.ts';
import { useTranslateKey } from '#web/i18n/use-translate-key.ts';

export interface ModalBodyProps {
  modal: QueuedModal;
  onClose: (reason: ModalCloseReason) => void;
  onAction: (action: string) => void;
}

export function ModalDescription({ modal, children }: { modal: QueuedModal; children?: ReactNode }) {
  const translate = useTranslateKey();
  if (!modal.descriptionKey && !children) return null;
  return (
    <div className="modal-body">
      {modal.descriptionKey && <p>{translate(modal.descriptionKey, modal.values)}</p>}
      {children}
    </div>
  );
}

export interface ModalButton {
  label: string;
  action?: string;
  primary?: boolean;
  /** Destroys something (deletes the draft, drops the typed data): drawn in the danger colour (docs/architecture.md "The citizen's journey with real data"). */
  danger?: boolean;
}

function buttonClass({ primary = false, danger = false }: ModalButton): string {
  if (danger) return primary ? 'btn-danger' : 'btn-outline-danger';
  return primary ? 'btn-primary' : 'btn-outline-primary';
}

/** Buttons with an action report it; a button without one closes the modal as its dismiss. */
export function ModalFooter({
  buttons,
  onAction,
  onClose,
}: {
  buttons: readonly ModalButton[];
  onAction: (action: string) => void;
  onClose: (reason: ModalCloseReason) => void;
}) {
  return (
    <div className="modal-footer">
      {buttons.map((button) => (
        <Button
          key={button.label}
          className={`btn btn-sm ${buttonClass(button)}`}
          onPress={() => (button.action ? onAction(button.action) : onClose('action'))}
        >
          {button.label}
        </Button>
      ))}
    </div>
  );
}
