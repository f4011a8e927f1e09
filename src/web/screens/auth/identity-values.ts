// The identity matcher's starting values: what the identity token already says (names, birth
// date, sex), so nobody types it twice (WCAG 3.3.7). Everything else starts empty.
import type { IdentityClaims } from '../../../shared/api/auth.ts';
import type { IdentityValues } from './identity-schema.ts';

export function initialIdentityValues(claims: IdentityClaims | null): IdentityValues {
  const gender = claims?.gender?.toUpperCase();
  return {
    nome: claims?.name ?? '',
    cognome: claims?.familyName ?? '',
    dataNascita: /^\d{4}-\d{2}-\d{2}$/.test(claims?.birthdate ?? '') ? (claims?.birthdate ?? '') : '',
    statoNascita: '',
    comuneNascita: '',
    codiceFiscale: '',
    sesso: gender === 'M' || gender === 'F' ? gender : '',
  };
}
