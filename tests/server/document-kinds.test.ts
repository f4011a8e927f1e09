// The kind of an uploaded file is read from its bytes (docs/architecture.md "Signatures and file
// kinds"): the five accepted kinds are recognised, and executables, HTML and anything else are not,
// whatever the file's name. file-type, asked the same question, agrees on the binary kinds.
import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { DETECTION_BYTES, detectDocumentType, pdfaClaim } from '#server/services/documents/file-kind.ts';
import { createSignatureSniffer, innerDocument } from '#server/services/documents/signatures/index.ts';
import {
  bigFile,
  htmlNamedPdf,
  makePadesPdf,
  makeSignedP7m,
  renamedExecutable,
  smallJpeg,
  smallPdf,
  smallPng,
  smallXml,
} from '#tests/support/signing-fixtures.ts';

const text = (value: string) => new TextEncoder().encode(value);
const head = (bytes: Uint8Array) => bytes.subarray(0, DETECTION_BYTES);

describe('detectDocumentType', () => {
  it('recognises PDF, PNG and JPEG as file-type does', async () => {
    for (const [bytes, kind] of [
      [smallPdf('Modulo'), 'pdf'],
      [smallPng(), 'png'],
      [smallJpeg(), 'jpeg'],
    ] as const) {
      expect(detectDocumentType(head(bytes))).toBe(kind);
      expect((await fileTypeFromBuffer(bytes))?.ext).toBe(kind === 'jpeg' ? 'jpg' : kind);
    }
  });

  it('recognises a CAdES envelope in DER, base64 and PEM, from its head alone', async () => {
    const der = await makeSignedP7m({ content: smallPdf('Modulo firmato') });
    const base64 = await makeSignedP7m({ content: smallPdf('Modulo firmato'), encoding: 'base64' });
    const pem = text(`-----BEGIN PKCS7-----\n${Buffer.from(der).toString('base64')}\n-----END PKCS7-----\n`);
    expect(detectDocumentType(head(der))).toBe('p7m');
    expect(detectDocumentType(head(base64))).toBe('p7m');
    expect(detectDocumentType(head(pem))).toBe('p7m');
    // A DER SEQUENCE that is no signedData (a certificate, say) is not a .p7m.
    expect(detectDocumentType(Uint8Array.from([0x30, 0x82, 0x01, 0x0a, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01]))).toBeNull();
  });

  it('recognises XML with or without a declaration and a BOM', () => {
    expect(detectDocumentType(smallXml())).toBe('xml');
    expect(detectDocumentType(Uint8Array.from([0xef, 0xbb, 0xbf, ...smallXml()]))).toBe('xml');
    expect(detectDocumentType(text('<!-- dati --><modulo><a>1</a></modulo>'))).toBe('xml');
    expect(detectDocumentType(text('<?xml version="1.0"?>\n<!DOCTYPE modulo [<!ELEMENT modulo ANY>]>\n<modulo/>'))).toBe('xml');
  });

  it('refuses executables, whatever they are named, though file-type knows them', async () => {
    for (const kind of ['pe', 'elf'] as const) {
      const bytes = renamedExecutable(kind);
      expect(detectDocumentType(bytes)).toBeNull();
      expect((await fileTypeFromBuffer(bytes))?.ext).toBe(kind === 'pe' ? 'exe' : 'elf');
    }
  });

  it('refuses HTML and SVG pages named .pdf or .xml, XHTML included', () => {
    expect(detectDocumentType(htmlNamedPdf())).toBeNull();
    expect(detectDocumentType(text('<html><body>offerta</body></html>'))).toBeNull();
    expect(detectDocumentType(text('<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>'))).toBeNull();
    expect(detectDocumentType(text('<?xml version="1.0"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "x.dtd">\n<html/>'))).toBeNull();
    expect(detectDocumentType(text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
  });

  it('refuses archives, plain text, empty and random bytes, and a PDF header that is not at the start', () => {
    expect(detectDocumentType(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).toBeNull();
    expect(detectDocumentType(text('just some words, no markup'))).toBeNull();
    expect(detectDocumentType(new Uint8Array())).toBeNull();
    expect(detectDocumentType(text(`MZ junk then %PDF-1.7`))).toBeNull();
    expect(detectDocumentType(text(` %PDF-1.7`))).toBeNull();
    // Random bytes may start like anything; only these signatures could make them a document.
    for (let i = 0; i < 50; i++) {
      const bytes = randomBytes(DETECTION_BYTES);
      bytes[0] = 0x00;
      expect(detectDocumentType(bytes)).toBeNull();
    }
  });
});

describe('pdfaClaim', () => {
  it('reads the part and conformance the XMP metadata claims', () => {
    expect(pdfaClaim(smallPdf('Archivio', { pdfa: '2b' }))).toBe('2b');
    expect(pdfaClaim(smallPdf('Archivio', { pdfa: '3a' }))).toBe('3a');
    expect(pdfaClaim(text('<pdfaid:part>1</pdfaid:part>\n<pdfaid:conformance>B</pdfaid:conformance>'))).toBe('1b');
    expect(pdfaClaim(text("pdfaid:part='4'"))).toBe('4');
  });

  it('is null for a PDF that claims nothing or claims nonsense', () => {
    expect(pdfaClaim(smallPdf('Semplice'))).toBeNull();
    expect(pdfaClaim(text('pdfaid:part="9" pdfaid:conformance="B"'))).toBeNull();
  });
});

describe('createSignatureSniffer', () => {
  it('finds /ByteRange however the chunks cut it', async () => {
    const signed = await makePadesPdf({ text: 'Firmato' });
    const at = Buffer.from(signed).indexOf('/ByteRange');
    for (let cut = at - 1; cut <= at + '/ByteRange'.length + 1; cut++) {
      const sniffer = createSignatureSniffer();
      sniffer.push(signed.subarray(0, cut));
      sniffer.push(signed.subarray(cut, cut + 3));
      sniffer.push(signed.subarray(cut + 3));
      expect(sniffer.signed, `cut at ${cut}`).toBe(true);
    }
    const byteByByte = createSignatureSniffer();
    for (const byte of signed.subarray(at - 5, at + 12)) byteByByte.push(Uint8Array.of(byte));
    expect(byteByByte.signed).toBe(true);
  });

  it('stays false for an unsigned PDF', () => {
    const sniffer = createSignatureSniffer();
    const unsigned = smallPdf('Non firmato');
    for (let at = 0; at < unsigned.length; at += 7) sniffer.push(unsigned.subarray(at, at + 7));
    expect(sniffer.signed).toBe(false);
  });
});

describe('innerDocument', () => {
  it('gives the document a .p7m wraps, through nested envelopes, for its kind to be checked', async () => {
    const pdf = smallPdf('Dentro la busta');
    const once = await makeSignedP7m({ content: pdf });
    const twice = await makeSignedP7m({ content: once, signer: { commonName: 'Giulia Bianchi', fiscalCode: 'BNCGLI85M41F205B' } });
    expect(Buffer.from(innerDocument(once)!).equals(Buffer.from(pdf))).toBe(true);
    expect(Buffer.from(innerDocument(twice)!).equals(Buffer.from(pdf))).toBe(true);
    const base64 = await makeSignedP7m({ content: pdf, encoding: 'base64' });
    expect(detectDocumentType(innerDocument(base64)!)).toBe('pdf');
  });

  it('lets the caller see an executable inside, and is null for what is no envelope', async () => {
    const wrapped = await makeSignedP7m({ content: renamedExecutable('pe') });
    expect(detectDocumentType(innerDocument(wrapped)!)).toBeNull();
    expect(innerDocument(smallPdf('Non una busta'))).toBeNull();
    expect(innerDocument(randomBytes(2000))).toBeNull();
    expect(innerDocument(wrapped.subarray(0, 40))).toBeNull();
  });
});

describe('bigFile', () => {
  it('streams exactly the size asked, reading as the kind asked, without keeping it', async () => {
    const size = 25 * 1024 * 1024 + 3;
    let total = 0;
    let first: Uint8Array | null = null;
    let last: Buffer = Buffer.alloc(0);
    for await (const chunk of bigFile(size, 'pdf')) {
      const bytes = chunk as Buffer;
      first ??= Uint8Array.from(bytes);
      total += bytes.length;
      last = bytes;
    }
    expect(total).toBe(size);
    expect(detectDocumentType(first!)).toBe('pdf');
    expect(last.toString('latin1')).toContain('%%EOF');
  });
});
