// Signs a demo person in through the running portal's embedded provider over real HTTP, the way a
// browser does (authorize → sign-in page → code → /api/login/token), for benchmarks.
import { createHash, randomBytes } from 'node:crypto';

/** `apiOrigin`: the portal whose token exchange is used, when the provider runs elsewhere (an external issuer). */
export async function signInOverHttp(origin: string, publicUrl: string, area: 'FO' | 'BO', person: string, apiOrigin = origin): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${publicUrl}${area === 'FO' ? '/auth/callback' : '/auth/back-office/callback'}`;
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const i = pair!.indexOf('=');
      cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  };
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const go = async (url: string, init: RequestInit = {}) => {
    const target = new URL(url, origin);
    const response = await fetch(`${origin}${target.pathname}${target.search}`, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers ?? {}), cookie: cookieHeader() },
    });
    keep(response);
    return response;
  };
  const query = new URLSearchParams({
    client_id: area === 'FO' ? 'suap-fo' : 'suap-bo',
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 's',
    nonce: 'n',
  });
  let response = await go(`/idp/auth?${query}`);
  const loginPath = response.headers.get('location')!;
  response = await go(loginPath, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `person=${person}` });
  for (let hops = 0; hops < 5; hops++) {
    const location = response.headers.get('location') ?? '';
    if (location.startsWith(redirectUri)) {
      const code = new URL(location).searchParams.get('code')!;
      const token = await fetch(`${apiOrigin}/api/login/${area === 'FO' ? 'token' : 'token2'}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier }),
      });
      const tokens = (await token.json()) as { access_token?: string };
      if (!tokens.access_token) throw new Error(`token exchange answered ${token.status}: ${JSON.stringify(tokens)}`);
      return tokens.access_token;
    }
    response = await go(location);
  }
  throw new Error(`sign-in of ${person} did not complete`);
}
