// msw handlers of spec §7 "Authentication and session", typed by src/shared/api/auth.ts, plus the
// identity provider's discovery document that oidc-client-ts reads. The authorization code names
// the person signing in: `code-<key>` (see fixtures/identities.ts).
import { http, HttpResponse } from 'msw';
import type { CheckPersonRequest, CheckPersonResponse, RevokeRequest, TokenRequest, TokenResponse, UserInfoResponse } from '#shared/api/auth.ts';
import { API_BASE, ApiPaths } from '#shared/api/paths.ts';
import type { Status } from '#shared/envelope.ts';
import { OK_STATUS } from '#shared/envelope.ts';
import { configFixture } from '../fixtures/config.ts';
import { bindMockCode, boundMockCode, HANS_FISCAL_CODE, identities, identityOfToken, tokensFor } from '../fixtures/identities.ts';

export const AUTHORITY = configFixture.settings.oidc.authority;
export const DISCOVERY_URL = `${AUTHORITY}/.well-known/openid-configuration`;
export const discoveryDocument = {
  issuer: AUTHORITY,
  authorization_endpoint: `${AUTHORITY}/auth`,
  token_endpoint: `${AUTHORITY}/token`,
  end_session_endpoint: `${AUTHORITY}/session/end`,
  jwks_uri: `${AUTHORITY}/jwks`,
  response_types_supported: ['code'],
  code_challenge_methods_supported: ['S256'],
};

export const authUrls = {
  foToken: `${API_BASE}${ApiPaths.foAuthToken}`,
  boToken: `${API_BASE}${ApiPaths.boAuthToken}`,
  userInfo: `${API_BASE}${ApiPaths.userInfo}`,
  boUserInfo: `${API_BASE}${ApiPaths.boUserInfo}`,
  checkPerson: `${API_BASE}${ApiPaths.checkPerson}`,
  revoke: `${API_BASE}${ApiPaths.revoke}`,
} as const;

const status = (code: number, message: string): Status => ({ code, message, description: message });
const unauthorized = () => HttpResponse.json<Status>(status(401, 'Unauthorized'), { status: 401 });

function tokenHandler(url: string) {
  return http.post<never, TokenRequest, TokenResponse | Status>(url, async ({ request }) => {
    const body = await request.json();
    // A code names the person (`code-<key>`); the refresh token it brings back does too (`refresh-<key>`).
    const key =
      body.grant_type === 'refresh_token'
        ? /^refresh-(\w+)$/.exec(body.refresh_token)?.[1]
        : body.code_verifier
          ? /^code-(\w+)$/.exec(body.code)?.[1]
          : undefined;
    if (!key || !identities[key]) return unauthorized();
    // Like the server: a front-office identity the matcher bound earlier brings its code (asked once).
    const bound = url === authUrls.foToken ? boundMockCode(key) : null;
    return HttpResponse.json<TokenResponse>({ ...tokensFor(key), refresh_token: `refresh-${key}`, ...(bound ? { bound_fiscal_code: bound } : {}) });
  });
}

export const authHandlers = [
  http.get(DISCOVERY_URL, () => HttpResponse.json(discoveryDocument)),
  tokenHandler(authUrls.foToken),
  tokenHandler(authUrls.boToken),
  http.get<never, never, UserInfoResponse | Status>(authUrls.userInfo, ({ request }) => {
    const identity = identityOfToken(request.headers.get('authorization'));
    if (!identity) return unauthorized();
    const user = identity.user.FO;
    const asked = new URL(request.url).searchParams.get('fiscalCode');
    if (!user || user.fiscalCode !== asked) return HttpResponse.json<Status>(status(403, 'Forbidden'), { status: 403 });
    return HttpResponse.json<UserInfoResponse>({ ...OK_STATUS, user });
  }),
  http.get<never, never, UserInfoResponse | Status>(authUrls.boUserInfo, ({ request }) => {
    const identity = identityOfToken(request.headers.get('authorization'));
    if (!identity) return unauthorized();
    const user = identity.user.BO;
    return user ? HttpResponse.json<UserInfoResponse>({ ...OK_STATUS, user }) : HttpResponse.json<Status>(status(404, 'Not Found'), { status: 404 });
  }),
  http.post<never, CheckPersonRequest, CheckPersonResponse | Status>(authUrls.checkPerson, async ({ request }) => {
    const caller = identityOfToken(request.headers.get('authorization'));
    if (!caller) return unauthorized();
    const person = await request.json();
    const code = person.codiceFiscale.toUpperCase();
    // Like the server: a code another person's account holds is refused (409), never bound.
    const heldByOthers = Object.values(identities).some(
      ({ user }) => code !== HANS_FISCAL_CODE && (user.FO?.fiscalCode === code || user.BO?.fiscalCode === code),
    );
    if (heldByOthers) return HttpResponse.json<Status>(status(409, 'Conflict'), { status: 409 });
    const valido = code === HANS_FISCAL_CODE && person.statoNascita === 'DE';
    if (valido) bindMockCode(caller.key, code);
    return HttpResponse.json<CheckPersonResponse>({ ...OK_STATUS, valido });
  }),
  http.delete<never, RevokeRequest, Status>(authUrls.revoke, async ({ request }) => {
    const { accessToken } = await request.json();
    return identityOfToken(`Bearer ${accessToken}`) ? HttpResponse.json<Status>({ ...OK_STATUS, description: 'revoked' }) : unauthorized();
  }),
];
