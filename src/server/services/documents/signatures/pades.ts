// PAdES (ETSI EN 319 142-1; ISO 32000-1 §12.8): a PDF signature dictionary whose /ByteRange
// [a b c d] names the signed bytes, the whole file but the /Contents hex string that sits in the
// gap [a+b, c) and holds a detached CMS SignedData (docs/architecture.md "Signatures and file kinds").
import { createHash } from 'node:crypto';
import { encapsulatedContent, MAX_SIGNERS, parseSignedData, readSigners, type ReadSigner, type SignerContext } from './cms.ts';

const BYTE_RANGE = Buffer.from('/ByteRange');
const RANGE = /^\/ByteRange\s*\[\s*(\d{1,12})\s+(\d{1,12})\s+(\d{1,12})\s+(\d{1,12})\s*\]/;
/** The signature dictionary's /M, a PDF date (ISO 32000-1 §7.9.4): D:YYYYMMDDHHmmSSOHH'mm. */
const PDF_DATE = /\/M\s*\(D:(\d{4})(\d{2})(\d{2})(\d{2})?(\d{2})?(\d{2})?(?:([Zz])|([+-])(\d{2})'?(\d{2})?'?)?\)/;
/** How far around the /Contents the rest of its signature dictionary is looked for. */
const DICTIONARY_WINDOW = 4096;

export interface ByteRange {
  /** Where the /ByteRange keyword stands. */
  at: number;
  ranges: [number, number, number, number];
}

/** Every well-formed /ByteRange of the file whose ranges fit inside it, at most MAX_SIGNERS. */
export function byteRanges(pdf: Buffer): ByteRange[] {
  const found: ByteRange[] = [];
  for (let at = pdf.indexOf(BYTE_RANGE); at >= 0 && found.length < MAX_SIGNERS; at = pdf.indexOf(BYTE_RANGE, at + BYTE_RANGE.length)) {
    const match = RANGE.exec(pdf.subarray(at, at + 80).toString('latin1'));
    if (!match) continue;
    const ranges = match.slice(1, 5).map(Number) as [number, number, number, number];
    const [start, firstLength, second, secondLength] = ranges;
    if (firstLength <= 0 || start + firstLength >= second || second + secondLength > pdf.length) continue;
    found.push({ at, ranges });
  }
  return found;
}

/** The bytes a signature covers: the two ranges joined. */
function signedBytes(pdf: Buffer, [start, firstLength, second, secondLength]: ByteRange['ranges']): Uint8Array {
  return Buffer.concat([pdf.subarray(start, start + firstLength), pdf.subarray(second, second + secondLength)]);
}

/** The DER in the /Contents gap, `<hex…>` padded with zeros; null when the gap holds anything else. */
function contentsDer(pdf: Buffer, [start, firstLength, second]: ByteRange['ranges']): Uint8Array | null {
  const gap = pdf.subarray(start + firstLength, second).toString('latin1');
  const hex = /^<([0-9A-Fa-f\s]*)>$/.exec(gap)?.[1]?.replace(/\s+/g, '');
  if (!hex || hex.length % 2 !== 0) return null;
  return Buffer.from(hex, 'hex');
}

function pdfDate(pdf: Buffer, range: ByteRange): string | null {
  const [start, firstLength, second] = range.ranges;
  const before = pdf.subarray(Math.max(0, start + firstLength - DICTIONARY_WINDOW), start + firstLength).toString('latin1');
  const after = pdf.subarray(second, second + DICTIONARY_WINDOW).toString('latin1');
  // Only the signature's own object: from its last "obj" before /Contents to the next "endobj".
  const dictionary = before.slice(Math.max(0, before.lastIndexOf(' obj'))) + after.slice(0, Math.max(0, after.indexOf('endobj')));
  const match = PDF_DATE.exec(dictionary);
  if (!match) return null;
  const [, year, month, day, hour = '00', minute = '00', second2 = '00', zulu, sign, offsetHours = '00', offsetMinutes = '00'] = match;
  const offset = zulu || !sign ? 'Z' : `${sign}${offsetHours}:${offsetMinutes}`;
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second2}${offset}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A signature whose CMS cannot be read: it claims a signer, and nothing about it holds. */
export const UNREADABLE_SIGNER: Omit<ReadSigner, 'isApplicant'> & { isApplicant: false } = {
  name: '',
  fiscalCode: null,
  isApplicant: false,
  signingTime: null,
  intact: false,
  chainChecked: false,
};

/** Every signature of a PDF; an empty list when it has no /ByteRange that fits the file. */
export async function readPadesSigners(pdf: Buffer, context: Omit<SignerContext, 'detachedContent' | 'fallbackSigningTime'>): Promise<ReadSigner[]> {
  const signers: ReadSigner[] = [];
  for (const range of byteRanges(pdf)) {
    const der = contentsDer(pdf, range.ranges);
    const signedData = der ? parseSignedData(der) : null;
    if (!signedData || signedData.signerInfos.length === 0) {
      signers.push({ ...UNREADABLE_SIGNER });
      continue;
    }
    const content = signedBytes(pdf, range.ranges);
    const read = await readSigners(signedData, { ...context, detachedContent: content, fallbackSigningTime: pdfDate(pdf, range) });
    // adbe.pkcs7.sha1 puts the SHA-1 of the ranges inside the envelope; pkijs then checks the
    // signature over that value, so it must also be the digest of the bytes actually covered.
    const embedded = encapsulatedContent(signedData);
    const bound = embedded === null || Buffer.from(embedded).equals(createHash('sha1').update(content).digest());
    signers.push(...read.map((signer) => (bound ? signer : { ...signer, intact: false, chainChecked: false })));
  }
  return signers.slice(0, MAX_SIGNERS);
}
