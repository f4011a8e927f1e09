// Signatures read and honestly reported (docs/architecture.md "Signatures and file kinds"): who
// signed, when, whether each signature is intact over the bytes it covers; a flipped byte shows;
// the chain is "not checked" unless a verifier vouches for it; bad input never throws.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpVerifier, innerDocument, offlineVerifier, readSignature, type ChainVerifier } from '#server/services/documents/signatures/index.ts';
import { GIULIA, makePadesPdf, makeSignedP7m, smallPdf, smallPng, tamper } from '#tests/support/signing-fixtures.ts';

const MARIO_CODE = 'RSSMRA80A01H501U';
const GIULIA_CODE = 'BNCGLI85M41F205B';
const SIGNED_AT = '2026-03-01T09:30:00.000Z';
const text = (value: string) => new TextEncoder().encode(value);

const mario = { name: 'Mario Rossi', fiscalCode: MARIO_CODE, signingTime: SIGNED_AT };

describe('CAdES (.p7m)', () => {
  it('names the signer, reads the fiscal code and signing time, and finds the signature intact', async () => {
    const p7m = await makeSignedP7m({ content: smallPdf('SCIA bar Tivoli') });
    expect(await readSignature('p7m', p7m, MARIO_CODE.toLowerCase())).toEqual({
      format: 'CAdES',
      signers: [{ ...mario, isApplicant: true, intact: true }],
      chainChecked: false,
    });
  });

  it('says the signer is not the applicant when the fiscal codes differ or the applicant has none', async () => {
    const p7m = await makeSignedP7m({ content: smallPdf('SCIA') });
    expect((await readSignature('p7m', p7m, GIULIA_CODE))?.signers[0]?.isApplicant).toBe(false);
    expect((await readSignature('p7m', p7m, null))?.signers[0]?.isApplicant).toBe(false);
  });

  it('finds a flipped byte of the wrapped document: the signature is no longer intact', async () => {
    const p7m = await makeSignedP7m({ content: smallPdf('Importo 100 euro') });
    const report = await readSignature('p7m', tamper(p7m), MARIO_CODE);
    expect(report?.signers).toEqual([{ ...mario, isApplicant: true, intact: false }]);
  });

  it('finds a flipped byte of the signature value itself', async () => {
    const p7m = await makeSignedP7m({ content: smallPdf('SCIA') });
    // The RSA signature is the envelope's last 256 bytes (no unsigned attributes follow it).
    const report = await readSignature('p7m', tamper(p7m, p7m.length - 10), MARIO_CODE);
    expect(report?.signers[0]?.intact).toBe(false);
  });

  it('reads a base64 .p7m, and a PEM one, as the DER one', async () => {
    const p7m = await makeSignedP7m({ content: smallPdf('SCIA'), encoding: 'base64' });
    expect((await readSignature('p7m', p7m, MARIO_CODE))?.signers).toEqual([{ ...mario, isApplicant: true, intact: true }]);
    const der = await makeSignedP7m({ content: smallPdf('SCIA') });
    const pem = text(`-----BEGIN PKCS7-----\n${Buffer.from(der).toString('base64').replace(/.{64}/g, '$&\n')}\n-----END PKCS7-----\n`);
    expect((await readSignature('p7m', pem, MARIO_CODE))?.signers).toEqual([{ ...mario, isApplicant: true, intact: true }]);
  });

  it('reports every signer of an envelope, an ECDSA one included', async () => {
    const p7m = await makeSignedP7m({ content: smallPdf('Contratto'), signers: [{}, GIULIA] });
    expect((await readSignature('p7m', p7m, GIULIA_CODE))?.signers).toEqual([
      { ...mario, isApplicant: false, intact: true },
      { name: 'Giulia Bianchi', fiscalCode: GIULIA_CODE, signingTime: SIGNED_AT, isApplicant: true, intact: true },
    ]);
  });

  it('reports the signers of nested envelopes, the outer first', async () => {
    const inner = await makeSignedP7m({ content: smallPdf('Procura') });
    const outer = await makeSignedP7m({ content: inner, signer: GIULIA, signingTime: new Date('2026-03-02T10:00:00Z') });
    const report = await readSignature('p7m', outer, MARIO_CODE);
    expect(report?.signers.map(({ name, intact, signingTime, isApplicant }) => ({ name, intact, signingTime, isApplicant }))).toEqual([
      { name: 'Giulia Bianchi', intact: true, signingTime: '2026-03-02T10:00:00.000Z', isApplicant: false },
      { name: 'Mario Rossi', intact: true, signingTime: SIGNED_AT, isApplicant: true },
    ]);
  });

  it('names the signer by given name and surname without a common name; no TINIT serial, no fiscal code', async () => {
    const p7m = await makeSignedP7m({ content: smallPdf('SCIA'), signer: { commonName: null, fiscalCode: null }, signingTime: null });
    expect((await readSignature('p7m', p7m, MARIO_CODE))?.signers).toEqual([
      { name: 'Mario Rossi', fiscalCode: null, signingTime: null, isApplicant: false, intact: true },
    ]);
  });

  it('reads an envelope larger than asn1js reads by default (16 MiB), up to the upload limit', async () => {
    const content = Buffer.alloc(17 * 1024 * 1024, 'SCIA ');
    const p7m = await makeSignedP7m({ content });
    expect((await readSignature('p7m', p7m, MARIO_CODE))?.signers).toEqual([{ ...mario, isApplicant: true, intact: true }]);
    expect(innerDocument(p7m)?.length).toBe(content.length);
  });

  it('reads an envelope carrying many thousand ASN.1 nodes of revocation data (asn1js stops at 10,000 by default)', async () => {
    const p7m = await makeSignedP7m({ content: smallPdf('SCIA'), unsignedNodes: 20_000 });
    expect((await readSignature('p7m', p7m, MARIO_CODE))?.signers).toEqual([{ ...mario, isApplicant: true, intact: true }]);
  });

  it('reports an envelope without certificates as signed by someone unknown, not intact', async () => {
    const p7m = await makeSignedP7m({ content: smallPdf('SCIA'), withCertificates: false });
    expect((await readSignature('p7m', p7m, MARIO_CODE))?.signers).toEqual([
      { name: '', fiscalCode: null, signingTime: SIGNED_AT, isApplicant: false, intact: false },
    ]);
  });
});

