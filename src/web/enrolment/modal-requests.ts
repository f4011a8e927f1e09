// The enrolment's modal buttons and the modals the screens open themselves. The draft machine builds
// its own (draft found, request abort, save errors; machines/draft/rules.ts), each naming the draft
// event its buttons answer with; the one-stop-shop dialog answers the startup machine.
import { DraftModalActions } from '#machines/draft/rules.ts';
import type { ModalReplies, ModalRequest } from '#machines/modals.ts';
import type { StartupEvent } from '#machines/startup.ts';
import { STARTUP_SYSTEM_ID } from '#machines/support/system-ids.ts';
import type { Suap } from '#shared/domain.ts';

export const EnrolmentModalActions = {
  ...DraftModalActions,
  /** External one-stop shop: open its portal in a new window. */
  openExternal: 'open-external',
  /** Internal one-stop shop chosen elsewhere: keep it and go to the startup process. */
  useInternal: 'use-internal',
} as const;

export const SUAP_EXCEPTION_MODAL_ID = 'suap-exception';

/**
 * Spec §4: an external office works through its own portal (opened in a new window); an internal
 * one is kept and the user goes to the startup process. The office travels in `values`.
 */
export function suapExceptionModal(suap: Suap, openerId?: string): ModalRequest {
  const external = suap.type === 'EXT';
  // Closing it chooses nothing; an external office without an address has no portal to open.
  const actions: Record<string, StartupEvent> = external
    ? suap.url
      ? { [EnrolmentModalActions.openExternal]: { type: 'OPEN_EXTERNAL_PORTAL', url: suap.url } }
      : {}
    : { [EnrolmentModalActions.useInternal]: { type: 'USE_INTERNAL_OFFICE', suap } };
  const replies: ModalReplies<StartupEvent> = { to: STARTUP_SYSTEM_ID, actions };
  return {
    id: SUAP_EXCEPTION_MODAL_ID,
    kind: 'suapException',
    type: 'warning',
    titleKey: external ? 'modals.suap-exception.external.title' : 'modals.suap-exception.internal.title',
    descriptionKey: external ? 'modals.suap-exception.external.description' : 'modals.suap-exception.internal.description',
    values: { suapId: suap.suapId, name: suap.name, pec: suap.pec ?? '', type: suap.type, url: suap.url ?? '' },
    ...(openerId ? { openerId } : {}),
    replies,
  };
}

/** The office carried by a one-stop-shop exception modal. */
export function suapOfModal(modal: Pick<ModalRequest, 'values'>): Suap | null {
  const values = modal.values ?? {};
  const suapId = Number(values.suapId);
  if (!Number.isInteger(suapId) || suapId < 1) return null;
  return {
    suapId,
    name: String(values.name ?? ''),
    pec: values.pec ? String(values.pec) : null,
    type: values.type === 'EXT' ? 'EXT' : 'INT',
    url: values.url ? String(values.url) : null,
  };
}

/** Opens an external portal in a new window that cannot reach back into this one. */
export function openExternalPortal(url: string): void {
  if (!/^https?:\/\//i.test(url)) return;
  window.open(url, '_blank', 'noopener,noreferrer');
}
