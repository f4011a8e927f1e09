// The embedded development identity provider (oidc-provider): two confidential clients (front
// office and back office), authorization code with PKCE, JWT access tokens for the portal's API.
import type { Kysely } from 'kysely';
import Provider, { type ClientMetadata, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { RevocationStore } from '../auth/revocations.ts';
import type { Database } from '../db/schema.ts';
import { databaseAdapter } from './adapter.ts';
import { CLAIM_NAMES, findIdentity, identityClaims } from './accounts.ts';
import type { IdpSecrets } from './keys.ts';
import { renderSignedOutPage, renderLogoutPage } from './logout-page.ts';
import { SIGN_IN_SECONDS } from './lifetimes.ts';
import { trackAccessTokenGrants } from './token-families.ts';

export const IDP_MOUNT = '/idp';
export const LOGIN_MOUNT = '/idp-login';

export interface EmbeddedIdpOptions {
  publicUrl: string;
  audience: string;
  clients: { fo: { id: string; redirectUris: string[] }; bo: { id: string; redirectUris: string[] } };
  postLogoutRedirectUris: string[];
  secrets: IdpSecrets;
  db: Kysely<Database>;
  secureCookies: boolean;
  accessTokenSeconds: number;
}

export function createEmbeddedProvider(options: EmbeddedIdpOptions): Provider {
  const { secrets, audience } = options;
  const client = (id: string, secret: string, redirectUris: string[]): ClientMetadata => ({
    client_id: id,
    client_secret: secret,
    redirect_uris: redirectUris,
    post_logout_redirect_uris: options.postLogoutRedirectUris,
    // refresh_token: the portal renews an access token before it expires (docs/architecture.md "The API contract").
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
  });

  const configuration: Configuration = {
    adapter: databaseAdapter(options.db),
    clients: [
      client(options.clients.fo.id, secrets.clientSecrets.fo, options.clients.fo.redirectUris),
      client(options.clients.bo.id, secrets.clientSecrets.bo, options.clients.bo.redirectUris),
    ],
    jwks: { keys: [secrets.signingKey as never] },
    cookies: {
      keys: secrets.cookieKeys,
      short: { secure: options.secureCookies, httpOnly: true, sameSite: 'lax' },
      long: { secure: options.secureCookies, httpOnly: true, sameSite: 'lax' },
    },
    // Every identity claim rides in the ID token: the portal asks only for scope openid, as SPID does.
    claims: { openid: CLAIM_NAMES },
    conformIdTokenClaims: false,
    async findAccount(_ctx, id) {
      const person = findIdentity(id);
      if (!person) return undefined;
      return { accountId: id, claims: async () => identityClaims(person) as never };
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      // Without a userinfo endpoint the access token is always issued for the API resource.
      userinfo: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx: KoaContextWithOIDC, form: string) => {
          ctx.type = 'html';
          ctx.body = renderLogoutPage(form, ctx.get('accept-language'));
        },
        postLogoutSuccessSource: (ctx: KoaContextWithOIDC) => {
          ctx.type = 'html';
          ctx.body = renderSignedOutPage(options.publicUrl, ctx.get('accept-language'));
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => audience,
        useGrantedResource: async () => true,
        getResourceServerInfo: async () => ({
          scope: 'openid',
          audience,
          accessTokenFormat: 'jwt',
          accessTokenTTL: options.accessTokenSeconds,
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    pkce: { required: () => true },
    // Refresh tokens for our two clients, bound to the provider's session (no offline_access):
    // they end with it, at logout or after its 8 hours, so renewal never outlives a sign-in.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // RFC 9700 §4.14: a new refresh token on every use, the used one consumed; a consumed one that
    // comes back revokes the whole grant (docs/deployment.md "Tokens"). The default rotates only
    // public clients' tokens; ours are confidential, but the browser holds theirs.
    rotateRefreshToken: true,
    interactions: { url: (_ctx, interaction) => `${LOGIN_MOUNT}/${interaction.uid}` },
    // Our own clients need no consent screen: grant openid (and the API) on first sign-in.
    async loadExistingGrant(ctx) {
      const clientId = ctx.oidc.client!.clientId;
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid');
      grant.addOIDCClaims(CLAIM_NAMES);
      grant.addResourceScope(audience, 'openid');
      await grant.save();
      return grant;
    },
    ttl: {
      AccessToken: options.accessTokenSeconds,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: SIGN_IN_SECONDS,
      RefreshToken: SIGN_IN_SECONDS,
      Grant: SIGN_IN_SECONDS,
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      const text = Object.values(out)
        .map((v) => String(v).replace(/[&<>"']/g, ''))
        .join(' — ');
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title><link rel="stylesheet" href="${LOGIN_MOUNT}/assets/login.css"></head><body><main class="wrap"><h1>Sign-in error</h1><p>${text}</p><p><a href="${options.publicUrl}/">Portal home</a></p></main></body></html>`;
    },
  };
  const provider = new Provider(`${options.publicUrl}${IDP_MOUNT}`, configuration);
  trackAccessTokenGrants(provider, new RevocationStore(options.db));
  return provider;
}
