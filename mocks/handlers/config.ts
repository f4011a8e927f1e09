// msw handlers of the configuration call. `configHandlers` answer with the fixture; the named
// variants let a test swap in another answer with `server.use(...)`.
import { http, HttpResponse } from 'msw';
import type { ConfigResponse } from '#shared/api/master-data.ts';
import { API_BASE, ApiPaths } from '#shared/api/paths.ts';
import { GENERIC_ERROR } from '#shared/constants.ts';
import { configFixture } from '../fixtures/config.ts';

export const CONFIG_URL = `${API_BASE}${ApiPaths.config}`;

export function configHandler(body: ConfigResponse = configFixture) {
  return http.get(CONFIG_URL, () => HttpResponse.json(body));
}

/** The server failing (500 with the spec's generic error envelope). */
export function configFailureHandler() {
  return http.get(CONFIG_URL, () => HttpResponse.json(GENERIC_ERROR, { status: 500 }));
}

export const configHandlers = [configHandler()];
