// Drives the embedded provider's authorization-code flow through inject, the way a browser would:
// authorize → our sign-in page → pick a person → redirect back with a code → /api/login/token.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TokenResponse } from '#shared/api/auth.ts';

type Area = 'FO' | 'BO';

class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(setCookie: string | string[] | undefined): void {
    for (const line of ([] as string[]).concat(setCookie ?? [])) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

function pathOf(location: string): string {
  const url = new URL(location, 'http://placeholder');
  return `${url.pathname}${url.search}`;
}

export interface SignIn {
  tokens: TokenResponse;
  status: number;
}

export async function authorize(app: FastifyInstance, baseUrl: string, area: Area, person: string) {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const clientId = area === 'FO' ? 'suap-fo' : 'suap-bo';
  const redirectUri = `${baseUrl}${area === 'FO' ? '/auth/callback' : '/auth/back-office/callback'}`;
  const jar = new CookieJar();
  const host = new URL(baseUrl).host;
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
  });
  let response = await app.inject({ method: 'GET', url: `/idp/auth?${query}`, headers: { host } });
  jar.store(response.headers['set-cookie']);
  if (response.statusCode !== 303) throw new Error(`authorize answered ${response.statusCode}: ${response.body}`);
  const loginPath = pathOf(String(response.headers.location));
  const page = await app.inject({ method: 'GET', url: loginPath, headers: { host, cookie: jar.header() } });
  response = await app.inject({
    method: 'POST',
    url: loginPath,
    headers: { host, cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: `person=${encodeURIComponent(person)}`,
  });
  jar.store(response.headers['set-cookie']);
  // Follow the provider's redirects until it sends the browser back to the portal with a code.
  for (let hops = 0; hops < 5; hops++) {
    const location = String(response.headers.location ?? '');
    if (location.startsWith(redirectUri)) {
      const code = new URL(location).searchParams.get('code');
      if (!code) throw new Error(`no code in ${location}`);
      // `cookies`: the provider's session, for a later logout at the provider (RP-initiated logout).
      return { code, verifier, redirectUri, loginPage: page.body, cookies: jar.header() };
    }
    response = await app.inject({ method: 'GET', url: pathOf(location), headers: { host, cookie: jar.header() } });
    jar.store(response.headers['set-cookie']);
  }
  throw new Error(`the provider did not redirect back: ${response.statusCode} ${String(response.headers.location)} ${response.body}`);
}

export async function signIn(app: FastifyInstance, baseUrl: string, area: Area, person: string): Promise<TokenResponse> {
  const { code, verifier, redirectUri } = await authorize(app, baseUrl, area, person);
  const response = await app.inject({
    method: 'POST',
    url: area === 'FO' ? '/api/login/token' : '/api/login/token2',
    payload: { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier },
  });
  if (response.statusCode !== 200) throw new Error(`token exchange answered ${response.statusCode}: ${response.body}`);
  return response.json() as TokenResponse;
}
