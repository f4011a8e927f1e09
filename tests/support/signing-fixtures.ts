// Documents for the tests, made at test time (no binary file is committed): a throw-away CA and
// signer certificates shaped like Italian qualified ones (serialNumber TINIT-<fiscal code>), CAdES
// envelopes and PAdES-signed PDFs, tampered copies, small PDFs (optionally claiming PDF/A), PNG,
// JPEG, an executable and an HTML page in disguise, and big files streamed rather than kept
// (docs/architecture.md "Signatures and file kinds").
import { createHash, webcrypto } from 'node:crypto';
import { Readable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

const engine = new pkijs.CryptoEngine({ name: 'fixtures', crypto: webcrypto as unknown as Crypto });
const subtle = webcrypto.subtle;
const encoder = new TextEncoder();

export type KeyAlgorithm = 'RSA' | 'ECDSA';

export interface SignerSpec {
  /** The subject's commonName; null leaves it out, so the name comes from givenName and surname. */
  commonName?: string | null;
  givenName?: string;
  surname?: string;
  /** Written as serialNumber "TINIT-<code>"; null leaves the attribute out. */
  fiscalCode?: string | null;
  algorithm?: KeyAlgorithm;
}

export interface TestSigner {
  certificate: pkijs.Certificate;
  privateKey: CryptoKey;
  ca: TestCa;
}

interface TestCa {
  certificate: pkijs.Certificate;
  privateKey: CryptoKey;
}

export const MARIO: Required<SignerSpec> = {
  commonName: 'Mario Rossi',
  givenName: 'Mario',
  surname: 'Rossi',
  fiscalCode: 'RSSMRA80A01H501U',
  algorithm: 'RSA',
};

export const GIULIA: Required<SignerSpec> = {
  commonName: 'Giulia Bianchi',
  givenName: 'Giulia',
  surname: 'Bianchi',
  fiscalCode: 'BNCGLI85M41F205B',
  algorithm: 'ECDSA',
};

const OID = {
  commonName: '2.5.4.3',
  surname: '2.5.4.4',
  serialNumber: '2.5.4.5',
  country: '2.5.4.6',
  organization: '2.5.4.10',
  givenName: '2.5.4.42',
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
} as const;

async function generateKeys(algorithm: KeyAlgorithm): Promise<CryptoKeyPair> {
  const params =
    algorithm === 'RSA'
      ? { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }
      : { name: 'ECDSA', namedCurve: 'P-256' };
  return (await subtle.generateKey(params, true, ['sign', 'verify'])) as CryptoKeyPair;
}

const attribute = (type: string, value: asn1js.Utf8String | asn1js.PrintableString) => new pkijs.AttributeTypeAndValue({ type, value });

/** A Name with one attribute per RDN, as real certificates have (pkijs alone would put them all in one SET). */
function distinguishedName(attributes: pkijs.AttributeTypeAndValue[]): pkijs.RelativeDistinguishedNames {
  const sequence = new asn1js.Sequence({ value: attributes.map((one) => new asn1js.Set({ value: [one.toSchema()] })) });
  return new pkijs.RelativeDistinguishedNames({ schema: asn1js.fromBER(sequence.toBER(false)).result });
}

let serial = 1;

async function makeCertificate(
  subject: pkijs.AttributeTypeAndValue[],
  publicKey: CryptoKey,
  issuer: { name: pkijs.RelativeDistinguishedNames; privateKey: CryptoKey } | null,
  privateKey: CryptoKey,
  isCa: boolean,
): Promise<pkijs.Certificate> {
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  certificate.serialNumber = new asn1js.Integer({ value: serial++ });
  certificate.subject = distinguishedName(subject);
  certificate.issuer = issuer ? issuer.name : distinguishedName(subject);
  certificate.notBefore.value = new Date('2025-01-01T00:00:00Z');
  certificate.notAfter.value = new Date('2035-01-01T00:00:00Z');
  certificate.extensions = [
    new pkijs.Extension({
      extnID: '2.5.29.19',
      critical: true,
      extnValue: new pkijs.BasicConstraints({ cA: isCa }).toSchema().toBER(false),
      parsedValue: new pkijs.BasicConstraints({ cA: isCa }),
    }),
  ];
  await certificate.subjectPublicKeyInfo.importKey(publicKey, engine);
  await certificate.sign(issuer?.privateKey ?? privateKey, 'SHA-256', engine);
  return certificate;
}

let caPromise: Promise<TestCa> | null = null;

/** The throw-away root CA, made once per test file. */
function testCa(): Promise<TestCa> {
  caPromise ??= (async () => {
    const keys = await generateKeys('ECDSA');
    const subject = [
      attribute(OID.country, new asn1js.PrintableString({ value: 'IT' })),
      attribute(OID.organization, new asn1js.Utf8String({ value: 'SUAP test CA (not trusted)' })),
      attribute(OID.commonName, new asn1js.Utf8String({ value: 'SUAP Test Root' })),
    ];
    const certificate = await makeCertificate(subject, keys.publicKey, null, keys.privateKey, true);
    return { certificate, privateKey: keys.privateKey };
  })();
  return caPromise;
}

const signers = new Map<string, Promise<TestSigner>>();

/** A signer certificate issued by the test CA (Mario Rossi, RSA, unless told otherwise), made once per spec. */
export function makeSigner(spec: SignerSpec = {}): Promise<TestSigner> {
  const full = { ...MARIO, ...spec };
  const key = JSON.stringify(full);
  let signer = signers.get(key);
  if (!signer) {
    signer = (async () => {
      const ca = await testCa();
      const keys = await generateKeys(full.algorithm);
      const subject = [
        attribute(OID.country, new asn1js.PrintableString({ value: 'IT' })),
        attribute(OID.givenName, new asn1js.Utf8String({ value: full.givenName })),
        attribute(OID.surname, new asn1js.Utf8String({ value: full.surname })),
        ...(full.fiscalCode === null ? [] : [attribute(OID.serialNumber, new asn1js.PrintableString({ value: `TINIT-${full.fiscalCode}` }))]),
        ...(full.commonName === null ? [] : [attribute(OID.commonName, new asn1js.Utf8String({ value: full.commonName }))]),
      ];
      const certificate = await makeCertificate(subject, keys.publicKey, { name: ca.certificate.subject, privateKey: ca.privateKey }, keys.privateKey, false);
      return { certificate, privateKey: keys.privateKey, ca };
    })();
    signers.set(key, signer);
  }
  return signer;
}

const toArrayBuffer = (bytes: Uint8Array): ArrayBuffer => {
  const copy = new ArrayBuffer(bytes.length);
  new Uint8Array(copy).set(bytes);
  return copy;
};

const sha256 = (bytes: Uint8Array | ArrayBuffer) => new Uint8Array(createHash('sha256').update(new Uint8Array(bytes)).digest());

/** CAdES-BES signed attributes (ETSI EN 319 122-1 §5.2): content type, digest, signing certificate v2, and a signing time when given. */
function cadesAttributes(content: Uint8Array, certificate: pkijs.Certificate, signingTime: Date | null): pkijs.Attribute[] {
  const certificateHash = sha256(certificate.toSchema().toBER(false));
  // SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }; ESSCertIDv2 with SHA-256 (the default) has only certHash.
  const signingCertificate = new asn1js.Sequence({
    value: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: toArrayBuffer(certificateHash) })] })] })],
  });
  return [
    new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
    new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: toArrayBuffer(sha256(content)) })] }),
    ...(signingTime ? [new pkijs.Attribute({ type: OID.signingTime, values: [new asn1js.UTCTime({ valueDate: signingTime })] })] : []),
    new pkijs.Attribute({ type: OID.signingCertificateV2, values: [signingCertificate] }),
  ];
}

