// The service page's files.json (spec §2 downloads): how big each document is in a language. A
// plain fetch: the public page does without the API client.
import type { Language } from '../../shared/constants.ts';
import { DOWNLOADS_BASE, DOWNLOADS_INDEX, type DownloadId, type DownloadsIndex } from '../../shared/downloads.ts';

export async function fetchDownloadSizes(language: Language, signal?: AbortSignal): Promise<Partial<Record<DownloadId, number>>> {
  const url = new URL(`${DOWNLOADS_BASE}/${DOWNLOADS_INDEX}?lang=${language}`, window.location.href);
  const response = await fetch(url, { signal, headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`files.json answered ${response.status}`);
  const index = (await response.json()) as DownloadsIndex;
  return Object.fromEntries(index.files.map((file) => [file.id, file.bytes]));
}
