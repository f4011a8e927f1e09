// The one HTTP client of the SPA, built on the shared contract (src/shared/api). Common behaviour
// of spec §7: every call under API_BASE, no-cache headers, and query parameters without a value
// dropped (the server rejects an empty `filter`, and `?x=` must never mean "x is empty string").
import axios from 'axios';
import type { ConfigResponse } from '../../shared/api/master-data.ts';
import { API_BASE, ApiPaths } from '../../shared/api/paths.ts';

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
  headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
  paramsSerializer: { serialize: (params) => serializeParams(params) },
});

/** An answer that arrived but whose envelope is not a success (spec §8: code other than 200). */
export class ApiResultError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.name = 'ApiResultError';
    this.code = code;
  }
}

/** Public configuration and reference lists, needed before any screen can decide anything. */
export async function getConfig(signal?: AbortSignal): Promise<ConfigResponse> {
  const { data } = await api.get<ConfigResponse>(ApiPaths.config, { signal });
  if (data?.code !== 200) throw new ApiResultError(data?.code ?? 999, data?.message ?? 'Generic Error');
  return data;
}