interface EnvelopeOptions {
  content: Uint8Array;
  signers: TestSigner[];
  signingTime: Date | null;
  attached: boolean;
  withCertificates: boolean;
  unsignedNodes?: number;
}

async function makeEnvelope({ content, signers: list, signingTime, attached, withCertificates, unsignedNodes = 0 }: EnvelopeOptions): Promise<Uint8Array> {
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: OID.data,
      ...(attached ? { eContent: new asn1js.OctetString({ valueHex: toArrayBuffer(content) }) } : {}),
    }),
    signerInfos: list.map(
      ({ certificate }) =>
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
          signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes: cadesAttributes(content, certificate, signingTime) }),
        }),
    ),
    ...(withCertificates ? { certificates: [...list.map((signer) => signer.certificate), list[0]!.ca.certificate] } : {}),
  });
  for (const [index, signer] of list.entries()) {
    await signedData.sign(signer.privateKey, index, 'SHA-256', attached ? undefined : toArrayBuffer(content), engine);
  }
  if (unsignedNodes > 0) {
    // Unsigned attributes are outside the signature: revocation values (CAdES-X-L) can hold CRLs of many thousand entries.
    const values = new asn1js.Sequence({ value: Array.from({ length: unsignedNodes }, (_, i) => new asn1js.Integer({ value: i })) });
    signedData.signerInfos[0]!.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
      type: 1,
      attributes: [new pkijs.Attribute({ type: '1.2.840.113549.1.9.16.2.24', values: [values] })],
    });
  }
  const info = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return new Uint8Array(info.toSchema().toBER(false));
}

