// What every API call reports to the running machines (the bearer token of the session, the
// spinner's start and end, a 401 ending the session), without axios: the shell connects the
// machines here (app/bridges/use-http-bridge.ts) at start-up, and the axios client (client.ts), which
// loads with the first screen that calls the API, installs its interceptors on these reports.
// The configuration request (config.ts) reports here too, so the first page needs no axios at all.

export interface InterceptorDeps {
  accessToken(): string | null;
  requestStarted(requestId: string): void;
  requestEnded(requestId: string): void;
  /**
   * A protected call answered 401: the token is invalid, expired or revoked. Resolves, once the
   * auth machine has decided, to the renewed session's token (the call is retried once with it)
   * or to null (the session ended).
   */
  expired(): Promise<string | null>;
}

let connected: InterceptorDeps | null = null;

/** The machines' end of the reports, until the returned function disconnects them. */
export function connectHttp(deps: InterceptorDeps): () => void {
  connected = deps;
  return () => {
    if (connected === deps) connected = null;
  };
}

/** The reports, handed to whichever machines are connected at the time of each call. */
export const httpReports: InterceptorDeps = {
  accessToken: () => connected?.accessToken() ?? null,
  requestStarted: (requestId) => connected?.requestStarted(requestId),
  requestEnded: (requestId) => connected?.requestEnded(requestId),
  expired: () => connected?.expired() ?? Promise.resolve(null),
};

// Module-wide, so ids stay unique across clients and reinstalled interceptors (StrictMode,
// remounts) while older calls are still in flight.
let sequence = 0;

export function nextRequestId(): string {
  sequence += 1;
  return `http-${sequence}`;
}
