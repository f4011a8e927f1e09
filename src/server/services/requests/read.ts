// Reads requests with everything the API returns about them, mapped to the spec §3 shape.
import { type Kysely, sql } from 'kysely';
import type { HistoryEntry, PersonalData, Selection, SuapRequest } from '#shared/api/requests.ts';
import { RequestState } from '#shared/constants.ts';
import type { NotificationContact } from '#shared/domain.ts';
import { ssuStateOf } from '#shared/pratica.ts';
import { precompiled } from '../../db/precompiled.ts';
import type { Database } from '../../db/schema.ts';
import type { CatalogSnapshot } from '../reference-catalog.ts';

function json<T>(value: unknown): T | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

const iso = (value: Date | string | null | undefined): string | null => (value ? new Date(value).toISOString() : null);

/**
 * Requests with their applicant and the clerk in charge (a primary-key probe, null for most); the
 * reference rows they point at come from the catalog.
 */
export function selectRequests(db: Kysely<Database>) {
  return db
    .selectFrom('requests as r')
    .innerJoin('users as u', 'u.user_id', 'r.user_id')
    .leftJoin('users as a', 'a.user_id', 'r.assignee_user_id')
    .select([
      'r.request_id',
      'r.version',
      'r.type_of_service_id',
      'r.state_of_request_id',
      'r.user_id',
      'r.suap_id',
      'r.iniziative_id',
      'r.municipality_id',
      'r.procedure_notification',
      'r.personal_data',
      'r.partita_iva',
      'r.legal_rep_check',
      'r.sent_request_date',
      'r.decided_on',
      'r.decision_reason',
      'r.storage_limit',
      'r.updated_on',
      'r.pratica',
      'r.assignee_user_id',
      'u.first_name as u_first_name',
      'u.last_name as u_last_name',
      'u.fiscal_code as u_fiscal_code',
      'u.profile_id as u_profile_id',
      'a.first_name as a_first_name',
      'a.last_name as a_last_name',
    ]);
}

/** One request with its applicant, by id (the statement compiled once). */
export const requestById = precompiled(['requestId'], (db: Kysely<Database>, { requestId }: { requestId: number }) =>
  selectRequests(db).where('r.request_id', '=', requestId),
);

/**
 * One request by id as its applicant reads it: the same single statement, with two primary-key
 * probes of today's master data telling whether the office still serves the municipality and the
 * initiative is still offered (the request's `selection`, spec §4 warning).
 */
export const requestWithSelectionById = precompiled(['requestId'], (db: Kysely<Database>, { requestId }: { requestId: number }) =>
  selectRequests(db)
    .select((eb) => [
      eb
        .exists(
          eb
            .selectFrom('suap_municipality as sm')
            .select('sm.suap_id')
            .whereRef('sm.municipality_id', '=', 'r.municipality_id')
            .whereRef('sm.suap_id', '=', 'r.suap_id'),
        )
        .as('serves_municipality'),
      eb
        .exists(eb.selectFrom('iniziative as i').select('i.iniziative_id').whereRef('i.iniziative_id', '=', 'r.iniziative_id').where('i.offered', '=', true))
        .as('iniziative_offered'),
    ])
    .where('r.request_id', '=', requestId),
);

/** A request row as the desk reads it, with the name of the clerk in charge. */
type DeskRow = Awaited<ReturnType<ReturnType<typeof selectRequests>['executeTakeFirstOrThrow']>>;
/** A request row as its applicant reads it (a draft's save returns the row without the clerk's name). */
type Row = Omit<DeskRow, 'a_first_name' | 'a_last_name'>;

/**
 * A request as its recap needs it: what the rendered recap depends on (its number, version and
 * storage limit name the cached copy), and the request with its history, built only when the recap
 * must be rendered.
 */
export interface RecapSource {
  requestId: number;
  version: number;
  storageLimit: string | null;
  load: () => Promise<SuapRequest & { history: HistoryEntry[] }>;
}

/**
 * What a request's recap is cached under, and whose request it is (its applicant, its office): five columns, where reading the
 * whole request (two JSON documents, three instants) was most of a cached recap's database work.
 */
export const recapKeyById = precompiled(['requestId'], (db: Kysely<Database>, { requestId }: { requestId: number }) =>
  db.selectFrom('requests').select(['request_id', 'user_id', 'suap_id', 'version', 'storage_limit']).where('request_id', '=', requestId),
);

type RecapKey = Awaited<ReturnType<typeof recapKeyById>>[number];

/**
 * The recap source of a request whose key was read by `recapKeyById`: rendering reads the request
 * itself. Should it have changed in between, the recap shows the newer request (under the key of
 * the version read first, which no later call asks for: versions only grow).
 */
