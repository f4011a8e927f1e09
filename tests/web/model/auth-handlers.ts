// msw handlers for the auth model on screen: every call of the login flow waits at its actor's
// gate and answers with what the path's step says (the actor's output turned back into the HTTP
// answer the real actor reads, or a failure). Discovery belongs to whichever provider round trip
// is running (login redirect or provider logout).
import { http, HttpResponse } from 'msw';
import type { CheckIdentityOutput, ExchangeCodeOutput, FetchUserInfoOutput } from '#machines/auth/types.ts';
import type { TokenResponse } from '#shared/api/auth.ts';
import { unsignedJwt } from '#mocks/fixtures/identities.ts';
import { authUrls, DISCOVERY_URL, discoveryDocument } from '#mocks/handlers/auth.ts';
import { EIDAS_IDENTIFIER_CLAIM, FISCAL_NUMBER_CLAIM, FISCAL_NUMBER_PREFIX, type IdentityClaims } from '#shared/api/auth.ts';
import { API_BASE, ApiPaths } from '#shared/api/paths.ts';
import type { HttpGates } from './http-gates.ts';

const envelope = (code: number) => ({ code, message: `status ${code}`, description: `status ${code}` });
const failed = (status: number) => HttpResponse.json(envelope(status), { status });

/** The identity token a provider would issue for these (already decoded) claims. */
export function idTokenFor(claims: IdentityClaims): string {
  return unsignedJwt({
    given_name: claims.name,
    family_name: claims.familyName,
    birthdate: claims.birthdate,
    email: claims.email,
    gender: claims.gender,
    ...(claims.fiscalNumber ? { [FISCAL_NUMBER_CLAIM]: `${FISCAL_NUMBER_PREFIX}${claims.fiscalNumber}` } : {}),
    ...(claims.identities ? { [EIDAS_IDENTIFIER_CLAIM]: claims.identities } : {}),
  });
}

export function gatedAuthHandlers(gates: HttpGates, discoveryActor: () => string) {
  const userInfo = async ({ request }: { request: Request }) => {
    const reply = await gates.hold('fetchUserInfo', request.signal);
    if (!reply.ok) return HttpResponse.error();
    const { status, user } = reply.output as FetchUserInfoOutput;
    return status === 200 ? HttpResponse.json({ ...envelope(200), user }) : failed(status);
  };
  const token = async ({ request }: { request: Request }) => {
    const body = (await request.clone().json()) as { grant_type?: string };
    // A renewal (refresh grant) answers with the path's renewed tokens as they are.
    if (body.grant_type === 'refresh_token') {
      const renewal = await gates.hold('renewTokens', request.signal);
      return renewal.ok ? HttpResponse.json(renewal.output as TokenResponse) : failed(401);
    }
    const reply = await gates.hold('exchangeCode', request.signal);
    if (!reply.ok) return failed(401);
    const { tokens, claims } = reply.output as ExchangeCodeOutput;
    return HttpResponse.json({ ...tokens, id_token: idTokenFor(claims) });
  };
  // The model's EXPIRED step marks one call: its first answer is 401, its retry after a renewal 200.
  const expiredOnce = new Set<string>();
  return [
    http.get(DISCOVERY_URL, async ({ request }) => {
      const reply = await gates.hold(discoveryActor(), request.signal);
      return reply.ok ? HttpResponse.json(discoveryDocument) : failed(503);
    }),
    http.post(authUrls.foToken, token),
    http.post(authUrls.boToken, token),
    http.get(authUrls.userInfo, userInfo),
    http.get(authUrls.boUserInfo, userInfo),
    http.post(authUrls.checkPerson, async ({ request }) => {
      const reply = await gates.hold('checkIdentity', request.signal);
      if (!reply.ok) return HttpResponse.error();
      const { status, valido } = reply.output as CheckIdentityOutput;
      return HttpResponse.json({ ...envelope(status), ...(valido === null ? {} : { valido }) }, { status });
    }),
    http.delete(authUrls.revoke, async ({ request }) => {
      const reply = await gates.hold('revokeToken', request.signal);
      return reply.ok ? HttpResponse.json(envelope(200)) : failed(502);
    }),
    // The model's EXPIRED step asks for the list with a marker and gets 401, which is how a session
    // expires; the screens' own calls (the startup process loads the list) get an empty list.
    http.get(`${API_BASE}${ApiPaths.requestList}`, ({ request }) => {
      const marker = request.headers.get('x-model-expire');
      if (marker && !expiredOnce.has(marker)) {
        expiredOnce.add(marker);
        return failed(401);
      }
      return HttpResponse.json({ code: 200, message: 'OK', description: 'OK', requestList: [] });
    }),
  ];
}
