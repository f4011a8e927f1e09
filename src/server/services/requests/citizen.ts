// What a citizen does with their own requests (spec §7 "Requests (front office)"). Every rule is
// checked here, on the server, and a broken rule changes nothing stored.
import { sql, type Kysely, type Selectable, type Transaction, type UpdateObject } from 'kysely';
import type { HistoryEntry, PersonalData, RequestWrite, SuapRequest } from '../../../shared/api/requests.ts';
import { EARLIEST_BIRTH_DATE, isPlausibleBirthDate } from '../../../shared/birth-date.ts';
import { missingForSubmission } from '../../../shared/api/requests.ts';
import { RequestState, Role, STARTUP_SERVICE_TYPE_ID, type Language } from '../../../shared/constants.ts';
import { foldForSearch } from '../../../shared/text.ts';
import { precompiled } from '../../db/precompiled.ts';
import type { Database, RequestsTable, CallerRow } from '../../db/schema.ts';
import { ErrorKey } from '../../../shared/api/error-keys.ts';
import { ApiError } from '../../plugins/errors.ts';
import { noticeForOffice, receiptForApplicant } from '../notifications/messages.ts';
import { enqueue } from '../notifications/outbox.ts';
import { attachOfficeRecap, type OfficeRecapRenderer } from '../notifications/office-recap.ts';
import { recapFileName } from '../pdf/recap.ts';
import { canMove, recordTransition } from './lifecycle.ts';
import { draftStorageLimit } from './retention.ts';
import type { ReferenceCatalog } from '../reference-catalog.ts';
import { readHistory, recapKeyById, recapSourceOf, requestWithSelectionById, selectionOf, selectRequests, toApiRequest, type RecapSource } from './read.ts';


/** Names compare as people write them: case, accents, apostrophes and spacing aside (the wizard
 *  sends the account's own spelling, so the same string is answered without folding either). */
const sameName = (a: string, b: string) => a === b || foldForSearch(a).replace(/[’'\s-]+/g, '') === foldForSearch(b).replace(/[’'\s-]+/g, '');

/**
 * The applicant is the caller (issue #12): the personal data's name and fiscal code must be the
 * signed-in person's own, and are stored as their account has them. Company data and contacts stay
 * the citizen's to write. Throws 400 before anything is written.
 */
export function applicantData(caller: CallerRow, data: PersonalData): PersonalData {
  const fiscalCode = data.fiscalCode.trim().toUpperCase();
  if (!caller.fiscal_code || fiscalCode !== caller.fiscal_code) {
    throw new ApiError(400, 'Bad Request', 'personalData.fiscalCode: the applicant is the signed-in person; this is not your fiscal code.');
  }
  if (!sameName(data.firstName, caller.first_name) || !sameName(data.lastName, caller.last_name)) {
    throw new ApiError(400, 'Bad Request', 'personalData.firstName: the applicant is the signed-in person; the name is not yours.');
  }
  if (data.dateOfBirth && !isPlausibleBirthDate(data.dateOfBirth)) {
    throw new ApiError(400, 'Bad Request', `personalData.dateOfBirth: a date of birth lies between ${EARLIEST_BIRTH_DATE} and today.`);
  }
  return { ...data, firstName: caller.first_name, lastName: caller.last_name, fiscalCode: caller.fiscal_code };
}

/** The one answer for a request that is missing or not the caller's: the same bytes for both. */
export const notFound = (_requestId: number) => new ApiError(404, 'Not Found', 'No such request among yours.');

type SaveArgs = [
  suapId: number | null, municipalityId: number | null, iniziativeId: number | null, notification: string | null, personalData: string | null,
  partitaIva: string | null, searchText: string, applicantSort: string, updatedOn: Date, nextVersion: number, storageLimit: string,
  requestId: number, userId: number, version: number,
];
type SaveStatement = (db: Kysely<Database>, ...args: SaveArgs) => Promise<Selectable<RequestsTable>[]>;
const draftSaves = new Map<string, SaveStatement>();

/**
 * A draft step's save as one statement, compiled once per shape (which references the body names):
 * building and compiling it with Kysely on every save was a tenth of the save's CPU (issue #17).
 * Owner, draft state and version are conditions of the UPDATE itself, like conditionalUpdate's.
 */
