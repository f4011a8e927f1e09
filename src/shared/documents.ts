// Documents of a request (docs/architecture.md "Documents"): the kinds of file accepted, read from
// their bytes, and the limits that bound them. One definition for the server's checks, the
// wizard's messages and the msw mocks; the server's environment may lower or raise the limits
// (docs/deployment.md).

/** Kinds of file as read from the bytes (AgID guidelines on electronic documents: PDF, PDF/A, XML, images, signed CAdES or PAdES). */
export const DOCUMENT_TYPES = ['pdf', 'p7m', 'xml', 'jpeg', 'png'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The MIME type each kind is stored and served with. */
export const DOCUMENT_MIME_TYPES: Readonly<Record<DocumentType, string>> = {
  pdf: 'application/pdf',
  p7m: 'application/pkcs7-mime',
  xml: 'application/xml',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** The file-name extensions a file chooser offers for each kind (a filter for people, never a check). */
export const DOCUMENT_EXTENSIONS: Readonly<Record<DocumentType, readonly string[]>> = {
  pdf: ['.pdf'],
  p7m: ['.p7m'],
  xml: ['.xml'],
  jpeg: ['.jpg', '.jpeg'],
  png: ['.png'],
};

/** Conditions that make a document required (`requiredWhen`): the applicant acts for the business (business.role). */
export const REQUIREMENT_CONDITIONS = ['intermediary'] as const;
export type RequirementCondition = (typeof REQUIREMENT_CONDITIONS)[number];

export const SIGNATURE_FORMATS = ['CAdES', 'PAdES'] as const;
export type SignatureFormat = (typeof SIGNATURE_FORMATS)[number];

const MB = 1024 * 1024;

/** Default limits (MAX_ATTACHMENT_BYTES, MAX_REQUEST_ATTACHMENT_BYTES, MAX_PERSON_ATTACHMENT_BYTES). */
export const DocumentLimits = {
  /** One file. */
  fileBytes: 20 * MB,
  /** All the documents of one request. */
  requestBytes: 100 * MB,
  /** All the documents one person keeps stored, drafts and sent requests together. */
  personBytes: 500 * MB,
} as const;

/**
 * The name a file is stored and downloaded under: spec §5's file-name pattern (letters, digits,
 * dot, underscore, hyphen). Accented letters lose their accent, anything else becomes `_`; the
 * name the person chose stays for display.
 */
export function storageFileName(displayName: string): string {
  const plain = displayName.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const safe = plain
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-120);
  return safe.length > 0 ? safe : 'document';
}

/** The multipart upload's text field naming the requirement (sent first); the file part is `file`. */
export const UPLOAD_FIELDS = { file: 'file', requirementCode: 'requirementCode' } as const;
