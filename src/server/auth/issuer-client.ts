// The portal as a relying party of its identity provider: code exchange and revocation with the
// confidential client's credentials (HTTP Basic), and verification of the JWTs it issues.
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JSONWebKeySet, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { LRUCache } from 'lru-cache';
import type { OidcConfig } from '../config.ts';
import { reasonOf } from '../services/dependency-health.ts';

/** How long a token's verified signature is trusted without checking it again. */
const VERIFIED_TOKEN_MS = 5 * 60_000;

export type Area = 'FO' | 'BO';

/** One HTTP exchange with the issuer; the embedded provider is reached in-process. */
export type IssuerFetch = (request: {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}) => Promise<{ status: number; json: unknown }>;

/** Told of every exchange with the issuer: whether it answered (docs/deployment.md, "Readiness"). */
export interface IssuerReachability {
  answered(): void;
  failed(reason: string): void;
}

/** The request never got an answer: no connection, a reset, a time-out (fetch's and jose's). */
function unreachable(error: unknown): boolean {
  const e = error as { name?: unknown; code?: unknown } | null;
  return error instanceof TypeError || e?.name === 'TimeoutError' || e?.name === 'AbortError' || e?.code === 'ERR_JWKS_TIMEOUT';
}

const UNREACHABLE = 'The identity provider could not be reached.';

export class IssuerError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

interface Discovery {
  issuer: string;
  token_endpoint: string;
  revocation_endpoint?: string;
  end_session_endpoint?: string;
  jwks_uri: string;
  authorization_endpoint: string;
}

export const fetchIssuer: IssuerFetch = async ({ method, url, headers, body }) => {
  const response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = { error: 'invalid_response' };
  }
  return { status: response.status, json };
};

export class IssuerClient {
  private readonly config: OidcConfig;
  private readonly send: IssuerFetch;
  private readonly secrets: { FO: string; BO: string };
  private discovery: Promise<Discovery> | null = null;
  private keys: JWTVerifyGetKey | null;

  private readonly verified = new LRUCache<string, { at: number; payload: JWTPayload }>({ max: 10_000 });
  private readonly now: () => number;
  private reachability: IssuerReachability | null = null;

  constructor(
    config: OidcConfig,
    secrets: { FO: string; BO: string },
    send: IssuerFetch = fetchIssuer,
    localJwks?: JSONWebKeySet,
    now: () => number = Date.now,
  ) {
    this.now = now;
    this.config = config;
    this.secrets = secrets;
    this.send = send;
    this.keys = localJwks ? createLocalJWKSet(localJwks) : null;
  }

  /** Reports every exchange with the issuer to `reachability` from now on. */
  reportTo(reachability: IssuerReachability): void {
    this.reachability = reachability;
  }

  /**
   * One exchange with the issuer. No answer at all is a 502 (docs/api/openapi.json: "the identity
   * provider did not answer as expected"), never the 401 of a refused code: the person did nothing wrong.
   */
  private async call(request: Parameters<IssuerFetch>[0]): ReturnType<IssuerFetch> {
    let answer;
    try {
      answer = await this.send(request);
    } catch (error) {
      this.reachability?.failed(reasonOf(error));
      throw new IssuerError(502, UNREACHABLE);
    }
    if (answer.status >= 500) this.reachability?.failed(`HTTP ${answer.status}`);
    else this.reachability?.answered();
    return answer;
  }

  /** Asks for the discovery document afresh: throws when the issuer does not answer it (readiness). */
  async probe(): Promise<void> {
    const { status } = await this.send({
      method: 'GET',
      url: `${this.config.issuer}/.well-known/openid-configuration`,
      headers: { accept: 'application/json' },
    });
    if (status !== 200) throw new IssuerError(502, `identity provider discovery answered ${status}`);
  }

  clientId(area: Area): string {
    return area === 'FO' ? this.config.foClientId : this.config.boClientId;
  }

  private basicAuth(area: Area): string {
    const id = encodeURIComponent(this.clientId(area));
    const secret = encodeURIComponent(this.secrets[area]);
    return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  }

  metadata(): Promise<Discovery> {
    if (!this.discovery) {
      this.discovery = this.call({
        method: 'GET',
        url: `${this.config.issuer}/.well-known/openid-configuration`,
        headers: { accept: 'application/json' },
      }).then(({ status, json }) => {
        if (status !== 200) throw new IssuerError(502, `identity provider discovery answered ${status}`);
        return json as Discovery;
      });
      this.discovery.catch(() => (this.discovery = null));
    }
    return this.discovery;
  }

