// Requests as GET /suap/v1/request/list returns them, for the login box's draft check.
import type { SuapRequest } from '#shared/api/requests.ts';
import { RequestState, STARTUP_SERVICE_TYPE_ID } from '#shared/constants.ts';
import { ssuStateOf } from '#shared/pratica.ts';

export function requestIn(state: number, requestId = 7): SuapRequest {
  return {
    requestId,
    version: 1,
    typeOfService: { typeOfServiceId: STARTUP_SERVICE_TYPE_ID, nameIt: 'Avvio di impresa', nameEn: 'Business startup', descriptionIt: '', descriptionEn: '' },
    stateOfRequest: { stateOfRequestId: state, descriptionIt: '', descriptionEn: '' },
    ssuState: ssuStateOf(state),
    user: { userId: 1, firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA80A01H501U', profile: { profileId: 1 } },
    updatedOn: '2026-11-01T10:00:00.000Z',
  };
}

export const draftRequest = () => requestIn(RequestState.DRAFT, 7);
export const sentRequest = () => requestIn(RequestState.SENT, 8);
