// The kind of an uploaded file, read from its first bytes and never from its name or the browser's
// Content-Type (docs/architecture.md "Signatures and file kinds"). An allow-list: a file is one of
// the five kinds of DOCUMENT_TYPES by its own signature or it is refused (null), so executables,
// archives, HTML pages and anything unknown fall out without a deny-list to keep up to date.
// The checks are synchronous so the upload can decide on the first chunk it holds; the `file-type`
// package (asynchronous only) agrees on every binary kind, which tests/server/document-kinds.test.ts
// checks on the fixtures.
import type { DocumentType } from '#shared/documents.ts';

/** How many bytes the caller should hand over when the file has them (file-type's own choice). */
export const DETECTION_BYTES = 4100;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
/** `%PDF-`: ISO 32000 asks it at offset 0 (readers tolerate leading junk; we do not, so a polyglot is refused). */
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];
/** OBJECT IDENTIFIER 1.2.840.113549.1.7.2 (id-signedData), DER-encoded with its tag and length. */
const SIGNED_DATA_OID = [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02];

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, i) => bytes[at + i] === byte);

/**
 * A CMS ContentInfo of SignedData: SEQUENCE (definite or BER indefinite length) whose first element
 * is the signedData OID. Enough to tell a .p7m envelope from anything else; readSignature parses it.
 */
export function isDerSignedData(bytes: Uint8Array): boolean {
  if (bytes[0] !== 0x30 || bytes.length < 2) return false;
  const lengthByte = bytes[1]!;
  // 0x80: indefinite length (BER, as some signing tools write); 0x81–0x84: long form.
  const lengthBytes = lengthByte === 0x80 || lengthByte < 0x80 ? 0 : lengthByte - 0x80;
  if (lengthBytes > 4) return false;
  return startsWith(bytes, SIGNED_DATA_OID, 2 + lengthBytes);
}

const BASE64_BODY = /^[A-Za-z0-9+/=\s]*$/;
const PEM_HEADER = /^-----BEGIN (?:PKCS7|CMS|SIGNED MESSAGE)-----\r?\n/;
const PEM_FOOTER = Buffer.from('-----END ');

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');

/**
 * The DER of a base64 (or PEM) envelope; null when its head is not base64 starting "MI" (a DER
 * SEQUENCE). With `headOnly`, only the first DETECTION_BYTES are decoded, enough to see the OID.
 * The head alone is checked for the alphabet: the rest goes to the DER parser, which refuses junk.
 */
export function decodeBase64Envelope(bytes: Uint8Array, headOnly = false): Uint8Array | null {
  const headText = latin1(bytes.subarray(0, DETECTION_BYTES));
  const bodyStart = PEM_HEADER.exec(headText)?.[0].length ?? 0;
  const head = headText.slice(bodyStart).split('-----')[0] ?? '';
  if (!/^\s*MI/.test(head) || !BASE64_BODY.test(head)) return null;
  let der: Buffer;
  if (headOnly) {
    const compact = head.replace(/\s+/g, '');
    // Cut to whole quanta, so the decoder sees no half character.
    der = Buffer.from(compact.slice(0, compact.length - (compact.length % 4)), 'base64');
  } else {
    const footer = bodyStart > 0 ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).lastIndexOf(PEM_FOOTER) : -1;
    // Node's base64 decoder skips the line breaks itself.
    der = Buffer.from(latin1(bytes.subarray(bodyStart, footer > bodyStart ? footer : bytes.length)), 'base64');
  }
  return der.length > 0 ? new Uint8Array(der.buffer, der.byteOffset, der.length) : null;
}

function isSignedEnvelope(head: Uint8Array): boolean {
  if (isDerSignedData(head)) return true;
  const der = decodeBase64Envelope(head, true);
  return der !== null && isDerSignedData(der);
}

/** Roots that a browser would run as a page (scripts inside), refused even when well-formed XML. */
const ACTIVE_ROOTS = new Set(['html', 'svg']);

/**
 * XML by its text: an optional UTF-8 BOM, then a declaration `<?xml`, comments, processing
 * instructions and a DOCTYPE, then the root element. Refused when the root (or the DOCTYPE) is HTML
 * or SVG, so a page renamed .xml or .pdf is no document; refused when the head holds control bytes.
 */
