// Prepares what the identity provider's redirect would bring back: a stored authorization request
// (PKCE verifier and state, in this tab's storage, exactly as the login button leaves them) and the
// callback URL carrying its state and a code naming the person (`code-<key>`, see the msw handlers).
import type { Area } from '../../machines/auth/types.ts';
import { configFixture } from '../../mocks/fixtures/config.ts';
import { discoveryDocument } from '../../mocks/handlers/auth.ts';
import { createOidcClient, type LoginState } from '../../src/web/auth/oidc.ts';
import { Paths } from '../../src/web/routes/paths.ts';

export async function prepareCallback(area: Area, person: string, state: Partial<LoginState> = {}): Promise<string> {
  const client = createOidcClient(configFixture.settings.oidc, area, 'http://localhost:3000', discoveryDocument);
  const data: LoginState = { origin: Paths.home, area, fromBackOfficeRoot: area === 'BO', ...state };
  const request = await client.createSigninRequest({ state: data });
  const id = new URL(request.url).searchParams.get('state');
  return `${area === 'FO' ? Paths.loginCallback : Paths.backOfficeLoginCallback}?code=code-${person}&state=${id}`;
}
