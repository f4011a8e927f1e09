// Who signed, as the signer's certificate says (docs/architecture.md "Signatures and file kinds"):
// Italian qualified certificates (AgID Determinazione 121/2019, ETSI EN 319 412-1) name the holder
// by commonName or givenName + surname and carry the fiscal code as serialNumber "TINIT-<code>".
import type { Certificate } from 'pkijs';

const OID = {
  commonName: '2.5.4.3',
  surname: '2.5.4.4',
  serialNumber: '2.5.4.5',
  givenName: '2.5.4.42',
} as const;

/** ETSI EN 319 412-1 §5.1.3: semantics identifier TIN (tax identification number), country IT. */
const TIN_IT = /^TINIT-([A-Z0-9]{11,16})$/i;

function subjectValue(certificate: Certificate, type: string): string | null {
  const attribute = certificate.subject.typesAndValues.find((candidate) => candidate.type === type);
  const value: unknown = attribute?.value.valueBlock.value;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

export interface SignerIdentity {
  name: string;
  fiscalCode: string | null;
}

/** The holder's name and fiscal code (null when the certificate carries none). */
export function signerIdentity(certificate: Certificate): SignerIdentity {
  const given = subjectValue(certificate, OID.givenName);
  const surname = subjectValue(certificate, OID.surname);
  const name = subjectValue(certificate, OID.commonName) ?? ([given, surname].filter(Boolean).join(' ') || '');
  const serial = subjectValue(certificate, OID.serialNumber);
  const fiscalCode = serial === null ? null : (TIN_IT.exec(serial)?.[1]?.toUpperCase() ?? null);
  return { name, fiscalCode };
}

/** Same person by fiscal code, case-insensitively; never when either side has none. */
export function isSameFiscalCode(a: string | null, b: string | null): boolean {
  return a !== null && b !== null && a.trim().toUpperCase() === b.trim().toUpperCase();
}
