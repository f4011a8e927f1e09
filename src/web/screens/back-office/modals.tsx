// The back office's own modal bodies, for the app's modal host (components/modals/ModalContent.tsx
// renders a registered body instead of its default one): "leave the form without saving?", asked
// by the staff form machine's confirmingCancel state. The buttons only report their action; the
// form that opened the modal turns it into the machine's event (StaffForm.tsx).
import type { ComponentType } from 'react';
import type { ModalKind, ModalRequest } from '#machines/modals.ts';
import { useT } from '../../i18n/use-t.ts';
import { ModalDescription, ModalFooter, type ModalBodyProps } from '../enrolment/modals/ModalButtons.tsx';

export const DiscardEditsActions = { discard: 'discard', keepEditing: 'keepEditing' } as const;

/** One at a time: a second ask while it is queued is a no-op (the modals machine's stable id). */
export const DISCARD_EDITS_MODAL_ID = 'bo-discard-edits';

export function discardEditsModal(openerId: string): ModalRequest {
  return {
    id: DISCARD_EDITS_MODAL_ID,
    kind: 'discardEdits',
    type: 'warning',
    variant: 'BO',
    titleKey: 'bo.users.discard.title',
    descriptionKey: 'bo.users.discard.description',
    openerId,
  };
}

function DiscardEditsBody({ modal, onAction, onClose }: ModalBodyProps) {
  const t = useT();
  return (
    <>
      <ModalDescription modal={modal} />
      <ModalFooter
        onAction={onAction}
        onClose={onClose}
        buttons={[
          { label: t('bo.users.discard.keep'), action: DiscardEditsActions.keepEditing },
          { label: t('bo.users.discard.confirm'), action: DiscardEditsActions.discard, primary: true, danger: true },
        ]}
      />
    </>
  );
}

export const backOfficeModalBodies: Partial<Record<ModalKind, ComponentType<ModalBodyProps>>> = {
  discardEdits: DiscardEditsBody,
};
