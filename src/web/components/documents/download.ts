// What a details page sends and shows for a document's download (docs/architecture.md "Where
// documents are shown"): the details machine's event for one document, and the alert that names a
// document whose bytes did not arrive.
import type { DetailsEvent } from '#machines/details.ts';
import type { ShownDocument } from '../../actors/shown-documents.ts';

export function downloadEvent(document: ShownDocument): Extract<DetailsEvent, { type: 'DOWNLOAD_DOCUMENT' }> {
  return { type: 'DOWNLOAD_DOCUMENT', document: { path: document.path, fileName: document.fileName, hash: document.hash } };
}

export function documentError(fileName: string) {
  return {
    kind: 'alert',
    type: 'error',
    titleKey: 'shown-docs.download-failed.title',
    descriptionKey: 'shown-docs.download-failed.description',
    values: { fileName },
  } as const;
}