export interface P7mOptions {
  content: Uint8Array;
  /** One signer (Mario Rossi by default). */
  signer?: SignerSpec;
  /** Several signers of the same content in one envelope (parallel signatures). */
  signers?: SignerSpec[];
  /** The signingTime attribute; null leaves it out. */
  signingTime?: Date | null;
  /** base64 as some tools write .p7m files; DER by default. */
  encoding?: 'der' | 'base64';
  /** false: an envelope without its certificates (nobody can tell who signed). */
  withCertificates?: boolean;
  /** An unsigned revocation-values attribute of this many ASN.1 nodes on the first signer, as big CRLs make. */
  unsignedNodes?: number;
}

/** A CAdES-BES envelope with the content attached (a .p7m), DER unless told otherwise. */
export async function makeSignedP7m({
  content,
  signer,
  signers: specs,
  signingTime = new Date('2026-03-01T09:30:00Z'),
  encoding = 'der',
  withCertificates = true,
  unsignedNodes = 0,
}: P7mOptions): Promise<Uint8Array> {
  const list = await Promise.all((specs ?? [signer ?? {}]).map((spec) => makeSigner(spec)));
  const der = await makeEnvelope({ content, signers: list, signingTime, attached: true, withCertificates, unsignedNodes });
  if (encoding === 'der') return der;
  const base64 = Buffer.from(der).toString('base64').replace(/.{64}/g, '$&\r\n');
  return encoder.encode(base64);
}

// ---------------------------------------------------------------------------------------------
// PDFs, written by hand so every byte offset is known (ISO 32000-1 §7.5: header, objects, xref, trailer).

interface PdfObject {
  number: number;
  body: string;
}

function xrefSection(objects: { number: number; offset: number }[]): string {
  const sorted = [...objects].sort((a, b) => a.number - b.number);
  let text = 'xref\n';
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1]!.number === sorted[j]!.number + 1) j++;
    text += `${sorted[i]!.number} ${j - i + 1}\n`;
    for (let k = i; k <= j; k++) text += `${String(sorted[k]!.offset).padStart(10, '0')} 00000 n \n`;
    i = j + 1;
  }
  return text;
}