function draftSave(withSuap: boolean, withMunicipality: boolean, withIniziative: boolean): SaveStatement {
  const key = `${withSuap}:${withMunicipality}:${withIniziative}`;
  let statement = draftSaves.get(key);
  if (!statement) {
    statement = precompiled(14, (db: Kysely<Database>, ...[suapId, municipalityId, iniziativeId, notification, personalData, partitaIva, searchText, applicantSort, updatedOn, nextVersion, storageLimit, requestId, userId, version]: SaveArgs) =>
      db
        .updateTable('requests')
        .set({
          suap_id: suapId, municipality_id: municipalityId, iniziative_id: iniziativeId, procedure_notification: notification, personal_data: personalData,
          partita_iva: partitaIva, search_text: searchText, applicant_sort: applicantSort, updated_on: updatedOn, version: nextVersion,
          // A save never shortens a limit staff moved further out.
          storage_limit: sql<string>`GREATEST(storage_limit, ${storageLimit}::date)`,
        })
        .where('request_id', '=', requestId)
        .where('user_id', '=', userId)
        .where('state_of_request_id', '=', RequestState.DRAFT)
        .where('version', '=', version)
        .where((eb) =>
          eb.and([
            withSuap ? eb.exists(eb.selectFrom('suap').select('suap_id').where('suap_id', '=', suapId).where('type', '=', 'INT')) : eb.lit(true),
            withSuap && withMunicipality
              ? eb.exists(eb.selectFrom('suap_municipality').select('suap_id').where('suap_id', '=', suapId).where('municipality_id', '=', municipalityId))
              : eb.lit(true),
            withMunicipality ? eb.exists(eb.selectFrom('municipalities').select('municipality_id').where('municipality_id', '=', municipalityId)) : eb.lit(true),
            withIniziative ? eb.exists(eb.selectFrom('iniziative').select('iniziative_id').where('iniziative_id', '=', iniziativeId).where('offered', '=', true)) : eb.lit(true),
          ]),
        )
        .returningAll(),
    ) as SaveStatement;
    draftSaves.set(key, statement);
  }
  return statement;
}

export interface CitizenRequestsOptions {
  catalog: ReferenceCatalog;
  retentionDays: number;
  /** Open drafts one person may keep at once (MAX_OPEN_DRAFTS); absent means no cap. */
  maxOpenDrafts?: number;
  portalUrl: string;
  /** Renders the office's copy of a submitted request (the worker pool), after the commit. */
  officeRecap: OfficeRecapRenderer;
  log: { warn: (obj: object, msg: string) => void };
}

export class CitizenRequests {
  private readonly db: Kysely<Database>;
  private readonly retentionDays: number;
  private readonly options: CitizenRequestsOptions;
  constructor(db: Kysely<Database>, options: CitizenRequestsOptions) {
    this.db = db;
    this.retentionDays = options.retentionDays;
    this.options = options;
  }

  async list(caller: CallerRow, userId: number | undefined, typeOfServiceId: number | undefined): Promise<SuapRequest[]> {
    if (userId !== undefined && userId !== caller.user_id) throw new ApiError(403, 'Forbidden', 'userId: you may list only your own requests.');
    let query = selectRequests(this.db).where('r.user_id', '=', caller.user_id);
    if (typeOfServiceId !== undefined) query = query.where('r.type_of_service_id', '=', typeOfServiceId);
    const [rows, catalog] = await Promise.all([query.orderBy('r.request_id', 'desc').execute(), this.options.catalog.snapshot()]);
    return rows.map((row) => toApiRequest(row, catalog));
  }

  /**
   * One of the caller's requests. A draft also says whether its office still serves its
   * municipality and its initiative is still offered (`selection`, read in the same statement):
   * the wizard warns on select-initiative when either no longer holds (spec §4).
   */
  async get(caller: CallerRow, requestId: number, db: Kysely<Database> = this.db, withHistory = true): Promise<SuapRequest> {
    const [row] = await requestWithSelectionById(db, requestId);
    // Someone else's request answers exactly like a missing one: no existence oracle.
    if (!row || row.user_id !== caller.user_id) throw notFound(requestId);
    const request = toApiRequest(row, await this.options.catalog.snapshot(), withHistory ? await readHistory(db, requestId, false) : undefined);
    const selection = selectionOf(row);
    return selection ? { ...request, selection } : request;
  }

  /** A request's history as its applicant sees it (staff by role, not by name). */
  history(requestId: number): Promise<HistoryEntry[]> {
    return readHistory(this.db, requestId, false);
  }

  /** One of the caller's requests for its recap: the row alone, checked like `get`'s. */
  async recapSource(caller: CallerRow, requestId: number): Promise<RecapSource> {
    const [key] = await recapKeyById(this.db, requestId);
    if (!key || key.user_id !== caller.user_id) throw notFound(requestId);
    return recapSourceOf(key, async (row) => toApiRequest(row, await this.options.catalog.snapshot(), await this.history(requestId)) as SuapRequest & { history: HistoryEntry[] }, this.db);
  }

