// Signatures of uploaded documents, read and honestly reported (docs/architecture.md "Signatures and
// file kinds"): who signed (name, fiscal code, whether it is the applicant), when, and whether each
// signature is intact over the bytes it covers. Whether the certificate chains to the EU trusted
// lists is a separate question for a ChainVerifier; offline it is "not checked", never "valid".
// Pure: bytes in, a SignatureReport out; no database, no HTTP server.
import type { SignatureReport } from '#shared/api/attachments.ts';
import type { DocumentType, SignatureFormat } from '#shared/documents.ts';
import { encapsulatedContent, envelopeBytes, parseSignedData, readSigners, type ReadSigner } from './cms.ts';
import { readPadesSigners, UNREADABLE_SIGNER } from './pades.ts';
import { offlineVerifier, type ChainVerifier } from './verifier.ts';

export { httpVerifier, offlineVerifier, type ChainVerifier } from './verifier.ts';

/** A .p7m inside a .p7m (a second signer wrapping the first's envelope) is opened this many times at most. */
const MAX_ENVELOPE_DEPTH = 3;

const BYTE_RANGE = Buffer.from('/ByteRange');

/**
 * Watches a PDF go by in chunks and tells whether it holds a signature dictionary (`/ByteRange`,
 * found across chunk boundaries), so the upload knows to call readSignature on the stored bytes.
 */
export function createSignatureSniffer(): { push(chunk: Uint8Array): void; readonly signed: boolean } {
  let signed = false;
  let tail = Buffer.alloc(0);
  return {
    push(chunk) {
      if (signed || chunk.length === 0) return;
      const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
      // The keyword across the boundary (the tail and the chunk's first bytes), else in the chunk
      // itself: the chunk is searched where it lies, never copied.
      const edge = Buffer.concat([tail, bytes.subarray(0, BYTE_RANGE.length - 1)]);
      if (edge.includes(BYTE_RANGE) || bytes.includes(BYTE_RANGE)) signed = true;
      // Keep what could be the start of the keyword cut by the chunk's end.
      const keep = BYTE_RANGE.length - 1;
      tail = bytes.length >= keep ? Buffer.from(bytes.subarray(bytes.length - keep)) : Buffer.from(Buffer.concat([tail, bytes]).subarray(-keep));
    },
    get signed() {
      return signed;
    },
  };
}

/**
 * The document a .p7m envelope wraps (DER or base64), unwrapping envelopes nested inside it, for the
 * caller to type-check: a .p7m must wrap a PDF, XML or image, never an executable. Null when the
 * bytes are no readable attached envelope.
 */
export function innerDocument(bytes: Uint8Array): Uint8Array | null {
  let current = bytes;
  for (let depth = 0; depth < MAX_ENVELOPE_DEPTH; depth++) {
    const der = envelopeBytes(current);
    const signedData = der ? parseSignedData(der) : null;
    const content = signedData ? encapsulatedContent(signedData) : null;
    if (content === null) return depth === 0 ? null : current;
    current = content;
    if (envelopeBytes(current) === null) return current;
  }
  return current;
}

async function readCadesSigners(bytes: Uint8Array, applicantFiscalCode: string | null, verifier: ChainVerifier): Promise<ReadSigner[]> {
  const signers: ReadSigner[] = [];
  let current: Uint8Array | null = bytes;
  for (let depth = 0; depth < MAX_ENVELOPE_DEPTH && current !== null; depth++) {
    const der = envelopeBytes(current);
    if (der === null) break;
    const signedData = parseSignedData(der);
    if (signedData === null) {
      signers.push({ ...UNREADABLE_SIGNER });
      break;
    }
    signers.push(...(await readSigners(signedData, { applicantFiscalCode, verifier, detachedContent: null })));
    current = encapsulatedContent(signedData);
  }
  return signers;
}

/**
 * The signature report of a document of the given kind, or null when it carries no signature:
 * CAdES for a .p7m (every SignerInfo, nested envelopes included), PAdES for a PDF with signature
 * dictionaries. Never throws on bad input: an unreadable signature is a signer that is not intact.
 */
export async function readSignature(
  type: DocumentType,
  bytes: Uint8Array,
  applicantFiscalCode: string | null,
  verifier: ChainVerifier = offlineVerifier,
): Promise<SignatureReport | null> {
  let format: SignatureFormat;
  let signers: ReadSigner[];
  try {
    if (type === 'p7m') {
      format = 'CAdES';
      signers = await readCadesSigners(bytes, applicantFiscalCode, verifier);
    } else if (type === 'pdf') {
      format = 'PAdES';
      const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
      signers = pdf.includes(BYTE_RANGE) ? await readPadesSigners(pdf, { applicantFiscalCode, verifier }) : [];
    } else {
      return null;
    }
  } catch {
    // The parsers guard their own input; this is the last fence so an upload never fails on a
    // signature: whatever was not read is reported as not intact.
    signers = [{ ...UNREADABLE_SIGNER }];
    format = type === 'p7m' ? 'CAdES' : 'PAdES';
  }
  if (signers.length === 0) return null;
  const report = {
    format,
    signers: signers.map(({ chainChecked: _chainChecked, ...signer }) => signer),
    chainChecked: signers.every((signer) => signer.chainChecked),
  };
  // The contract's union built from SIGNATURE_FORMATS by map() types `format` as never; the value
  // is one of SIGNATURE_FORMATS, which is what the schema checks at run time.
  return report as SignatureReport;
}
