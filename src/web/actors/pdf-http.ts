// The PDF recap download (spec §7 getPdfRecap, front- and back-office paths) on the one axios
// client: the file comes as a blob and is saved under the name the server gives in
// Content-Disposition (src/web/lists/pdf.ts reads it and saves the file).
import type { Language } from '../../shared/constants.ts';
import { recapFileName } from '../../shared/recap.ts';
import { api } from '../api/client.ts';
import { fileNameOf, fileSaver } from '../lists/pdf.ts';

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