  /** Checks the references of a write in one round trip: the office exists, works here (INT) and
   *  serves the municipality; the municipality exists; the initiative exists and is still offered. */
  private async resolveReferences(db: Kysely<Database>, body: RequestWrite) {
    const suapId = body.suap?.suapId ?? null;
    const municipalityId = body.municipalityId ?? null;
    const iniziativeId = body.iniziative?.iniziativeId ?? null;
    const found = await db
      .selectNoFrom((eb) => [
        eb.selectFrom('suap').select('type').where('suap_id', '=', suapId ?? -1).as('suap_type'),
        eb.selectFrom('suap').select('name').where('suap_id', '=', suapId ?? -1).as('suap_name'),
        eb.selectFrom('suap').select('pec').where('suap_id', '=', suapId ?? -1).as('suap_pec'),
        eb.exists(eb.selectFrom('suap_municipality').select('suap_id').where('suap_id', '=', suapId ?? -1).where('municipality_id', '=', municipalityId ?? -1)).as('serves'),
        eb.exists(eb.selectFrom('municipalities').select('municipality_id').where('municipality_id', '=', municipalityId ?? -1)).as('municipality_exists'),
        eb.exists(eb.selectFrom('iniziative').select('iniziative_id').where('iniziative_id', '=', iniziativeId ?? -1)).as('iniziative_exists'),
        eb.exists(eb.selectFrom('iniziative').select('iniziative_id').where('iniziative_id', '=', iniziativeId ?? -1).where('offered', '=', true)).as('iniziative_offered'),
      ])
      .executeTakeFirstOrThrow();
    if (suapId !== null) {
      if (!found.suap_type) throw new ApiError(400, 'Bad Request', `suap: no office ${suapId}.`);
      if (found.suap_type !== 'INT') throw new ApiError(400, 'Bad Request', 'suap: this office works through its own external portal.');
      if (municipalityId !== null && !found.serves) throw new ApiError(400, 'Bad Request', 'suap: the office does not serve the chosen municipality.');
    }
    if (municipalityId !== null && !found.municipality_exists) throw new ApiError(400, 'Bad Request', `municipalityId: no municipality ${municipalityId}.`);
    if (iniziativeId !== null && !found.iniziative_exists) throw new ApiError(400, 'Bad Request', `iniziative: no initiative ${iniziativeId}.`);
    if (iniziativeId !== null && !found.iniziative_offered) throw new ApiError(400, 'Bad Request', 'iniziative: this initiative is no longer offered; choose another one.');
    return { suapId, municipalityId, iniziativeId, suapName: found.suap_name ?? '', receives: Boolean(found.suap_pec) };
  }

  /** The columns a citizen's write sets, the same for a new draft and a saved one. */
  private writableColumns(caller: CallerRow, body: RequestWrite, refs: { suapId: number | null; municipalityId: number | null; iniziativeId: number | null; suapName: string }) {
    const personalData = body.personalData ? applicantData(caller, body.personalData) : null;
    return {
      suap_id: refs.suapId,
      municipality_id: refs.municipalityId,
      iniziative_id: refs.iniziativeId,
      procedure_notification: body.procedureNotification ? JSON.stringify(body.procedureNotification) : null,
      personal_data: personalData ? JSON.stringify(personalData) : null,
      partita_iva: body.partitaIva || null,
      search_text: this.searchText(caller, refs.suapName),
      applicant_sort: this.applicantSort(caller),
    };
  }

  private searchText(caller: CallerRow, suapName: string): string {
    return foldForSearch(`${caller.first_name} ${caller.last_name} ${suapName}`);
  }

  private applicantSort(caller: CallerRow): string {
    return foldForSearch(`${caller.first_name} ${caller.last_name}`);
  }

