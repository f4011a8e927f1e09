// What a PDF worker thread is asked to render: plain data that crosses the thread boundary by
// structured clone (no database handle, no function).
import type { SuapRequest } from '#shared/api/requests.ts';
import type { DownloadOptions, InitiativeGroup } from './downloads.ts';
import type { RecapOptions } from './recap.ts';

export type PdfTask =
  | { kind: 'recap'; request: SuapRequest; options: RecapOptions }
  | { kind: 'decree160'; options: DownloadOptions }
  | { kind: 'iniziative'; groups: readonly InitiativeGroup[]; options: DownloadOptions };
