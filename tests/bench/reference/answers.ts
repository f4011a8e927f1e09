// The reference's answers: the reference rows loaded once at start-up (as the portal's catalog holds
// them) and a request written field by field in the order of the API's schema, so the reference
// sends the same bytes as the portal with a plain JSON.stringify.
import type pg from 'pg';

type Row = Record<string, unknown>;

export interface Catalog {
  types: Map<number, object>;
  states: Map<number, object>;
  suaps: Map<number, { name: string } & object>;
  initiatives: Map<number, object>;
}

export async function loadCatalog(pool: pg.Pool): Promise<Catalog> {
  const [types, states, suaps, initiatives] = await Promise.all([
    pool.query('select * from type_of_service'),
    pool.query('select * from state_of_request'),
    pool.query('select suap_id, name, pec, type, url from suap'),
    pool.query('select * from iniziative'),
  ]);
  return {
    types: new Map(
      types.rows.map((t) => [
        t.type_of_service_id,
        { typeOfServiceId: t.type_of_service_id, nameIt: t.name_it, nameEn: t.name_en, descriptionIt: t.description_it, descriptionEn: t.description_en },
      ]),
    ),
    states: new Map(
      states.rows.map((s) => [
        s.state_of_request_id,
        { stateOfRequestId: s.state_of_request_id, descriptionIt: s.description_it, descriptionEn: s.description_en },
      ]),
    ),
    suaps: new Map(suaps.rows.map((s) => [s.suap_id, { suapId: s.suap_id, name: s.name, pec: s.pec, type: s.type, url: s.url }])),
    initiatives: new Map(
      initiatives.rows.map((i) => [
        i.iniziative_id,
        {
          iniziativeId: i.iniziative_id,
          code: i.code,
          descriptionIt: i.description_it,
          descriptionEn: i.description_en,
          activityIt: i.activity_it,
          activityEn: i.activity_en,
          areaIt: i.area_it,
          areaEn: i.area_en,
          typeIniziativeId: i.type_iniziative_id,
        },
      ]),
    ),
  };
}

const PERSONAL_FIELDS = [
  'firstName',
  'lastName',
  'fiscalCode',
  'dateOfBirth',
  'cityOfBirth',
  'gender',
  'email',
  'telephone',
  'address',
  'zipCode',
  'residenceMunicipality',
];

/** JSONB keeps keys in its own order; the API writes them in the schema's. */
function personalData(value: Row | null): Row | null {
  if (!value) return null;
  const out: Row = {};
  for (const key of PERSONAL_FIELDS) if (value[key] !== undefined) out[key] = value[key];
  return out;
}

const iso = (value: unknown): string | null => (value ? new Date(value as string).toISOString() : null);

/** A request row (with the applicant's `u_*` columns) as the API's request object: the schema's
 *  required fields first, then the optional ones, as the portal's serializer writes them. */
export function toRequest(row: Row, catalog: Catalog): Row {
  const contact = row.procedure_notification as { type: number; value: string } | null;
  return {
    requestId: row.request_id,
    version: row.version,
    typeOfService: catalog.types.get(row.type_of_service_id as number),
    stateOfRequest: catalog.states.get(row.state_of_request_id as number),
    user: {
      userId: row.user_id,
      firstName: row.u_first_name,
      lastName: row.u_last_name,
      fiscalCode: row.u_fiscal_code,
      profile: { profileId: row.u_profile_id },
    },
    updatedOn: iso(row.updated_on),
    suap: row.suap_id === null ? null : (catalog.suaps.get(row.suap_id as number) ?? null),
    municipalityId: row.municipality_id,
    procedureNotification: contact ? { type: contact.type, value: contact.value } : null,
    iniziative: row.iniziative_id === null ? null : (catalog.initiatives.get(row.iniziative_id as number) ?? null),
    partitaIva: row.partita_iva,
    personalData: personalData(row.personal_data as Row | null),
    sentRequestDate: iso(row.sent_request_date),
    doneOn: iso(row.decided_on),
    decisionReason: row.decision_reason,
    storageLimit: row.storage_limit,
  };
}