function writeObjects(start: number, objects: PdfObject[]): { text: string; offsets: { number: number; offset: number }[] } {
  let text = '';
  const offsets: { number: number; offset: number }[] = [];
  for (const object of objects) {
    offsets.push({ number: object.number, offset: start + Buffer.byteLength(text, 'latin1') });
    text += `${object.number} 0 obj\n${object.body}\nendobj\n`;
  }
  return { text, offsets };
}

const pdfString = (text: string) => text.replace(/[\\()]/g, '\\$&').replace(/[^\x20-\x7e]/g, '?');

function xmp(pdfa: string): string {
  const part = pdfa.slice(0, 1);
  const conformance = pdfa.slice(1).toUpperCase();
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    `<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" pdfaid:part="${part}"${conformance ? ` pdfaid:conformance="${conformance}"` : ''}/>`,
    '</rdf:RDF></x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('\n');
}

/** A one-page PDF showing `text`; with `pdfa` its XMP metadata claims that PDF/A level (e.g. "2b"). */
export function smallPdf(text = 'Modulo SCIA di prova', options: { pdfa?: string } = {}): Uint8Array {
  const stream = `BT /F1 12 Tf 72 720 Td (${pdfString(text)}) Tj ET`;
  const metadata = options.pdfa ? xmp(options.pdfa) : null;
  const objects: PdfObject[] = [
    { number: 1, body: `<< /Type /Catalog /Pages 2 0 R${metadata ? ' /Metadata 6 0 R' : ''} >>` },
    { number: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    { number: 3, body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>' },
    { number: 4, body: `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream` },
    { number: 5, body: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>' },
    ...(metadata
      ? [{ number: 6, body: `<< /Type /Metadata /Subtype /XML /Length ${Buffer.byteLength(metadata, 'utf8')} >>\nstream\n${metadata}\nendstream` }]
      : []),
  ];
  const header = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  // The XMP packet is UTF-8, so offsets are found in the bytes rather than counted in characters.
  const headerAndBody = Buffer.concat([header, Buffer.from(writeObjects(0, objects).text, 'utf8')]);
  const offsets = objects.map(({ number }) => ({ number, offset: headerAndBody.indexOf(`\n${number} 0 obj\n`) + 1 }));
  const xref = `xref\n0 1\n0000000000 65535 f \n${xrefSection(offsets).slice('xref\n'.length)}`;
  const trailer = `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${headerAndBody.length}\n%%EOF\n`;
  return new Uint8Array(Buffer.concat([headerAndBody, Buffer.from(xref + trailer, 'latin1')]));
}

/** Bytes the /Contents placeholder leaves for the CMS (hex doubles it): room for RSA-2048 and two certificates. */
const CONTENTS_BYTES = 8192;
const BYTE_RANGE_PLACEHOLDER = '/ByteRange [0 0000000000 0000000000 0000000000]';

function pdfDate(date: Date): string {
  const iso = date.toISOString();
  return `D:${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

export interface PadesOptions {
  signer?: SignerSpec;
  /** The page's text when a new PDF is made. */
  text?: string;
  /** Sign this PDF (one made here, possibly signed already) in a further incremental update. */
  pdf?: Uint8Array;
  /** The signature dictionary's /M; PAdES puts no signingTime in the CMS (ETSI EN 319 142-1 §6.3). */
  signingTime?: Date;
  subFilter?: 'ETSI.CAdES.detached' | 'adbe.pkcs7.detached';
}

/**
 * A PDF with one more PAdES signature (ETSI.CAdES.detached by default): an incremental update adds
 * a signature field and its dictionary, whose /Contents placeholder is filled with a detached CMS
 * over the two byte ranges around it.
 */
export async function makePadesPdf({
  signer,
  text,
  pdf,
  signingTime = new Date('2026-03-01T09:30:00Z'),
  subFilter = 'ETSI.CAdES.detached',
}: PadesOptions = {}): Promise<Uint8Array> {
  const base = Buffer.from(pdf ?? smallPdf(text));
  const tail = base.subarray(Math.max(0, base.length - 2048)).toString('latin1');
  const size = Number([...tail.matchAll(/\/Size (\d+)/g)].at(-1)?.[1]);
  const previousXref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail)?.[1]);
  if (!Number.isInteger(size) || !Number.isInteger(previousXref)) throw new Error('makePadesPdf signs only PDFs made by these fixtures');
  const catalog = [...base.toString('latin1').matchAll(/\n1 0 obj\n(<<[^\n]*>>)\nendobj/g)].at(-1)?.[1] ?? '';
  const fields = [...base.toString('latin1').matchAll(/\n(\d+) 0 obj\n<< \/FT \/Sig/g)].map((match) => Number(match[1]));
  const signatureNumber = size;
  const fieldNumber = size + 1;
  const newCatalog = catalog
    .replace(/ \/AcroForm << .*? >> >>$/, ' >>')
    .replace(/ >>$/, ` /AcroForm << /Fields [${[...fields, fieldNumber].map((n) => `${n} 0 R`).join(' ')}] /SigFlags 3 >> >>`);
  const objects: PdfObject[] = [
    { number: 1, body: newCatalog },
    {
      number: signatureNumber,
      body: `<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /${subFilter} ${BYTE_RANGE_PLACEHOLDER} /Contents <${'0'.repeat(CONTENTS_BYTES * 2)}> /M (${pdfDate(signingTime)}) >>`,
    },
    {
      number: fieldNumber,
      body: `<< /FT /Sig /T (Firma${fields.length + 1}) /V ${signatureNumber} 0 R /Type /Annot /Subtype /Widget /Rect [0 0 0 0] /F 132 /P 3 0 R >>`,
    },
  ];
  const start = base.length + (base.at(-1) === 0x0a ? 0 : 1);
  const { text: body, offsets } = writeObjects(start, objects);
  const xrefOffset = start + body.length;
  const update = `${base.at(-1) === 0x0a ? '' : '\n'}${body}${xrefSection(offsets)}trailer\n<< /Size ${size + 2} /Root 1 0 R /Prev ${previousXref} >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  const file = Buffer.concat([base, Buffer.from(update, 'latin1')]);

  const contentsStart = file.indexOf('/Contents <', start) + '/Contents '.length;
  const contentsEnd = contentsStart + CONTENTS_BYTES * 2 + 2;
  const ranges = [0, contentsStart, contentsEnd, file.length - contentsEnd];
  const rangeText = `/ByteRange [${ranges.join(' ')}]`.padEnd(BYTE_RANGE_PLACEHOLDER.length, ' ');
  file.write(rangeText, file.indexOf(BYTE_RANGE_PLACEHOLDER, start), 'latin1');
  const signed = Buffer.concat([file.subarray(0, contentsStart), file.subarray(contentsEnd)]);
  const der = await makeEnvelope({ content: signed, signers: [await makeSigner(signer)], signingTime: null, attached: false, withCertificates: true });
  if (der.length > CONTENTS_BYTES) throw new Error('the CMS does not fit the /Contents placeholder');
  file.write(Buffer.from(der).toString('hex'), contentsStart + 1, 'latin1');
  return new Uint8Array(file);
}

/**
 * A copy with one byte flipped inside the signed content: by default in the page's text of a PDF or
 * in the document a .p7m wraps, so the file still parses and only the signature can tell.
 */
export function tamper(bytes: Uint8Array, offset?: number): Uint8Array {
  const copy = Buffer.from(bytes);
  let at = offset;
  if (at === undefined) {
    const text = copy.indexOf(') Tj ET');
    at = text > 0 ? text - 2 : wrappedContentMiddle(copy);
  }
  if (at < 0 || at >= copy.length) throw new Error(`tamper offset ${at} is outside the file`);
  copy[at] = copy[at]! ^ 0x01;
  return new Uint8Array(copy);
}

/** The middle of the document a DER .p7m wraps (its OCTET STRING stands verbatim in the envelope). */
function wrappedContentMiddle(bytes: Buffer): number {
  const asn1 = asn1js.fromBER(bytes);
  const info = new pkijs.ContentInfo({ schema: asn1.result });
  const content = new pkijs.SignedData({ schema: info.content }).encapContentInfo.eContent?.valueBlock.valueHexView;
  if (!content || content.length === 0) throw new Error('tamper: no offset given and no wrapped content found');
  return bytes.indexOf(Buffer.from(content)) + Math.floor(content.length / 2);
}

// ---------------------------------------------------------------------------------------------
// Images and impostors.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A valid 2×2 RGB PNG. */
export function smallPng(): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit depth, truecolour, deflate, adaptive filter, no interlace
  const rows = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', header),
      pngChunk('IDAT', deflateSync(rows)),
      pngChunk('IEND', new Uint8Array()),
    ]),
  );
}

