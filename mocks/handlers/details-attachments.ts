// msw handlers of a request's documents as its details pages read them (docs/architecture.md
// "Where documents are shown"), typed by the shared contract: the citizen's list (GET
// attachmentList, the owner's requests only, another's answering 404 like a missing one) and the
// desk's (GET boAttachmentList, staff only). The fixtures give request 104 (Mario's, rejected) a
// signed form, an unsigned floor plan and a form whose signature no longer verifies; any other
// request has none. The wizard's uploads and removals are attachments.ts's.
import { http, HttpResponse } from 'msw';
import type { Attachment, AttachmentListResponse, SignatureReport } from '#shared/api/attachments.ts';
import { API_BASE, routePattern } from '#shared/api/paths.ts';
import { Role } from '#shared/constants.ts';
import { OK_STATUS, type Status } from '#shared/envelope.ts';
import { mockStore, type MockStore } from '../fixtures/back-office.ts';
import { identityOfToken } from '../fixtures/identities.ts';
import { fail } from './envelope.ts';

export const detailsAttachmentUrls = {
  own: `${API_BASE}${routePattern('attachmentList')}`,
  desk: `${API_BASE}${routePattern('boAttachmentList')}`,
} as const;

const marioSigns = (intact: boolean): SignatureReport => ({
  format: 'CAdES',
  signers: [{ name: 'Mario Rossi', fiscalCode: 'RSSMRA80A01H501U', isApplicant: true, signingTime: '2025-01-10T08:30:00.000Z', intact }],
  chainChecked: false,
});

/** The documents of the fixtures' requests, by request id. */
export const DETAILS_ATTACHMENTS: Readonly<Record<number, readonly Attachment[]>> = {
  104: [
    {
      attachmentId: 9001,
      requirementCode: 'SCIA_FORM',
      fileName: 'modulo-scia.pdf.p7m',
      mimeType: 'application/pkcs7-mime',
      size: 52_429,
      hash: '3a7bd3e2360a3d29eea436fcfb7e44c735d117c42d1c1835420b6b9942dd4f1b',
      algHash: 'S256',
      uploadedOn: '2025-01-10T08:45:00.000Z',
      signature: marioSigns(true),
      sentWithRequest: true,
    },
    {
      attachmentId: 9002,
      requirementCode: 'FLOOR_PLAN',
      fileName: 'planimetria.pdf',
      mimeType: 'application/pdf',
      size: 2_097_152,
      hash: 'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9',
      algHash: 'S256',
      uploadedOn: '2025-01-10T08:50:00.000Z',
      signature: null,
      sentWithRequest: true,
    },
    {
      attachmentId: 9003,
      requirementCode: 'SCIA_FORM',
      fileName: 'modulo-alterato.pdf.p7m',
      mimeType: 'application/pkcs7-mime',
      size: 1_000,
      hash: 'c3ab8ff13720e8ad9047dd39466b3c8974e592c2fa383d4a3960714caef0c4f2',
      algHash: 'S256',
      uploadedOn: '2025-01-10T08:55:00.000Z',
      signature: marioSigns(false),
      sentWithRequest: true,
    },
  ],
};

export function detailsAttachmentHandlers(documents: Readonly<Record<number, readonly Attachment[]>> = DETAILS_ATTACHMENTS, store: MockStore = mockStore) {
  const answer = (requestId: number) => HttpResponse.json<AttachmentListResponse>({ ...OK_STATUS, attachmentList: [...(documents[requestId] ?? [])] });
  return [
    http.get<{ id: string }, never, AttachmentListResponse | Status>(detailsAttachmentUrls.own, ({ request, params }) => {
      const user = identityOfToken(request.headers.get('authorization'))?.user.FO;
      if (!user) return fail(401, 'Unauthorized');
      const found = store.requests.find((candidate) => candidate.requestId === Number(params.id));
      if (!found || found.user.userId !== user.userId) return fail(404, 'Not Found', 'No such request among yours.');
      return answer(found.requestId);
    }),
    http.get<{ id: string }, never, AttachmentListResponse | Status>(detailsAttachmentUrls.desk, ({ request, params }) => {
      const user = identityOfToken(request.headers.get('authorization'))?.user.BO;
      if (!user) return fail(401, 'Unauthorized');
      if (![Role.BO_ADMIN, Role.BO_COLLAB, Role.CLERK].includes(user.profile.profileId as never)) return fail(403, 'Forbidden');
      if (!store.requests.some((candidate) => candidate.requestId === Number(params.id))) return fail(404, 'Not Found');
      return answer(Number(params.id));
    }),
  ];
}
