// The PDF recap download (spec §7 getPdfRecap, front- and back-office paths) on the one axios
// client: the file comes as a blob and is saved under the name the server gives in
// Content-Disposition (src/web/lists/pdf.ts reads it and saves the file). Rejects with an
// ApiFailure (./failure.ts), an empty file included.
import { apiFailure } from '#shared/api/failure.ts';
import type { Language } from '#shared/constants.ts';
import { recapFileName } from '#shared/recap.ts';
import { fileNameOf, fileSaver } from '../lists/pdf.ts';
import { api } from './client.ts';
import { sendRaw } from './failure.ts';

/** Downloads request `requestId`'s recap at `path` (an API path) in `language` and saves it;
 * rejects when it could not. */
export async function downloadPdf(path: string, requestId: number, language: Language): Promise<string> {
  const response = await sendRaw(() => api.get<Blob>(path, { responseType: 'blob', params: { lang: language } }));
  const blob = response.data;
  if (!(blob instanceof Blob) || blob.size === 0) throw apiFailure({ status: response.status, message: 'empty recap' });
  const header = response.headers['content-disposition'];
  const name = fileNameOf(typeof header === 'string' ? header : null, recapFileName(requestId, language));
  fileSaver.save(blob, name);
  return name;
}