export function recapSourceOf(key: RecapKey, load: (row: DeskRow) => Promise<SuapRequest & { history: HistoryEntry[] }>, db: Kysely<Database>): RecapSource {
  return {
    requestId: key.request_id,
    version: key.version,
    storageLimit: key.storage_limit,
    load: async () => {
      const [row] = await requestById(db, { requestId: key.request_id });
      if (!row) throw new Error(`request ${key.request_id} vanished while its recap was rendered`);
      return load(row);
    },
  };
}
type RowWithSelection = Awaited<ReturnType<typeof requestWithSelectionById>>[number];

/**
 * A draft's `selection`, or undefined for a request that is not a draft or names none of office,
 * municipality and initiative. A part the draft does not name counts as holding.
 */
export function selectionOf(row: RowWithSelection): Selection | undefined {
  if (row.state_of_request_id !== RequestState.DRAFT) return undefined;
  if (row.suap_id === null && row.municipality_id === null && row.iniziative_id === null) return undefined;
  return {
    officeServesMunicipality: row.suap_id === null || row.municipality_id === null || Boolean(row.serves_municipality),
    initiativeOffered: row.iniziative_id === null || Boolean(row.iniziative_offered),
  };
}

export function toApiRequest(row: Row, catalog: CatalogSnapshot, history?: HistoryEntry[]): SuapRequest {
  const type = catalog.typesOfService.get(row.type_of_service_id);
  const state = catalog.states.get(row.state_of_request_id);
  if (!type || !state) throw new Error(`request ${row.request_id} points at unknown reference data`);
  return {
    requestId: row.request_id,
    version: row.version,
    typeOfService: type,
    stateOfRequest: state,
    ssuState: ssuStateOf(row.state_of_request_id),
    // The lifecycle machine's context once sent: the screens run the same machine on it (docs/architecture.md "The pratica's lifecycle").
    // (The contract's static type of the context widens its literal unions; the stored one is the machine's own.)
    pratica: json<NonNullable<Row['pratica']>>(row.pratica) as SuapRequest['pratica'],
    user: {
      userId: row.user_id,
      firstName: row.u_first_name,
      lastName: row.u_last_name,
      fiscalCode: row.u_fiscal_code,
      profile: { profileId: row.u_profile_id },
    },
    suap: row.suap_id === null ? null : (catalog.suaps.get(row.suap_id) ?? null),
    municipalityId: row.municipality_id,
    municipality: row.municipality_id === null ? null : (catalog.municipalities.get(row.municipality_id) ?? null),
    procedureNotification: json<NotificationContact>(row.procedure_notification),
    iniziative: row.iniziative_id === null ? null : (catalog.initiatives.get(row.iniziative_id) ?? null),
    partitaIva: row.partita_iva,
    personalData: json<PersonalData>(row.personal_data),
    legalRepCheck: row.legal_rep_check,
    sentRequestDate: iso(row.sent_request_date),
    updatedOn: iso(row.updated_on)!,
    doneOn: iso(row.decided_on),
    decisionReason: row.decision_reason,
    // A calendar day (`YYYY-MM-DD`), passed through as stored: turning it into an instant would
    // let a time zone move it.
    storageLimit: row.storage_limit,
    ...(history ? { history } : {}),
  };
}

/** A request as the desk reads it: the applicant's view and the clerk in charge by name. */
export function toDeskRequest(row: DeskRow, catalog: CatalogSnapshot, history?: HistoryEntry[]): SuapRequest {
  const assignee =
    row.assignee_user_id === null || row.a_first_name === null || row.a_last_name === null
      ? null
      : { userId: row.assignee_user_id, firstName: row.a_first_name, lastName: row.a_last_name };
  return { ...toApiRequest(row, catalog, history), assignee };
}

/**
 * A request's history, oldest first, each entry with the machine's event. `withNames` (the desk)
 * adds who acted and, for an assignment, the colleague put in charge; citizens see staff by role.
 */
export async function readHistory(db: Kysely<Database>, requestId: number, withNames: boolean): Promise<HistoryEntry[]> {
  const rows = await db
    .selectFrom('request_history as h')
    .leftJoin('users as u', 'u.user_id', 'h.actor_user_id')
    .leftJoin('users as a', 'a.user_id', 'h.assignee_user_id')
    .select([
      'h.from_state',
      'h.to_state',
      'h.at',
      'h.actor_profile_id',
      'h.reason',
      'h.event',
      sql<string | null>`u.first_name || ' ' || u.last_name`.as('actor_name'),
      sql<string | null>`a.first_name || ' ' || a.last_name`.as('assignee_name'),
    ])
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
    event: h.event,
    ...(withNames ? { assigneeName: h.assignee_name } : {}),
  }));
}