describe('PAdES (signed PDF)', () => {
  it('names the signer, takes the signing time from the signature dictionary and finds it intact', async () => {
    const pdf = await makePadesPdf({ text: 'SCIA firmata' });
    expect(await readSignature('pdf', pdf, MARIO_CODE)).toEqual({
      format: 'PAdES',
      signers: [{ ...mario, isApplicant: true, intact: true }],
      chainChecked: false,
    });
  });

  it('finds a flipped byte of the page: not intact', async () => {
    const pdf = await makePadesPdf({ text: 'Importo 100 euro' });
    expect((await readSignature('pdf', tamper(pdf), MARIO_CODE))?.signers[0]?.intact).toBe(false);
  });

  it('reports each signature of a PDF signed twice; a change after the first leaves the first intact', async () => {
    const once = await makePadesPdf({ text: 'Contratto', signingTime: new Date('2026-03-01T09:30:00Z') });
    const twice = await makePadesPdf({ pdf: once, signer: GIULIA, signingTime: new Date('2026-03-03T08:00:00Z') });
    expect((await readSignature('pdf', twice, GIULIA_CODE))?.signers).toEqual([
      { ...mario, isApplicant: false, intact: true },
      { name: 'Giulia Bianchi', fiscalCode: GIULIA_CODE, signingTime: '2026-03-03T08:00:00.000Z', isApplicant: true, intact: true },
    ]);
    // A byte of the second update (Giulia's field name) is outside Mario's ranges, inside Giulia's.
    const at = Buffer.from(twice).lastIndexOf('(Firma2)') + 2;
    expect((await readSignature('pdf', tamper(twice, at), null))?.signers.map((signer) => signer.intact)).toEqual([true, false]);
  });

  it('reads the adbe.pkcs7.detached sub-filter as well', async () => {
    const pdf = await makePadesPdf({ subFilter: 'adbe.pkcs7.detached' });
    expect((await readSignature('pdf', pdf, MARIO_CODE))?.signers[0]).toMatchObject({ name: 'Mario Rossi', intact: true });
  });

  it('is null for an unsigned PDF and for kinds that carry no signature', async () => {
    expect(await readSignature('pdf', smallPdf('Non firmato'), MARIO_CODE)).toBeNull();
    expect(await readSignature('png', smallPng(), MARIO_CODE)).toBeNull();
  });
});

