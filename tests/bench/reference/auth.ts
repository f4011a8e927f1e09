// The reference's caller check: the bearer token verified with jose against the provider's own
// keys (issuer, audience, expiry), a verified token remembered for five minutes like the portal
// does (only its time-bound claims checked again), then one prepared statement for the account and
// the token's revocation.
import type { IncomingHttpHeaders } from 'node:http';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import type pg from 'pg';
import { PRINCIPAL } from './statements.ts';

const VERIFIED_TOKEN_MS = 5 * 60_000;

export interface Caller {
  user_id: number;
  first_name: string;
  last_name: string;
  fiscal_code: string | null;
  profile_id: number;
}

export class Refusal extends Error {
  readonly status: number;
  constructor(status: number) {
    super(String(status));
    this.status = status;
  }
}

export interface AuthOptions {
  jwks: JSONWebKeySet;
  issuer: string;
  audience: string;
  clients: { FO: string; BO: string };
}

export function authenticator(pool: pg.Pool, options: AuthOptions) {
  const keys = createLocalJWKSet(options.jwks);
  const verified = new Map<string, { at: number; payload: JWTPayload }>();
  const verify = async (token: string): Promise<JWTPayload> => {
    const now = Date.now();
    const known = verified.get(token);
    if (known && now - known.at < VERIFIED_TOKEN_MS) {
      if (known.payload.exp !== undefined && known.payload.exp <= now / 1000) throw new Refusal(401);
      return known.payload;
    }
    const { payload } = await jwtVerify(token, keys, { issuer: options.issuer, audience: options.audience });
    if (verified.size > 10_000) verified.clear();
    verified.set(token, { at: now, payload });
    return payload;
  };
  /** The caller of `area` holding one of `roles`, or a Refusal (401/403). */
  return async (headers: IncomingHttpHeaders, area: 'FO' | 'BO', roles: number[]): Promise<Caller> => {
    const header = headers.authorization;
    if (!header || !header.startsWith('Bearer ')) throw new Refusal(401);
    let claims: JWTPayload;
    try {
      claims = await verify(header.slice(7));
    } catch {
      throw new Refusal(401);
    }
    if (claims.client_id !== options.clients[area] || !claims.jti) throw new Refusal(401);
    const { rows } = await pool.query({ ...PRINCIPAL, values: [claims.jti, area, claims.sub] });
    const row = rows[0];
    if (!row || row.revoked) throw new Refusal(401);
    if (row.user_id === null || row.active !== 1 || !roles.includes(row.profile_id)) throw new Refusal(403);
    return row as Caller;
  };
}