/** A valid 8×8 baseline JPEG (JFIF), encoded once with jpeg-js and kept as text. */
const JPEG_BASE64 =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2MBERISGBUYLxoaL2NCOEJjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY//AABEIAAgACAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AMmvUPOP/9k=';

export function smallJpeg(): Uint8Array {
  return new Uint8Array(Buffer.from(JPEG_BASE64, 'base64'));
}

/** A Windows (PE, "MZ") or Linux (ELF) executable's first bytes, as someone would rename it to .pdf. */
export function renamedExecutable(kind: 'pe' | 'elf' = 'pe'): Uint8Array {
  const bytes = Buffer.alloc(512);
  if (kind === 'elf') {
    bytes.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]);
    bytes.writeUInt16LE(2, 16); // ET_EXEC
    bytes.writeUInt16LE(0x3e, 18); // x86-64
  } else {
    bytes.write('MZ', 0, 'latin1');
    bytes.writeUInt32LE(0x80, 0x3c); // e_lfanew: where the PE header starts
    bytes.write('PE\0\0', 0x80, 'latin1');
    bytes.writeUInt16LE(0x8664, 0x84); // x86-64
  }
  return new Uint8Array(bytes);
}

/** An HTML page with a script, as someone would name it modulo.pdf (or .xml). */
export function htmlNamedPdf(): Uint8Array {
  return encoder.encode('<!DOCTYPE html>\n<html><head><title>Modulo</title></head><body><script>alert(document.cookie)</script></body></html>\n');
}

