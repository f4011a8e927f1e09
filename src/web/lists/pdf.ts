// The PDF recap download (spec §7 getPdfRecap, front- and back-office paths): the file comes as a
// blob and is saved under the name the server gives in Content-Disposition (RFC 6266: the UTF-8
// `filename*` wins over the plain `filename`).
import { api } from '../api/client.ts';
import type { Language } from '../../shared/constants.ts';
import { recapFileName } from '../../shared/recap.ts';

export function fileNameOf(contentDisposition: string | null | undefined, fallback: string): string {
  if (!contentDisposition) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(contentDisposition)?.[1];
  if (extended) {
    try {
      return sanitize(decodeURIComponent(extended.trim())) || fallback;
    } catch {
      // Malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(contentDisposition)?.[1];
  return (plain && sanitize(plain.trim())) || fallback;
}

/** A file name, never a path. */
function sanitize(name: string): string {
  return name.replace(/[/\\]/g, '_');
}

/** Hands the blob to the browser as a download; replaced in tests (jsdom cannot save files). */
export const fileSaver = {
  save(blob: Blob, name: string): void {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
    // Give the browser time to start the download before the URL is revoked.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
};

/** Downloads request `requestId`'s recap at `path` (an API path) in `language` and saves it;
 * rejects when it could not. */
export async function downloadPdf(path: string, requestId: number, language: Language): Promise<string> {
  const response = await api.get<Blob>(path, { responseType: 'blob', params: { lang: language } });
  const blob = response.data;
  if (!(blob instanceof Blob) || blob.size === 0) throw new Error('empty recap');
  const header = response.headers['content-disposition'];
  const name = fileNameOf(typeof header === 'string' ? header : null, recapFileName(requestId, language));
  fileSaver.save(blob, name);
  return name;
}