describe('garbage never throws', () => {
  it('reads truncated, random and hollow input as unsigned or not intact', async () => {
    const p7m = await makeSignedP7m({ content: smallPdf('SCIA') });
    const truncated = await readSignature('p7m', p7m.subarray(0, Math.floor(p7m.length / 2)), MARIO_CODE);
    expect(truncated === null || truncated.signers.every((signer) => !signer.intact)).toBe(true);
    expect(await readSignature('p7m', randomBytes(5000), MARIO_CODE)).toBeNull();
    expect(await readSignature('p7m', new Uint8Array(), MARIO_CODE)).toBeNull();
    // An envelope of a single SEQUENCE with the signedData OID and nothing else.
    const hollow = new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: '1.2.840.113549.1.7.2' })] }).toBER(false);
    expect((await readSignature('p7m', new Uint8Array(hollow), MARIO_CODE))?.signers.every((signer) => !signer.intact) ?? true).toBe(true);
  });

  it('reports a PDF whose /Contents is no CMS as signed by someone unknown, not intact', async () => {
    const pdf = Buffer.from(await makePadesPdf());
    const contents = pdf.indexOf('/Contents <') + '/Contents <'.length;
    pdf.write('ff'.repeat(64), contents, 'latin1');
    expect((await readSignature('pdf', pdf, MARIO_CODE))?.signers).toEqual([
      { name: '', fiscalCode: null, signingTime: null, isApplicant: false, intact: false },
    ]);
  });

  it('ignores byte ranges outside the file and bounds the work on many of them', async () => {
    expect(await readSignature('pdf', text('%PDF-1.7\n/ByteRange [0 10 900000 5]\n%%EOF'), MARIO_CODE)).toBeNull();
    const many = text(`%PDF-1.7\n${'/ByteRange [0 10 20 5] '.repeat(200_000)}`);
    const report = await readSignature('pdf', many, MARIO_CODE);
    expect(report?.signers.length).toBeLessThanOrEqual(16);
    expect(report?.signers.every((signer) => !signer.intact)).toBe(true);
  });
});

describe('the chain, left to a verifier', () => {
  it('is not checked offline, and a verifier is asked only about intact signatures, with the signer first', async () => {
    const asked: Uint8Array[][] = [];
    const verifier: ChainVerifier = {
      check: async (certificates) => {
        asked.push(certificates);
        return true;
      },
    };
    const p7m = await makeSignedP7m({ content: smallPdf('SCIA') });
    expect((await readSignature('p7m', p7m, MARIO_CODE, offlineVerifier))?.chainChecked).toBe(false);
    expect((await readSignature('p7m', p7m, MARIO_CODE, verifier))?.chainChecked).toBe(true);
    expect(asked).toHaveLength(1);
    const first = pkijs.Certificate.fromBER(new Uint8Array(asked[0]![0]!));
    expect(first.subject.typesAndValues.find((attribute) => attribute.type === '2.5.4.3')?.value.valueBlock.value).toBe('Mario Rossi');
    expect(asked[0]).toHaveLength(2); // the signer's, then the CA's the envelope carries
    expect((await readSignature('p7m', tamper(p7m), MARIO_CODE, verifier))?.chainChecked).toBe(false);
    expect(asked).toHaveLength(1);
  });

  describe('httpVerifier', () => {
    let answer: { status: number; body: string } = { status: 200, body: '{"trusted":true}' };
    const received: unknown[] = [];
    const server = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push({ method: request.method, type: request.headers['content-type'], body: JSON.parse(body) as unknown });
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
      });
    });
    let url = '';
    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/verify`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('posts the DER certificates as base64 and believes only {trusted: true}', async () => {
      const pdf = await makePadesPdf();
      expect((await readSignature('pdf', pdf, MARIO_CODE, httpVerifier(url)))?.chainChecked).toBe(true);
      const request = received.at(-1) as { method: string; type: string; body: { certificates: string[] } };
      expect(request.method).toBe('POST');
      expect(request.type).toBe('application/json');
      expect(
        pkijs.Certificate.fromBER(Buffer.from(request.body.certificates[0]!, 'base64')).subject.typesAndValues.map((attribute) => attribute.type),
      ).toContain('2.5.4.5');

      answer = { status: 200, body: '{"trusted":false}' };
      expect((await readSignature('pdf', pdf, MARIO_CODE, httpVerifier(url)))?.chainChecked).toBe(false);
      answer = { status: 500, body: '{"trusted":true}' };
      expect((await readSignature('pdf', pdf, MARIO_CODE, httpVerifier(url)))?.chainChecked).toBe(false);
      answer = { status: 200, body: 'not json' };
      expect((await readSignature('pdf', pdf, MARIO_CODE, httpVerifier(url)))?.chainChecked).toBe(false);
    });

    it('counts an unreachable service as not checked', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      const p7m = await makeSignedP7m({ content: smallPdf('SCIA') });
      const report = await readSignature('p7m', p7m, MARIO_CODE, httpVerifier(`http://127.0.0.1:${port}/verify`));
      expect(report?.chainChecked).toBe(false);
      expect(report?.signers[0]?.intact).toBe(true);
    });
  });
});
