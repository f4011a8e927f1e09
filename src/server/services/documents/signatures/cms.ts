// CMS SignedData (RFC 5652) as CAdES (ETSI EN 319 122) and PAdES (ETSI EN 319 142) carry it: parse
// defensively, then for each SignerInfo name the signer from its certificate and check the signature
// (docs/architecture.md "Signatures and file kinds"). "Intact" is pkijs's SignedData.verify: the
// messageDigest attribute equals the digest of the content and the signature over the signed
// attributes verifies with the certificate's public key (RSA PKCS#1 v1.5, RSA-PSS, ECDSA).
import { webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { Signer } from '#shared/api/attachments.ts';
import { decodeBase64Envelope, isDerSignedData } from '../file-kind.ts';
import { isSameFiscalCode, signerIdentity } from './certificate.ts';
import type { ChainVerifier } from './verifier.ts';

/** Node's WebCrypto, passed explicitly so no global engine is set for the rest of the process. */
const engine = new pkijs.CryptoEngine({ name: 'node-webcrypto', crypto: webcrypto as unknown as Crypto });

/** More signers than any real document carries: the rest are not read (bounded work per upload). */
export const MAX_SIGNERS = 16;

const SIGNING_TIME = '1.2.840.113549.1.9.5';

/** Bounds the parser's work on a hostile envelope while leaving room for real revocation data. */
const MAX_ASN1_NODES = 1_000_000;

/** The DER of a .p7m given as DER (BER) or base64/PEM; null when it is neither. */
export function envelopeBytes(bytes: Uint8Array): Uint8Array | null {
  if (isDerSignedData(bytes)) return bytes;
  const der = decodeBase64Envelope(bytes);
  return der !== null && isDerSignedData(der) ? der : null;
}

/** The SignedData of a ContentInfo, or null for anything else (truncated, garbage, another content type). */
export function parseSignedData(der: Uint8Array): pkijs.SignedData | null {
  try {
    // asn1js refuses contents over 16 MiB and more than 10,000 nodes unless told; an envelope may
    // wrap a document up to the upload limit, nothing in it is longer than the bytes themselves,
    // and CRLs embedded as revocation values (CAdES-X-L) easily hold tens of thousands of nodes.
    const asn1 = asn1js.fromBER(der, { maxContentLength: der.length, maxNodes: MAX_ASN1_NODES });
    if (asn1.offset === -1) return null;
    const info = new pkijs.ContentInfo({ schema: asn1.result });
    if (info.contentType !== pkijs.ContentInfo.SIGNED_DATA) return null;
    return new pkijs.SignedData({ schema: info.content });
  } catch {
    // asn1js and pkijs throw on schema mismatches and on deep nesting (RangeError): not a signature.
    return null;
  }
}

/** The encapsulated content (the signed document) of an attached envelope; null when detached. */
export function encapsulatedContent(signedData: pkijs.SignedData): Uint8Array | null {
  const content = signedData.encapContentInfo.eContent;
  if (!content) return null;
  try {
    return new Uint8Array(content.getValue());
  } catch {
    return null;
  }
}

function signingTime(signerInfo: pkijs.SignerInfo): string | null {
  const attribute = signerInfo.signedAttrs?.attributes.find((candidate) => candidate.type === SIGNING_TIME);
  const value: unknown = attribute?.values[0];
  if (value instanceof asn1js.UTCTime || value instanceof asn1js.GeneralizedTime) {
    const date = value.toDate();
    return Number.isNaN(date.getTime()) ? null : date.toISOString();
  }
  return null;
}

const der = (certificate: pkijs.Certificate) => new Uint8Array(certificate.toSchema().toBER(false));

export interface ReadSigner extends Signer {
  /** Whether the verifier vouched for this signer's chain. */
  chainChecked: boolean;
}

export interface SignerContext {
  applicantFiscalCode: string | null;
  verifier: ChainVerifier;
  /** The signed bytes of a detached signature (PAdES's byte ranges); null for attached content. */
  detachedContent: Uint8Array | null;
  /** A date the signature dictionary gives when the CMS has no signingTime (PAdES's /M). */
  fallbackSigningTime?: string | null;
}

/** Every signer of the envelope (up to MAX_SIGNERS), each checked on its own. */
export async function readSigners(signedData: pkijs.SignedData, context: SignerContext): Promise<ReadSigner[]> {
  const certificates = (signedData.certificates ?? []).filter((candidate) => candidate instanceof pkijs.Certificate);
  const signers: ReadSigner[] = [];
  for (const [index, signerInfo] of signedData.signerInfos.slice(0, MAX_SIGNERS).entries()) {
    let signerCertificate: pkijs.Certificate | null = null;
    let intact = false;
    try {
      const result = await signedData.verify(
        {
          signer: index,
          ...(context.detachedContent ? { data: copyToArrayBuffer(context.detachedContent) } : {}),
          checkChain: false,
          extendedMode: true,
        },
        engine,
      );
      signerCertificate = result.signerCertificate ?? null;
      intact = result.signatureVerified === true;
    } catch (error) {
      // A digest that does not match, a missing certificate or attribute, a key that cannot be
      // imported: not intact. pkijs reports the certificate it found, if any, on its error.
      const found = (error as { signerCertificate?: unknown }).signerCertificate;
      signerCertificate = found instanceof pkijs.Certificate ? found : null;
    }
    const identity = signerCertificate ? signerIdentity(signerCertificate) : { name: '', fiscalCode: null };
    const chain = signerCertificate ? [der(signerCertificate), ...certificates.filter((other) => other !== signerCertificate).map(der)] : [];
    signers.push({
      name: identity.name,
      fiscalCode: identity.fiscalCode,
      isApplicant: isSameFiscalCode(identity.fiscalCode, context.applicantFiscalCode),
      signingTime: signingTime(signerInfo) ?? context.fallbackSigningTime ?? null,
      intact,
      chainChecked: intact && chain.length > 0 ? await context.verifier.check(chain) : false,
    });
  }
  return signers;
}

function copyToArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  const copy = new ArrayBuffer(bytes.length);
  new Uint8Array(copy).set(bytes);
  return copy;
}
