import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { IssuerClient } from '#server/auth/issuer-client.ts';
import type { OidcConfig } from '#server/config.ts';

const config: OidcConfig = {
  embedded: false,
  issuer: 'https://id.example.org',
  audience: 'suap-api',
  foClientId: 'suap-fo',
  boClientId: 'suap-bo',
  foClientSecret: null,
  boClientSecret: null,
  accessTokenSeconds: 300,
};

describe('access token verification', () => {
  it('keeps a verified signature but still enforces expiry on every call', async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    let now = Date.UTC(2026, 10, 21, 9, 0, 0);
    const client = new IssuerClient(config, { FO: '', BO: '' }, undefined, { keys: [jwk] }, () => now);
    const seconds = Math.floor(now / 1000);
    const token = await new SignJWT({ client_id: 'suap-fo', jti: 'j1' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(config.issuer)
      .setAudience(config.audience)
      .setSubject('mario')
      .setIssuedAt(seconds)
      .setExpirationTime(seconds + 60)
      .sign(privateKey);
    expect((await client.verifyAccessToken(token)).sub).toBe('mario');
    now += 30_000;
    expect((await client.verifyAccessToken(token)).jti).toBe('j1');
    now += 31_000;
    await expect(client.verifyAccessToken(token)).rejects.toThrow(/expired/);
    // A token differing by one character is checked afresh and refused.
    const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'B' : 'A'}${token.slice(-1)}`;
    now -= 61_000;
    await expect(client.verifyAccessToken(tampered)).rejects.toThrow();
  });
});
