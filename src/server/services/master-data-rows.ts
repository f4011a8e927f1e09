// The master data's rows as the API shows them (spec §3 entities): one mapping per table, used by the
// master-data lists and by the reference catalogue a request's answer reads.
import type { Selectable } from 'kysely';
import type { Initiative, Suap } from '#shared/domain.ts';
import type { InitiativeTable, SuapTable } from '../db/schema.ts';

export function initiativeOf(row: Selectable<InitiativeTable>): Initiative {
  return {
    iniziativeId: row.iniziative_id,
    code: row.code,
    descriptionIt: row.description_it,
    descriptionEn: row.description_en,
    activityIt: row.activity_it,
    activityEn: row.activity_en,
    areaIt: row.area_it,
    areaEn: row.area_en,
    typeIniziativeId: row.type_iniziative_id,
  };
}

export function suapOf(row: Pick<Selectable<SuapTable>, 'suap_id' | 'name' | 'pec' | 'type' | 'url'>): Suap {
  return { suapId: row.suap_id, name: row.name, pec: row.pec, type: row.type, url: row.url };
}