  /** `language`: the one the citizen writes in, kept so the warning before the draft expires speaks it (retention.ts). */
  async create(caller: CallerRow, body: RequestWrite, language: Language | null = null): Promise<SuapRequest> {
    const type = body.typeOfService?.typeOfServiceId ?? STARTUP_SERVICE_TYPE_ID;
    if (type !== STARTUP_SERVICE_TYPE_ID) throw new ApiError(400, 'Bad Request', 'typeOfService: only the startup service (1) is offered.');
    if (body.stateOfRequest && body.stateOfRequest.stateOfRequestId !== RequestState.DRAFT) {
      throw new ApiError(400, 'Bad Request', 'stateOfRequest: a new request starts as a draft.');
    }
    return this.db.transaction().execute(async (trx) => {
      await this.refuseOverDraftCap(trx, caller);
      const refs = await this.resolveReferences(trx, body);
      const now = new Date();
      const { request_id } = await trx
        .insertInto('requests')
        .values({
          type_of_service_id: type,
          state_of_request_id: RequestState.DRAFT,
          user_id: caller.user_id,
          ...this.writableColumns(caller, body, refs),
          created_at: now,
          updated_on: now,
          storage_limit: draftStorageLimit(now, this.retentionDays),
          language,
        })
        .returning('request_id')
        .executeTakeFirstOrThrow();
      await recordTransition(trx, request_id, null, RequestState.DRAFT, { userId: caller.user_id, profileId: Role.FRONT_OFFICE });
      return this.get(caller, request_id, trx);
    });
  }

  /**
   * The cap on open drafts (docs/deployment.md, MAX_OPEN_DRAFTS). The person's own row is locked
   * first, so two creations of the same person run one after the other: the second counts the
   * first's draft, and both cannot pass at one below the cap. Other people are not held up.
   */
  private async refuseOverDraftCap(trx: Transaction<Database>, caller: CallerRow): Promise<void> {
    const max = this.options.maxOpenDrafts;
    if (max === undefined) return;
    await trx.selectFrom('users').select('user_id').where('user_id', '=', caller.user_id).forUpdate().execute();
    const { open } = await trx
      .selectFrom('requests')
      .select((eb) => eb.fn.countAll<string>().as('open'))
      .where('user_id', '=', caller.user_id)
      .where('state_of_request_id', '=', RequestState.DRAFT)
      .executeTakeFirstOrThrow();
    if (Number(open) >= max) {
      throw new ApiError(409, 'Conflict', `You already have ${open} open drafts, the most allowed (${max}): send or delete one before starting another.`, ErrorKey.tooManyDrafts);
    }
  }

  /** Why a conditional update touched nothing: missing, someone else's, not a draft, or stale. */
  private async refusal(db: Kysely<Database>, caller: CallerRow, requestId: number, version: number): Promise<ApiError> {
    const current = await db.selectFrom('requests').select(['user_id', 'state_of_request_id', 'version']).where('request_id', '=', requestId).executeTakeFirst();
    if (!current || current.user_id !== caller.user_id) return notFound(requestId);
    if (current.state_of_request_id !== RequestState.DRAFT) return new ApiError(409, 'Conflict', 'Only a draft can be changed.');
    return new ApiError(409, 'stale-version', `The request changed elsewhere (version ${current.version}, yours ${version}): reload the latest version.`);
  }

  async update(caller: CallerRow, requestId: number, body: RequestWrite): Promise<SuapRequest> {
    if (body.requestId !== undefined && body.requestId !== requestId) throw new ApiError(400, 'Bad Request', 'requestId: does not match the address.');
    if (body.version === undefined) throw new ApiError(400, 'Bad Request', 'version: required, so that a stale copy cannot overwrite a newer one.');
    // No silent ignores (issue #16): the service type is fixed at creation, where only the startup
    // service is accepted, so naming another one on a change is refused rather than dropped.
    if (body.typeOfService && body.typeOfService.typeOfServiceId !== STARTUP_SERVICE_TYPE_ID) {
      throw new ApiError(400, 'Bad Request', 'typeOfService: the service type of a request cannot be changed.', 'read-only-field');
    }
    const version = body.version;
    const target = body.stateOfRequest?.stateOfRequestId ?? RequestState.DRAFT;
    if (target !== RequestState.DRAFT && !(target === RequestState.SENT && canMove(RequestState.DRAFT, target))) {
      throw new ApiError(400, 'Bad Request', 'stateOfRequest: a citizen may only send a draft (3) or delete it.');
    }
    if (target === RequestState.DRAFT) return this.saveDraft(caller, requestId, version, body);
    const refs = await this.resolveReferences(this.db, body);
    const missing = missingForSubmission({
      procedureNotification: body.procedureNotification ?? null,
      iniziative: refs.iniziativeId ? ({} as never) : null,
      suap: refs.suapId ? ({} as never) : null,
      personalData: body.personalData ?? null,
    });
    if (missing.length > 0) throw new ApiError(400, 'Bad Request', `The draft is not complete: ${missing.join(', ')}.`);
    // A draft may name an office with no PEC address (the wizard warns); a request is sent only to one
    // that has one (docs/deployment.md, "Offices and their PEC addresses").
    if (!refs.receives) throw new ApiError(409, 'Conflict', 'suap: this office receives no request yet: the administration has not configured its PEC address; choose another office.', ErrorKey.officeNotReceiving);
    const now = new Date();
    const sent = await this.db.transaction().execute(async (trx) => {
      const sentRow = await this.conditionalUpdate(trx, caller, requestId, version, {
        state_of_request_id: RequestState.SENT,
        ...this.writableColumns(caller, body, refs),
        updated_on: now,
        version: version + 1,
        storage_limit: null,
        sent_request_date: now,
      })
        .returning('request_id')
        .executeTakeFirst();
      if (!sentRow) throw await this.refusal(trx, caller, requestId, version);
      await recordTransition(trx, requestId, RequestState.DRAFT, RequestState.SENT, { userId: caller.user_id, profileId: Role.FRONT_OFFICE });
      // The receipt and the office's copy are committed with the submission, or not at all; the
      // copy's PDF is rendered after the commit (notifications/office-recap.ts).
      const sent = await this.get(caller, requestId, trx);
      await enqueue(trx, requestId, [
        receiptForApplicant(sent, this.options.portalUrl),
        noticeForOffice(sent, { name: recapFileName(requestId, 'it'), content: null }),
      ]);
      return sent;
    });
    if (!(await attachOfficeRecap(this.db, sent, this.options.officeRecap))) {
      this.options.log.warn({ requestId }, 'office recap not rendered after the submission: the delivery job renders it');
    }
    return sent;
  }

