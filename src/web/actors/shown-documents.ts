// A request's documents as its details pages show them (docs/architecture.md "Where documents are
// shown"): the stored ones, each with its requirement's name (the initiative's requirement list)
// and the API path of its bytes. Loaded beside the request by the details machine's `loadDetails`
// (the DetailsRecord's `documents`). A list that could not be read is `null`: the page still shows
// the request and says the documents could not be loaded; a requirement list that could not be read
// leaves the requirements' codes as their names.
import type { Attachment, Requirement } from '#shared/api/attachments.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import type { NamedAttachment } from '#shared/document-display.ts';
import { requirements } from '../api/attachments.ts';

/** One document of a details page: its requirement's name in both languages and the API path of its bytes. */
export interface ShownDocument extends NamedAttachment {
  path: string;
}

/** The DetailsRecord's extra: the documents, or null when they could not be read. */
export interface ShownDocumentsRecord {
  documents: ShownDocument[] | null;
}

/**
 * Names `listed` (read beside the request; null when that failed) after the requirements of the
 * request's initiative and gives each the API path of its bytes.
 */
export async function shownDocuments(
  request: SuapRequest,
  listed: Attachment[] | null,
  pathOf: (requestId: number, attachmentId: number) => string,
): Promise<ShownDocument[] | null> {
  if (listed === null) return null;
  const iniziativeId = request.iniziative?.iniziativeId;
  const named: Requirement[] = listed.length > 0 && iniziativeId !== undefined ? await requirements(iniziativeId).catch(() => []) : [];
  const byCode = new Map(named.map((requirement) => [requirement.requirementCode, requirement]));
  return listed.map((attachment) => {
    const requirement = byCode.get(attachment.requirementCode);
    return {
      ...attachment,
      requirementNameIt: requirement?.nameIt ?? attachment.requirementCode,
      requirementNameEn: requirement?.nameEn ?? attachment.requirementCode,
      path: pathOf(request.requestId, attachment.attachmentId),
    };
  });
}
