// Cross-cutting behaviour of every API call, installed on the one axios client when it is created
// (client.ts): the bearer token of the logged session, the spinner's start/end report per request,
// and a 401 on a protected call reported to the auth machine (EXPIRED), which renews the session or
// ends it; a renewed call is retried once. The machines decide; this file reports and retries.
import { isAxiosError, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { nextRequestId, type InterceptorDeps } from './bridge.ts';

export type { InterceptorDeps } from './bridge.ts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * A call of the login flow itself (token exchange, user lookup, identity check, revoke): it
     * carries its own token, and its 401 means "refused", not "session expired".
     */
    authFlow?: boolean;
    /** Set by the interceptor: the spinner's id for this call. */
    requestId?: string;
    /** Set by the interceptor: the call carried the logged session's token. */
    sessionBearer?: boolean;
    /** Set by the interceptor: this is the one retry after the session's tokens were renewed. */
    renewalRetry?: boolean;
  }
}

export function installInterceptors(client: AxiosInstance, deps: InterceptorDeps): () => void {
  const onRequest = (config: InternalAxiosRequestConfig) => {
    config.requestId = nextRequestId();
    deps.requestStarted(config.requestId);
    if (!config.authFlow && !config.headers.has('Authorization')) {
      const token = deps.accessToken();
      if (token) {
        config.headers.set('Authorization', `Bearer ${token}`);
        config.sessionBearer = true;
      }
    }
    return config;
  };
  const settle = (config: InternalAxiosRequestConfig | undefined) => {
    if (config?.requestId) deps.requestEnded(config.requestId);
  };
  /**
   * A 401 on the session's token: the auth machine renews the session or ends it (docs/architecture.md "The API contract").
   * Renewed, the call is sent once more with the new token, so the save a person pressed goes
   * through; a second 401 ends the session like any other.
   */
  const afterUnauthorized = async (config: InternalAxiosRequestConfig, failure: unknown): Promise<AxiosResponse> => {
    const token = await deps.expired();
    if (!token || config.renewalRetry) throw failure;
    config.headers.set('Authorization', `Bearer ${token}`);
    return client.request({ ...config, renewalRetry: true });
  };
  const requestId = client.interceptors.request.use(onRequest);
  const responseId = client.interceptors.response.use(
    (response: AxiosResponse) => {
      settle(response.config);
      if (response.status === 401 && response.config.sessionBearer) return afterUnauthorized(response.config, response);
      return response;
    },
    (error: unknown) => {
      if (!isAxiosError(error)) return Promise.reject(error);
      settle(error.config);
      if (error.response?.status === 401 && error.config?.sessionBearer) return afterUnauthorized(error.config, error);
      return Promise.reject(error);
    },
  );
  return () => {
    client.interceptors.request.eject(requestId);
    client.interceptors.response.eject(responseId);
  };
}