  /** Owner, draft state and version are conditions of the UPDATE itself: one statement, no lock
   *  held across round trips, and a stale copy can never overwrite a newer one. */
  private conditionalUpdate(db: Kysely<Database>, caller: CallerRow, requestId: number, version: number, changes: UpdateObject<Database, 'requests'>) {
    return db
      .updateTable('requests')
      .set(changes)
      .where('request_id', '=', requestId)
      .where('user_id', '=', caller.user_id)
      .where('state_of_request_id', '=', RequestState.DRAFT)
      .where('version', '=', version);
  }

  /**
   * A step's save, the hot path of the wizard: one statement that also checks the references
   * (office working here and serving the municipality, initiative still offered) and returns the row,
   * answered from the caller's account and the reference catalog. Only a refused save spends
   * more queries, to say precisely why.
   */
  private async saveDraft(caller: CallerRow, requestId: number, version: number, body: RequestWrite): Promise<SuapRequest> {
    const catalog = await this.options.catalog.snapshot();
    const suapId = body.suap?.suapId ?? null;
    const municipalityId = body.municipalityId ?? null;
    const iniziativeId = body.iniziative?.iniziativeId ?? null;
    const refs = { suapId, municipalityId, iniziativeId, suapName: suapId === null ? '' : (catalog.suaps.get(suapId)?.name ?? '') };
    const now = new Date();
    const c = this.writableColumns(caller, body, refs);
    const [row] = await draftSave(suapId !== null, municipalityId !== null, iniziativeId !== null)(
      this.db,
      c.suap_id, c.municipality_id, c.iniziative_id, c.procedure_notification, c.personal_data, c.partita_iva, c.search_text, c.applicant_sort,
      now, version + 1, draftStorageLimit(now, this.retentionDays), requestId, caller.user_id, version,
    );
    if (!row) {
      await this.resolveReferences(this.db, body); // throws the precise 400 when a reference is wrong
      throw await this.refusal(this.db, caller, requestId, version);
    }
    return toApiRequest(
      { ...row, u_first_name: caller.first_name, u_last_name: caller.last_name, u_fiscal_code: caller.fiscal_code, u_profile_id: caller.profile_id },
      catalog,
    );
  }

  async remove(caller: CallerRow, requestId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('requests').select(['user_id', 'state_of_request_id']).where('request_id', '=', requestId).forUpdate().executeTakeFirst();
      if (!current || current.user_id !== caller.user_id) throw notFound(requestId);
      if (current.state_of_request_id !== RequestState.DRAFT) throw new ApiError(409, 'Conflict', 'Only a draft can be deleted.');
      await trx.updateTable('requests').set((eb) => ({ state_of_request_id: RequestState.DELETED, updated_on: new Date(), storage_limit: null, version: eb('version', '+', 1) })).where('request_id', '=', requestId).execute();
      await recordTransition(trx, requestId, RequestState.DRAFT, RequestState.DELETED, { userId: caller.user_id, profileId: Role.FRONT_OFFICE });
    });
  }
}
