// Reads requests with everything the API returns about them, mapped to the spec §3 shape.
import { type Kysely, sql } from 'kysely';
import type { HistoryEntry, PersonalData, SuapRequest } from '../../../shared/api/requests.ts';
import type { NotificationContact } from '../../../shared/domain.ts';
import type { Database } from '../../db/schema.ts';

function json<T>(value: unknown): T | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

const iso = (value: Date | string | null | undefined): string | null => (value ? new Date(value).toISOString() : null);

export function selectRequests(db: Kysely<Database>) {
  return db
    .selectFrom('requests as r')
    .innerJoin('type_of_service as ts', 'ts.type_of_service_id', 'r.type_of_service_id')
    .innerJoin('state_of_request as st', 'st.state_of_request_id', 'r.state_of_request_id')
    .innerJoin('users as u', 'u.user_id', 'r.user_id')
    .leftJoin('suap as s', 's.suap_id', 'r.suap_id')
    .leftJoin('iniziative as i', 'i.iniziative_id', 'r.iniziative_id')
    .select([
      'r.request_id', 'r.version', 'r.state_of_request_id', 'r.user_id', 'r.municipality_id', 'r.procedure_notification', 'r.personal_data',
      'r.partita_iva', 'r.sent_request_date', 'r.decided_on', 'r.decision_reason', 'r.storage_limit', 'r.updated_on',
      'ts.type_of_service_id', 'ts.name_it as ts_name_it', 'ts.name_en as ts_name_en', 'ts.description_it as ts_description_it', 'ts.description_en as ts_description_en',
      'st.description_it as st_description_it', 'st.description_en as st_description_en',
      'u.first_name as u_first_name', 'u.last_name as u_last_name', 'u.fiscal_code as u_fiscal_code', 'u.profile_id as u_profile_id',
      's.suap_id', 's.name as s_name', 's.pec as s_pec', 's.type as s_type', 's.url as s_url',
      'i.iniziative_id', 'i.code as i_code', 'i.description_it as i_description_it', 'i.description_en as i_description_en',
      'i.activity_it as i_activity_it', 'i.activity_en as i_activity_en', 'i.area_it as i_area_it', 'i.area_en as i_area_en', 'i.type_iniziative_id as i_type',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectRequests>['executeTakeFirstOrThrow']>>;

export function toApiRequest(row: Row, history?: HistoryEntry[]): SuapRequest {
  return {
    requestId: row.request_id,
    version: row.version,
    typeOfService: { typeOfServiceId: row.type_of_service_id, nameIt: row.ts_name_it, nameEn: row.ts_name_en, descriptionIt: row.ts_description_it, descriptionEn: row.ts_description_en },
    stateOfRequest: { stateOfRequestId: row.state_of_request_id, descriptionIt: row.st_description_it, descriptionEn: row.st_description_en },
    user: { userId: row.user_id, firstName: row.u_first_name, lastName: row.u_last_name, fiscalCode: row.u_fiscal_code, profile: { profileId: row.u_profile_id } },
    suap: row.suap_id ? { suapId: row.suap_id, name: row.s_name!, pec: row.s_pec!, type: row.s_type!, url: row.s_url } : null,
    municipalityId: row.municipality_id,
    procedureNotification: json<NotificationContact>(row.procedure_notification),
    iniziative: row.iniziative_id
      ? {
          iniziativeId: row.iniziative_id,
          code: row.i_code!,
          descriptionIt: row.i_description_it!,
          descriptionEn: row.i_description_en!,
          activityIt: row.i_activity_it!,
          activityEn: row.i_activity_en!,
          areaIt: row.i_area_it!,
          areaEn: row.i_area_en!,
          typeIniziativeId: row.i_type!,
        }
      : null,
    partitaIva: row.partita_iva,
    personalData: json<PersonalData>(row.personal_data),
    sentRequestDate: iso(row.sent_request_date),
    updatedOn: iso(row.updated_on)!,
    doneOn: iso(row.decided_on),
    decisionReason: row.decision_reason,
    storageLimit: iso(row.storage_limit),
    ...(history ? { history } : {}),
  };
}

export async function readHistory(db: Kysely<Database>, requestId: number, withNames: boolean): Promise<HistoryEntry[]> {
  const rows = await db
    .selectFrom('request_history as h')
    .leftJoin('users as u', 'u.user_id', 'h.actor_user_id')
    .select(['h.from_state', 'h.to_state', 'h.at', 'h.actor_profile_id', 'h.reason', sql<string | null>`u.first_name || ' ' || u.last_name`.as('actor_name')])
    .where('h.request_id', '=', requestId)
    .orderBy('h.at')
    .orderBy('h.history_id')
    .execute();
  return rows.map((h) => ({
    fromState: h.from_state,
    toState: h.to_state,
    at: iso(h.at)!,
    actorProfileId: h.actor_profile_id,
    ...(withNames ? { actorName: h.actor_name } : {}),
    reason: h.reason,
  }));
}