function isXml(head: Uint8Array): boolean {
  let start = 0;
  if (startsWith(head, [0xef, 0xbb, 0xbf])) start = 3;
  const text = Buffer.from(head.buffer, head.byteOffset + start, head.length - start).toString('utf8');
  // Binary data is no XML (XML 1.0 §2.2 allows only tab, CR and LF below 0x20).
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x08\x0b\x0c\x0e-\x1f]/.test(text)) return false;
  let rest = text.trimStart();
  const declared = rest.startsWith('<?xml');
  for (;;) {
    if (rest.startsWith('<?')) {
      const end = rest.indexOf('?>');
      if (end < 0) return declared;
      rest = rest.slice(end + 2).trimStart();
    } else if (rest.startsWith('<!--')) {
      const end = rest.indexOf('-->');
      if (end < 0) return declared;
      rest = rest.slice(end + 3).trimStart();
    } else if (/^<!DOCTYPE\s/i.test(rest)) {
      const name = /^<!DOCTYPE\s+([^\s>[]+)/i.exec(rest)?.[1] ?? '';
      if (ACTIVE_ROOTS.has(localName(name))) return false;
      // An internal subset [ … ] may hold '>' characters; skip to its end first.
      const subset = rest.indexOf('[');
      const close = rest.indexOf('>');
      const end = subset >= 0 && subset < close ? rest.indexOf(']>', subset) + 1 : close;
      if (end <= 0) return declared;
      rest = rest.slice(end + 1).trimStart();
    } else {
      break;
    }
  }
  if (rest === '') return declared;
  const root = /^<([A-Za-z_][\w.:-]*)[\s/>]/.exec(rest)?.[1] ?? /^<([A-Za-z_][\w.:-]*)$/.exec(rest)?.[1];
  if (root === undefined) return false;
  return !ACTIVE_ROOTS.has(localName(root));
}

const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1).toLowerCase();

/**
 * The kind of a file from its first bytes (give at least DETECTION_BYTES when the file has them),
 * or null when it is none of the accepted kinds: executables, archives, HTML, SVG, anything unknown.
 */
export function detectDocumentType(head: Uint8Array): DocumentType | null {
  if (head.length === 0) return null;
  if (startsWith(head, PDF)) return 'pdf';
  if (startsWith(head, PNG)) return 'png';
  if (startsWith(head, JPEG)) return 'jpeg';
  if (isSignedEnvelope(head)) return 'p7m';
  if (isXml(head)) return 'xml';
  return null;
}

/** The keyword every PDF/A claim of the XMP metadata starts with. */
export const PDFAID = Buffer.from('pdfaid:');
/** PDF/A parts 1–4 and their conformance levels (ISO 19005: a, b, u; part 4: e, f or none). */
const PART = /^pdfaid:part\s*(?:=\s*["']\s*(\d)\s*["']|>\s*(\d)\s*<)/;
const CONFORMANCE = /^pdfaid:conformance\s*(?:=\s*["']\s*([A-Fa-fUu])\s*["']|>\s*([A-Fa-fUu])\s*<)/;

/**
 * The PDF/A part and conformance the file's XMP metadata claims, e.g. "2b" (part 4 without a level:
 * "4"); null when none. Read from the uncompressed XMP packet (ISO 19005 forbids compressing it);
 * reported as claimed, not validated. The last claim wins, as an incremental update's metadata does.
 */
export function pdfaClaim(bytes: Uint8Array): string | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  let part: string | null = null;
  let conformance: string | null = null;
  for (let at = buffer.indexOf(PDFAID); at >= 0; at = buffer.indexOf(PDFAID, at + PDFAID.length)) {
    const text = buffer.subarray(at, at + 64).toString('latin1');
    const partMatch = PART.exec(text);
    if (partMatch) {
      part = partMatch[1] ?? partMatch[2] ?? null;
      continue;
    }
    const conformanceMatch = CONFORMANCE.exec(text);
    if (conformanceMatch) conformance = (conformanceMatch[1] ?? conformanceMatch[2] ?? '').toLowerCase();
  }
  if (part === null || !/^[1-4]$/.test(part)) return null;
  return part + (conformance ?? '');
}
