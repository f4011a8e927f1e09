// The calls of the login flow (spec §7 "Authentication and session"), typed by the shared
// contract. Each takes its token explicitly and is marked `authFlow`, so the interceptors neither
// replace its token nor read its 401 as an expired session. The user lookup and the identity check
// answer every status as a value (the auth machine's rules read it); the token exchange and the
// revocation reject with an ApiFailure (./failure.ts).
import type { Area, CheckIdentityOutput, FetchUserInfoOutput } from '#machines/auth/types.ts';
import {
  PROFILE_HEADER,
  type CheckPersonRequest,
  type CheckPersonResponse,
  type RevokeRequest,
  type TokenRequest,
  type TokenResponse,
  type UserInfoResponse,
} from '#shared/api/auth.ts';
import { ApiPaths } from '#shared/api/paths.ts';
import { Role } from '#shared/constants.ts';
import { api } from './client.ts';
import { sendRaw, toApiFailure } from './failure.ts';

const bearer = (accessToken: string) => ({ Authorization: `Bearer ${accessToken}` });
/** Answers of every status come back as values: the machine's rules read the status. */
const anyStatus = () => true;

export async function exchangeToken(area: Area, request: TokenRequest, signal?: AbortSignal): Promise<TokenResponse> {
  const path = area === 'FO' ? ApiPaths.foAuthToken : ApiPaths.boAuthToken;
  const { data } = await sendRaw(() => api.post<TokenResponse>(path, request, { authFlow: true, signal }));
  if (typeof data?.access_token !== 'string' || typeof data.id_token !== 'string') throw toApiFailure(new Error('token endpoint: no tokens'));
  return data;
}

export async function fetchUserInfo(area: Area, fiscalCode: string, accessToken: string, signal?: AbortSignal): Promise<FetchUserInfoOutput> {
  const response = await sendRaw(() =>
    area === 'FO'
      ? api.get<Partial<UserInfoResponse>>(ApiPaths.userInfo, {
          params: { fiscalCode },
          headers: { ...bearer(accessToken), [PROFILE_HEADER]: String(Role.FRONT_OFFICE) },
          authFlow: true,
          validateStatus: anyStatus,
          signal,
        })
      : api.get<Partial<UserInfoResponse>>(ApiPaths.boUserInfo, {
          headers: bearer(accessToken),
          authFlow: true,
          validateStatus: anyStatus,
          signal,
        }),
  );
  return { status: response.status, user: response.data?.user ?? null };
}

export async function checkPerson(person: CheckPersonRequest, accessToken: string, signal?: AbortSignal): Promise<CheckIdentityOutput> {
  const response = await sendRaw(() =>
    api.post<Partial<CheckPersonResponse>>(ApiPaths.checkPerson, person, {
      headers: bearer(accessToken),
      authFlow: true,
      validateStatus: anyStatus,
      signal,
    }),
  );
  const valido = response.data?.valido;
  return { status: response.status, valido: typeof valido === 'boolean' ? valido : null };
}

/** Rejects unless the server confirms the revocation (spec §4: the session stays otherwise). */
export async function revokeAccessToken(accessToken: string, signal?: AbortSignal): Promise<void> {
  const body: RevokeRequest = { accessToken };
  await sendRaw(() => api.delete(ApiPaths.revoke, { data: body, authFlow: true, signal }));
}
