// The identity token's claims as the auth machine reads them (spec §3 "Auth tokens"): names,
// birth date, fiscal number without its TINIT- prefix, e-mail, gender and the eIDAS identifier.
// The token is not verified here: the SPA got it over TLS from our own token endpoint, which
// verified it against the issuer; the API verifies every access token anyway.
import { decodeJwt, type JWTPayload } from 'jose';
import { EIDAS_IDENTIFIER_CLAIM, FISCAL_NUMBER_CLAIM, FISCAL_NUMBER_PREFIX, type IdentityClaims } from '#shared/api/auth.ts';

function text(payload: JWTPayload, name: string): string | null {
  const value = payload[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** 'TINIT-RSSMRA80A01H501U' → 'RSSMRA80A01H501U'; a value without the prefix is kept as it is. */
export function stripFiscalPrefix(value: string | null): string | null {
  if (value === null) return null;
  const code = value.toUpperCase().startsWith(FISCAL_NUMBER_PREFIX) ? value.slice(FISCAL_NUMBER_PREFIX.length) : value;
  return code.trim() === '' ? null : code.trim().toUpperCase();
}

export function claimsFromPayload(payload: JWTPayload): IdentityClaims {
  return {
    name: text(payload, 'given_name') ?? '',
    familyName: text(payload, 'family_name') ?? '',
    birthdate: text(payload, 'birthdate'),
    fiscalNumber: stripFiscalPrefix(text(payload, FISCAL_NUMBER_CLAIM)),
    email: text(payload, 'email'),
    gender: text(payload, 'gender'),
    identities: text(payload, EIDAS_IDENTIFIER_CLAIM),
  };
}

export function decodeIdentityClaims(idToken: string): IdentityClaims {
  return claimsFromPayload(decodeJwt(idToken));
}
