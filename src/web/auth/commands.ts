// The auth events the screens send, built in one place: which area a login is for, where it
// returns to, and that staff confirm their logout first (spec §2 "Modals": back-office logout
// confirmation). Screens call these; the auth machine decides everything after.
import { AuthModalActions } from '#machines/auth/rules.ts';
import type { Area, AuthEvent } from '#machines/auth/types.ts';
import type { ModalReplies, ModalRequest } from '#machines/modals.ts';
import { BACK_OFFICE_REQUESTS_PATH } from '#machines/support/routes.ts';
import { loginOriginFor, logoutOriginFor } from './origins.ts';

export const BO_LOGOUT_MODAL_ID = 'bo-logout-confirm';

/**
 * A new login of `area`. Staff logins always start from the back-office root (spec §4: the only
 * way in for staff) and land on the request list; citizens come back to the page they were on.
 */
export function loginEvent(area: Area, currentPath: string, rememberedOrigin: string | null): Extract<AuthEvent, { type: 'LOGIN' }> {
  if (area === 'BO') return { type: 'LOGIN', area: 'BO', origin: BACK_OFFICE_REQUESTS_PATH, fromBackOfficeRoot: true };
  return { type: 'LOGIN', area: 'FO', origin: loginOriginFor(currentPath, rememberedOrigin) };
}

export function logoutEvent(currentPath: string): Extract<AuthEvent, { type: 'LOGOUT' }> {
  const origin = logoutOriginFor(currentPath);
  return origin ? { type: 'LOGOUT', origin } : { type: 'LOGOUT' };
}

/**
 * Staff confirm their logout: "Esci" answers the auth machine with the LOGOUT of the page they
 * are on; "Annulla" or closing the dialog leaves them logged in (no answer).
 */
export function boLogoutConfirmModal(openerId: string | undefined, currentPath = ''): ModalRequest {
  const replies: ModalReplies<AuthEvent> = { to: 'auth', actions: { [AuthModalActions.confirm]: logoutEvent(currentPath) } };
  return {
    id: BO_LOGOUT_MODAL_ID,
    kind: 'boLogoutConfirm',
    type: 'warning',
    titleKey: 'modals.bo-logout.title',
    descriptionKey: 'modals.bo-logout.description',
    ...(openerId ? { openerId } : {}),
    replies,
  };
}
