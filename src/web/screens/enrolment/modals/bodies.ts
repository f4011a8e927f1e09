// The modal kinds whose body the enrolment provides, for the app's modal host
// (components/modals/ModalContent.tsx renders a registered body instead of its default one).
import type { ComponentType } from 'react';
import type { ModalKind } from '#machines/modals.ts';
import { DraftDeleteBody, DraftFoundBody, DraftGoneBody, RequestAbortBody, SuapExceptionBody } from './EnrolmentModalBodies.tsx';
import type { ModalBodyProps } from './ModalButtons.tsx';

export const enrolmentModalBodies: Partial<Record<ModalKind, ComponentType<ModalBodyProps>>> = {
  draftFound: DraftFoundBody,
  requestAbort: RequestAbortBody,
  draftDelete: DraftDeleteBody,
  draftGone: DraftGoneBody,
  suapException: SuapExceptionBody,
};