  private async verifier(): Promise<JWTVerifyGetKey> {
    if (!this.keys) this.keys = createRemoteJWKSet(new URL((await this.metadata()).jwks_uri));
    return this.keys;
  }

  async exchangeCode(area: Area, params: { code: string; redirect_uri: string; code_verifier?: string }): Promise<Record<string, unknown>> {
    const { token_endpoint } = await this.metadata();
    const body = new URLSearchParams({ grant_type: 'authorization_code', code: params.code, redirect_uri: params.redirect_uri });
    if (params.code_verifier) body.set('code_verifier', params.code_verifier);
    const { status, json } = await this.call({
      method: 'POST',
      url: token_endpoint,
      headers: { authorization: this.basicAuth(area), 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: body.toString(),
    });
    if (status !== 200) {
      const error = (json as { error?: string } | null)?.error ?? 'token_exchange_failed';
      throw new IssuerError(status >= 500 ? 502 : 401, `The identity provider refused the code (${error}).`);
    }
    return json as Record<string, unknown>;
  }

  /** A new access token (and ID token, and a rotated refresh token when the provider rotates) for a refresh token. */
  async refresh(area: Area, refreshToken: string): Promise<Record<string, unknown>> {
    const { token_endpoint } = await this.metadata();
    const { status, json } = await this.call({
      method: 'POST',
      url: token_endpoint,
      headers: { authorization: this.basicAuth(area), 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
    });
    if (status !== 200) {
      const error = (json as { error?: string } | null)?.error ?? 'refresh_failed';
      throw new IssuerError(status >= 500 ? 502 : 401, `The identity provider refused the refresh token (${error}).`);
    }
    return json as Record<string, unknown>;
  }

  async revoke(area: Area, token: string): Promise<void> {
    const { revocation_endpoint } = await this.metadata();
    if (!revocation_endpoint) return;
    const { status, json } = await this.call({
      method: 'POST',
      url: revocation_endpoint,
      headers: { authorization: this.basicAuth(area), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, token_type_hint: 'access_token' }).toString(),
    });
    // RFC 7009 §2.2.1: a provider that keeps no state for self-contained (JWT) access tokens answers
    // unsupported_token_type; our own revocation list is then what makes the token unusable.
    const unsupported = status === 400 && (json as { error?: string } | null)?.error === 'unsupported_token_type';
    if (status !== 200 && !unsupported) throw new IssuerError(502, `The identity provider could not revoke the token (${status}).`);
  }

  /**
   * Checks signature, issuer, audience and expiry of an access token. A token is a fixed string, so
   * once its signature, issuer and audience checked out they always will: the outcome is kept (for
   * at most VERIFIED_TOKEN_MS) and only the time-bound claims are checked again on each call. The
   * signature check is the largest CPU cost of an authenticated call; revocation is not cached
   * here, it is checked on every call by the access hook.
   */
  async verifyAccessToken(token: string): Promise<JWTPayload> {
    const now = this.now();
    const known = this.verified.get(token);
    if (known && now - known.at < VERIFIED_TOKEN_MS) {
      const seconds = Math.floor(now / 1000);
      if (known.payload.exp !== undefined && known.payload.exp <= seconds) throw new IssuerError(401, 'the access token has expired');
      if (known.payload.nbf !== undefined && known.payload.nbf > seconds) throw new IssuerError(401, 'the access token is not valid yet');
      return known.payload;
    }
    const { payload } = await jwtVerify(token, await this.verifier(), {
      issuer: this.config.issuer,
      audience: this.config.audience,
      currentDate: new Date(now),
    });
    this.verified.set(token, { at: now, payload });
    return payload;
  }

  /** Checks an ID token issued to the given area's client. */
  async verifyIdToken(area: Area, token: string): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(token, await this.verifier(), { issuer: this.config.issuer, audience: this.clientId(area) });
      return payload;
    } catch (error) {
      // The issuer's keys could not be fetched: the provider's failure, not the token's.
      if (!unreachable(error)) throw error;
      this.reachability?.failed(reasonOf(error));
      throw new IssuerError(502, UNREACHABLE);
    }
  }
}
