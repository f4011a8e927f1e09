// The service page's files.json (spec §2 downloads): how big each document is in a language. A
// plain fetch, not the axios client: an anonymous visitor's service page downloads no HTTP library
// (src/web/actors/public-page.ts). Rejects with an ApiFailure (./failure.ts) like every adapter.
import type { Language } from '#shared/constants.ts';
import { DOWNLOADS_BASE, DOWNLOADS_INDEX, type DownloadId, type DownloadsIndex } from '#shared/downloads.ts';
import { apiFailure } from '#shared/api/failure.ts';
import { sendRaw } from './failure.ts';

export async function fetchDownloadSizes(language: Language, signal?: AbortSignal): Promise<Partial<Record<DownloadId, number>>> {
  const url = new URL(`${DOWNLOADS_BASE}/${DOWNLOADS_INDEX}?lang=${language}`, window.location.href);
  const index = await sendRaw(async () => {
    const response = await fetch(url, { signal, headers: { Accept: 'application/json' } });
    if (!response.ok) throw apiFailure({ status: response.status, message: `files.json answered ${response.status}` });
    return (await response.json()) as DownloadsIndex;
  });
  return Object.fromEntries(index.files.map((file) => [file.id, file.bytes]));
}
