// The public configuration, requested by the shell on every page load (app/ConfigProvider.tsx).
// With the browser's fetch rather than the axios client, so the first page downloads no HTTP
// library: same headers as the client (no-cache), same reports to the spinner (bridge.ts), same
// envelope check and failure type (./failure.ts).
import type { ConfigResponse } from '#shared/api/master-data.ts';
import { API_BASE, ApiPaths } from '#shared/api/paths.ts';
import { httpReports, nextRequestId } from './bridge.ts';
import { send } from './failure.ts';

export const NO_CACHE_HEADERS = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' } as const;

/** Public configuration and reference lists, needed before any screen can decide anything. */
export async function getConfig(signal?: AbortSignal): Promise<ConfigResponse> {
  const requestId = nextRequestId();
  httpReports.requestStarted(requestId);
  try {
    return await send(async () => {
      const response = await fetch(`${API_BASE}${ApiPaths.config}`, { headers: NO_CACHE_HEADERS, signal });
      return { status: response.status, data: (await response.json().catch(() => null)) as ConfigResponse };
    });
  } finally {
    httpReports.requestEnded(requestId);
  }
}