/** A small well-formed XML document (e.g. a SUAP form's data). */
export function smallXml(): Uint8Array {
  return encoder.encode('<?xml version="1.0" encoding="UTF-8"?>\n<modulo xmlns="urn:suap:test"><richiedente>RSSMRA80A01H501U</richiedente></modulo>\n');
}

const BIG_FILE_HEADERS = {
  pdf: Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'),
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
};
const BIG_FILE_CHUNK = 64 * 1024;

/**
 * A file of exactly `size` bytes whose head reads as `kind` (a PDF header followed by comment
 * padding, ending %%EOF), streamed in 64 KiB chunks so 25 MB are never held at once.
 */
export function bigFile(size: number, kind: keyof typeof BIG_FILE_HEADERS = 'pdf'): Readable {
  const header = BIG_FILE_HEADERS[kind];
  const trailer = kind === 'pdf' ? Buffer.from('\n%%EOF\n', 'latin1') : Buffer.alloc(0);
  if (size < header.length + trailer.length) throw new Error(`bigFile needs at least ${header.length + trailer.length} bytes`);
  const padding = Buffer.alloc(BIG_FILE_CHUNK, kind === 'pdf' ? '%' : '\0');
  return Readable.from(
    (function* () {
      yield header;
      let left = size - header.length - trailer.length;
      while (left > 0) {
        const length = Math.min(left, BIG_FILE_CHUNK);
        yield padding.subarray(0, length);
        left -= length;
      }
      if (trailer.length > 0) yield trailer;
    })(),
    { objectMode: false },
  );
}
