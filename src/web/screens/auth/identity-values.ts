// The identity matcher's starting values: the sex when the identity token says it (never typed
// twice, WCAG 3.3.7); the rest starts empty. Name, family name and birth date are not values of the
// form at all: they are the provider's, shown read-only (see IdentityForm).
import type { IdentityClaims } from '../../../shared/api/auth.ts';
import type { IdentityValues } from '../../../shared/validation/identity-form.ts';

export function initialIdentityValues(claims: IdentityClaims | null): IdentityValues {
  const gender = claims?.gender?.toUpperCase();
  return { sesso: gender === 'M' || gender === 'F' ? gender : '', statoNascita: '', comuneNascita: '', codiceFiscale: '' };
}
