// Giulia Bianchi's bar in Rome as the lifecycle suites send it (docs/architecture.md "The pratica's
// lifecycle"): the demo's office and initiative, found once in a database, and the whole request a
// PUT sends to present her draft. The bar's regime is the catalogue's; a suite that needs another
// sets `iniziative.regime` just before sending (a sent pratica keeps the regime it was sent under).
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import { PraticaState } from '#shared/pratica.ts';

/** Rome's ISTAT-derived municipality id in the seeded territory. */
export const ROME = 58091;
export const GIULIA = { firstName: 'Giulia', lastName: 'Bianchi', fiscalCode: 'BNCGLI85M41F205B' };
export const GIULIA_EMAIL = 'giulia.bianchi@example.org';

export interface GiuliaBar {
  romeOffice: number;
  bar: number;
}

/** Rome's office and the bar's initiative in `db`. */
export async function findGiuliaBar(db: Kysely<Database>): Promise<GiuliaBar> {
  const romeOffice = (await db.selectFrom('suap_municipality').select('suap_id').where('municipality_id', '=', ROME).executeTakeFirstOrThrow()).suap_id;
  const bar = (await db.selectFrom('iniziative').select('iniziative_id').where('activity_it', '=', 'Bar e ristorante').executeTakeFirstOrThrow()).iniziative_id;
  return { romeOffice, bar };
}

/** The PUT body that presents `draft` as Giulia's bar in Rome, complete (its documents stored apart). */
export function presentedBar(draft: SuapRequest, { romeOffice, bar }: GiuliaBar) {
  return {
    ...draft,
    suap: { suapId: romeOffice },
    municipalityId: ROME,
    iniziative: { iniziativeId: bar },
    personalData: {
      ...GIULIA,
      email: GIULIA_EMAIL,
      dateOfBirth: '1985-08-01',
      business: { kind: 'sole-trader', atecoCode: '56.10.11', role: 'legal-representative' },
      activityAddress: { street: 'Via del Corso', streetNumber: '12', zipCode: '00186' },
    },
    stateOfRequest: { stateOfRequestId: PraticaState.PRESENTED },
  };
}
