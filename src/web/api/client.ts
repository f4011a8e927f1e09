// The one HTTP client of the SPA, built on the shared contract (src/shared/api). Common behaviour
// of spec §7: every call under API_BASE, no-cache headers, and query parameters without a value
// dropped (the server rejects an empty `filter`, and `?x=` must never mean "x is empty string").
// The interceptors report to the running machines through bridge.ts. Loaded with the screens that
// call the API; the shell's one request, the configuration, goes without axios (config.ts).
import axios from 'axios';
import { API_BASE } from '#shared/api/paths.ts';
import { httpReports } from './bridge.ts';
import { NO_CACHE_HEADERS } from './config.ts';
import { installInterceptors } from './interceptors.ts';

export { getConfig } from './config.ts';

type ParamValue = string | number | boolean | null | undefined;

function hasValue(value: unknown): value is string | number | boolean {
  return value !== undefined && value !== null && value !== '';
}

/** Query string of the given parameters without empty, undefined or null values; arrays repeat the key. */
export function serializeParams(params: Record<string, ParamValue | readonly ParamValue[]> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) if (hasValue(item)) search.append(key, String(item));
  }
  return search.toString();
}

export const api = axios.create({
  baseURL: API_BASE,
  headers: { ...NO_CACHE_HEADERS },
  paramsSerializer: { serialize: (params) => serializeParams(params) },
});

installInterceptors(api, httpReports);
