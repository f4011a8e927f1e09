// Prepares what the identity provider's redirect would bring back: a stored authorization request
// (PKCE verifier and state, in this tab's storage, exactly as the login button leaves them) and the
// callback URL carrying its state and a code naming the person (`code-<key>`, see the msw handlers).
import type { Area } from '#machines/auth/types.ts';
import { configFixture } from '#mocks/fixtures/config.ts';
import { discoveryDocument } from '#mocks/handlers/auth.ts';
import { createOidcClient, type LoginState } from '#web/auth/oidc.ts';
import { Paths } from '#web/routes/paths.ts';

/** `providerError`: the provider answers with an error instead of a code (e.g. login_required to prompt=none). */
export async function prepareCallback(area: Area, person: string, state: Partial<LoginState> = {}, providerError?: string): Promise<string> {
  const client = createOidcClient(configFixture.settings.oidc, area, 'http://localhost:3000', discoveryDocument);
  const data: LoginState = { origin: Paths.home, area, fromBackOfficeRoot: area === 'BO', silent: false, ...state };
  const request = await client.createSigninRequest({ state: data });
  const id = new URL(request.url).searchParams.get('state');
  const answer = providerError ? `error=${providerError}` : `code=code-${person}`;
  return `${area === 'FO' ? Paths.loginCallback : Paths.backOfficeLoginCallback}?${answer}&state=${id}`;
}
