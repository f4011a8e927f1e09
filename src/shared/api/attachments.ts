// Documents a request carries (docs/architecture.md "Documents"): what each initiative needs
// (its requirements), the attachments uploaded for them, and the signature report of each. One
// contract for the server's routes, the OpenAPI document, the SPA's adapter and the msw mocks.
// The national SUAP specifications (AgID, DPR 160/2010 annex, 2023) ask a SHA-256/384/512 hash
// of every document and serve it only against that hash; ours is SHA-256 (`algHash: "S256"`).
import Type, { type Static, type TLiteral } from 'typebox';
import { StatusSchema } from '../envelope.ts';
import { DOCUMENT_TYPES, REQUIREMENT_CONDITIONS, SIGNATURE_FORMATS } from '../documents.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
/**
 * A union of the literals of a const list, typed as the list's members: typebox types a union built
 * from an array (not a tuple) as `never`, so the list's mapped literals are typed as one literal of
 * the members' union (the JSON Schema is the same anyOf).
 */
const OneOf = <T extends string>(values: readonly T[], options?: { description?: string }) =>
  Type.Union(values.map((value) => Type.Literal(value)) as unknown as [TLiteral<T>], options);
const INSTANT = 'An instant: ISO 8601 with its offset, always UTC, e.g. 2026-03-01T09:30:00.000Z.';

export const DocumentTypeSchema = OneOf(DOCUMENT_TYPES, {
  description: 'A kind of file as read from its bytes: pdf (PDF and PDF/A), p7m (a CAdES envelope), xml, jpeg, png.',
});

export const RequirementCodeSchema = Type.String({ pattern: '^[A-Z][A-Z0-9_]{1,39}$', description: 'A requirement of the catalogue, e.g. SCIA_FORM.' });

/** One document an initiative asks for (`GET …/iniziative/{iniziativeId}/requirements`). */
export const RequirementSchema = Type.Object(
  {
    requirementCode: RequirementCodeSchema,
    nameIt: Type.String(),
    nameEn: Type.String(),
    descriptionIt: Type.String(),
    descriptionEn: Type.String(),
    required: Type.Boolean({ description: 'Required whatever the request says; false when only `requiredWhen` makes it so.' }),
    requiredWhen: Nullable(
      OneOf(REQUIREMENT_CONDITIONS, { description: 'A condition that makes the document required: intermediary (the applicant acts for the business).' }),
    ),
    acceptedTypes: Type.Array(DocumentTypeSchema, { minItems: 1 }),
    maxBytes: Type.Integer({ minimum: 1, description: 'The largest file accepted for this requirement, in bytes.' }),
    maxFiles: Type.Integer({ minimum: 1, description: 'How many files this requirement takes (a floor plan in three sheets).' }),
    signatureRequired: Type.Boolean({ description: 'The document must carry a qualified electronic signature (CAdES .p7m or PAdES).' }),
  },
  { title: 'Requirement' },
);
export type Requirement = Static<typeof RequirementSchema>;

export const RequirementListResponseSchema = Type.Object({ ...StatusSchema.properties, requirementList: Type.Array(RequirementSchema) });
export type RequirementListResponse = Static<typeof RequirementListResponseSchema>;

export const RequirementParamsSchema = Type.Object({ iniziativeId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

/** One signer of a signed document, as read from its certificate (an Italian one carries `TINIT-<fiscal code>`). */
export const SignerSchema = Type.Object(
  {
    name: Type.String({ description: "The certificate subject's common name (or given name and surname)." }),
    fiscalCode: Nullable(Type.String({ description: "The fiscal code of the certificate's serialNumber TINIT-…, when it carries one." })),
    isApplicant: Type.Boolean({ description: "The signer's fiscal code is the applicant's." }),
    signingTime: Nullable(Type.String({ format: 'date-time', description: `The signed signingTime attribute. ${INSTANT}` })),
    intact: Type.Boolean({ description: 'The signature verifies against the signed content with the certificate’s key.' }),
  },
  { title: 'Signer' },
);
export type Signer = Static<typeof SignerSchema>;

export const SignatureReportSchema = Type.Object(
  {
    format: OneOf(SIGNATURE_FORMATS),
    signers: Type.Array(SignerSchema),
    chainChecked: Type.Boolean({
      description: 'Whether the certificates were checked against the EU trusted lists; false offline ("certificate not checked against the trusted list").',
    }),
  },
  { title: 'SignatureReport' },
);
export type SignatureReport = Static<typeof SignatureReportSchema>;

export const AttachmentSchema = Type.Object(
  {
    attachmentId: Type.Integer(),
    requirementCode: RequirementCodeSchema,
    fileName: Type.String({ description: 'The name the file was uploaded with, for display.' }),
    mimeType: Type.String({ description: 'The type read from the bytes, not from the name.' }),
    size: Type.Integer({ minimum: 0, description: 'Bytes.' }),
    hash: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'Lowercase hex SHA-256 of the bytes; the download’s ETag.' }),
    algHash: Type.Literal('S256'),
    uploadedOn: Type.String({ format: 'date-time', description: INSTANT }),
    signature: Nullable(SignatureReportSchema),
    pdfaClaimed: Type.Optional(
      Nullable(Type.String({ description: 'The PDF/A conformance the file claims in its XMP metadata (e.g. "2b"), reported as claimed, not validated.' })),
    ),
    sentWithRequest: Type.Optional(Type.Boolean({ description: 'Part of the frozen set sent with the request.' })),
  },
  { title: 'Attachment' },
);
export type Attachment = Static<typeof AttachmentSchema>;

export const AttachmentResponseSchema = Type.Object({ ...StatusSchema.properties, attachment: AttachmentSchema });
export const AttachmentListResponseSchema = Type.Object({ ...StatusSchema.properties, attachmentList: Type.Array(AttachmentSchema) });
export type AttachmentListResponse = Static<typeof AttachmentListResponseSchema>;

export const AttachmentParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  attachmentId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});

export { UPLOAD_FIELDS } from '../documents.ts';
