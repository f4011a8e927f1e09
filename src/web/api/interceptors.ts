// Cross-cutting behaviour of every API call, installed on the one axios client when it is created
// (client.ts): the bearer token of the logged session, the spinner's start/end report per request,
// and a 401 on a protected call ending the session (auth EXPIRED). The machines decide what
// follows; this file only reports (bridge.ts hands the reports to them).
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
  const settle = (config: InternalAxiosRequestConfig | undefined, status: number | undefined) => {
    if (config?.requestId) deps.requestEnded(config.requestId);
    if (status === 401 && config?.sessionBearer) deps.expired();
  };
  const requestId = client.interceptors.request.use(onRequest);
  const responseId = client.interceptors.response.use(
    (response: AxiosResponse) => {
      settle(response.config, response.status);
      return response;
    },
    (error: unknown) => {
      if (isAxiosError(error)) settle(error.config, error.response?.status);
      return Promise.reject(error);
    },
  );
  return () => {
    client.interceptors.request.eject(requestId);
    client.interceptors.response.eject(responseId);
  };
}
