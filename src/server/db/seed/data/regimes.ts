// The regime each seeded initiative falls under (D.Lgs. 222/2016, table A, which lists for each
// activity whether it starts with a SCIA, needs an authorisation, is consented by silence or only
// communicated). A closure is a communication; the rest start with a SCIA unless named below.
import type { Regime } from '#shared/pratica.ts';

/** Initiatives whose regime is not their type's default, by code. */
const BY_CODE: Readonly<Record<string, Regime>> = {};

/** Closure (type 3) is communicated; starting or changing an activity is a SCIA unless listed. */
export function defaultRegime(initiative: { code: string; typeIniziativeId: number }): Regime {
  return BY_CODE[initiative.code] ?? (initiative.typeIniziativeId === 3 ? 'COMUNICAZIONE' : 'SCIA');
}
