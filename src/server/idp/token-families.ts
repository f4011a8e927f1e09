// Token families (RFC 9700 §2.2.2 and §4.14; docs/deployment.md "Tokens"). The provider rotates the
// refresh token on every use and, when a used one comes back or a code is redeemed twice, revokes
// the whole grant: its refresh tokens and codes in its own storage. Its access tokens are JWTs the
// API verifies itself, so the provider cannot take them back; this module tells our revocation
// store which grant each access token belongs to, and the storage adapter (./adapter.ts) revokes
// them there when the provider revokes the grant.
import { decodeJwt } from 'jose';
import type Provider from 'oidc-provider';
import type { RevocationStore } from '../auth/revocations.ts';

/** After the token endpoint answered with an access token, remembers the grant it came from. */
export function trackAccessTokenGrants(provider: Provider, revocations: RevocationStore): void {
  provider.use(async (ctx, next) => {
    await next();
    // Runs before Koa writes the answer: the token reaches the client only once it is recorded.
    if (ctx.oidc?.route !== 'token' || ctx.status !== 200) return;
    const grantId = ctx.oidc.entities.AccessToken?.grantId;
    const value = (ctx.body as { access_token?: unknown } | undefined)?.access_token;
    if (!grantId || typeof value !== 'string') return;
    const { jti, exp } = decodeJwt(value);
    if (!jti || !exp) return;
    await revocations.recordIssued(jti, grantId, new Date(exp * 1000));
  });
}
