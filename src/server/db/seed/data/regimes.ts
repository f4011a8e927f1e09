// The regime each seeded initiative falls under (docs/architecture.md "Regimes"). D.Lgs. 222/2016,
// table A, names for each activity whether it starts with a SCIA (L. 241/1990 art. 19), needs an
// authorisation (silence is not consent unless a law says so), is consented by silence (L. 241/1990
// art. 20) or is only communicated; its section I covers trade and food service, the others come from
// the sector laws cited below. A closure is a communication; starting or changing an activity is a
// SCIA unless named here. Regional laws may set other terms: an installation edits its catalogue.
import type { Regime } from '#shared/pratica.ts';

interface RegimeChoice {
  regime: Regime;
  /** The proceeding's days where the sector law sets them apart from the regime's default. */
  proceedingDays?: number;
}

/** Initiatives whose regime is not their type's default, by code, each with the law it rests on. */
const BY_CODE: Readonly<Record<string, RegimeChoice>> = {
  // Medium-sized store: an authorisation the law deems granted when no refusal comes within 90 days
  // of receipt (D.Lgs. 114/1998 art. 8 c. 4; D.Lgs. 222/2016 table A, section I): silent consent.
  'AVV-COM-002': { regime: 'SILENZIO-ASSENSO', proceedingDays: 90 },
  // Market stall trading: the pitch is a concession and the licence goes with it (D.Lgs. 114/1998
  // art. 28 c. 1 lett. a, c. 2; D.Lgs. 222/2016 table A, section I: authorisation).
  'AVV-COM-004': { regime: 'AUTORIZZAZIONE' },
  // Direct sale by the farmer: a communication to the municipality, the sale may start on sending it
  // (D.Lgs. 228/2001 art. 4 c. 2; D.Lgs. 222/2016 table A, section I).
  'AVV-AGR-001': { regime: 'COMUNICAZIONE' },
  // Entertainment venue (dance hall, live music): the licence of TULPS (R.D. 773/1931) artt. 68 and 80,
  // an authorisation; a SCIA only for events of up to 200 people ending the same day (art. 68).
  'AVV-SPO-003': { regime: 'AUTORIZZAZIONE' },
  // Car hire with driver: the municipality's authorisation, granted by public competition (L. 21/1992 art. 8).
  'AVV-TRA-001': { regime: 'AUTORIZZAZIONE' },
  // Dental practice equipped for surgery: the health authorisation to operate (D.Lgs. 502/1992 art. 8-ter c. 2).
  'AVV-SAN-002': { regime: 'AUTORIZZAZIONE' },
  // Private nursery: the authorisation to operate the regional laws of the 0-6 system require (D.Lgs. 65/2017).
  'AVV-EDU-001': { regime: 'AUTORIZZAZIONE' },
  // Change of technical manager of a hair, beauty or dry-cleaning business: communicated (D.Lgs. 222/2016 table A).
  'MOD-SPE-002': { regime: 'COMUNICAZIONE' },
  // A pharmacy moving its premises within its seat: an authorisation (L. 475/1968 art. 1).
  'MOD-SAN-001': { regime: 'AUTORIZZAZIONE' },
};

/** Closure (type 3) is communicated; starting or changing an activity is a SCIA unless listed. */
export function defaultRegime(initiative: { code: string; typeIniziativeId: number }): Regime {
  return BY_CODE[initiative.code]?.regime ?? (initiative.typeIniziativeId === 3 ? 'COMUNICAZIONE' : 'SCIA');
}

/** The proceeding's days the sector law sets for an initiative, or null for its regime's default. */
export function defaultProceedingDays(code: string): number | null {
  return BY_CODE[code]?.proceedingDays ?? null;
}
