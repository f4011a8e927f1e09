// What a citizen does with their own requests (spec §7 "Requests (front office)"). Every rule is
// checked here, on the server, and a broken rule changes nothing stored.
import type { Kysely, Transaction } from 'kysely';
import type { ApplicantEventRequest } from '#shared/api/pratica.ts';
import type { HistoryEntry, PersonalData, RequestWrite, SuapRequest } from '#shared/api/requests.ts';
import { EARLIEST_BIRTH_DATE, isPlausibleBirthDate } from '#shared/birth-date.ts';
import { missingForSubmission } from '#shared/api/requests.ts';
import { RequestState, Role, STARTUP_SERVICE_TYPE_ID, type Language } from '#shared/constants.ts';
import { foldForSearch } from '#shared/text.ts';
import type { Database, CallerRow } from '../../db/schema.ts';
import { ErrorKey } from '#shared/api/error-keys.ts';
import { ApiError } from '../../plugins/errors.ts';
import { businessRuleBroken, isBusinessComplete } from '#shared/business.ts';
import { settleLegalRep, type LegalRepRegister } from '../legal-representatives.ts';
import { noticeForOffice, receiptForApplicant } from '../notifications/messages.ts';
import { enqueue } from '../notifications/outbox.ts';
import { attachOfficeRecap, type OfficeRecapRenderer } from '../notifications/office-recap.ts';
import { recapFileName } from '../pdf/recap.ts';
import { namedAttachments } from '../documents/shown.ts';
import { freezeDocuments } from '../documents/send.ts';
import { applicantActor } from '../pratica/actor.ts';
import { transition, type TransitionDeps } from '../pratica/transition.ts';
import { draftStorageLimit } from './retention.ts';
import type { ReferenceCatalog } from '../reference-catalog.ts';
import { readHistory, recapKeyById, recapSourceOf, requestWithSelectionById, selectionOf, selectRequests, toApiRequest, type RecapSource } from './read.ts';
import { saveDraft, type WritableColumns } from './draft-save.ts';
import { ownOrNotFound, requestNotFound, whereOwnDraft, whyNotChanged } from './ownership.ts';
import { checkReferences, referencesOf, type References } from './references.ts';

/** Names compare as people write them: case, accents, apostrophes and spacing aside (the wizard
 *  sends the account's own spelling, so the same string is answered without folding either). */
const sameName = (a: string, b: string) => a === b || foldForSearch(a).replace(/[’'\s-]+/g, '') === foldForSearch(b).replace(/[’'\s-]+/g, '');

/**
 * The applicant is the caller (docs/architecture.md): the personal data's name and fiscal code must be the
 * signed-in person's own, and are stored as their account has them. Company data and contacts stay
 * the citizen's to write. Throws 400 before anything is written.
 */
export function applicantData(caller: CallerRow, data: PersonalData): PersonalData {
  const fiscalCode = data.fiscalCode.trim().toUpperCase();
  if (!caller.fiscal_code || fiscalCode !== caller.fiscal_code) {
    throw new ApiError({ status: 400, field: 'personalData.fiscalCode', description: 'the applicant is the signed-in person; this is not your fiscal code.' });
  }
  if (!sameName(data.firstName, caller.first_name) || !sameName(data.lastName, caller.last_name)) {
    throw new ApiError({ status: 400, field: 'personalData.firstName', description: 'the applicant is the signed-in person; the name is not yours.' });
  }
  if (data.dateOfBirth && !isPlausibleBirthDate(data.dateOfBirth)) {
    throw new ApiError({ status: 400, field: 'personalData.dateOfBirth', description: `a date of birth lies between ${EARLIEST_BIRTH_DATE} and today.` });
  }
  return { ...data, firstName: caller.first_name, lastName: caller.last_name, fiscalCode: caller.fiscal_code };
}

export interface CitizenRequestsOptions {
  catalog: ReferenceCatalog;
  retentionDays: number;
  /** Open drafts one person may keep at once (MAX_OPEN_DRAFTS); absent means no cap. */
  maxOpenDrafts?: number;
  portalUrl: string;
  /** Renders the office's copy of a submitted request (the worker pool), after the commit. */
  officeRecap: OfficeRecapRenderer;
  /** Spec §7 check-legal-rep's register, asked again at send (services/legal-representatives.ts). */
  legalReps: LegalRepRegister;
  /** The administration's IPA code, passed to the register (spec §7 `ipaCode`). */
  ipaCode?: string;
  log: { warn: (obj: object, msg: string) => void };
  /** What a pratica's transition needs (the app's praticaDeps): sending, deleting and withdrawing are transitions. */
  pratica: TransitionDeps;
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
    if (userId !== undefined && userId !== caller.user_id)
      throw new ApiError({ status: 403, field: 'userId', description: 'you may list only your own requests.' });
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
    const row = ownOrNotFound((await requestWithSelectionById(db, { requestId }))[0], caller);
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
    const key = ownOrNotFound((await recapKeyById(this.db, { requestId }))[0], caller);
    return recapSourceOf(
      key,
      async (row) => toApiRequest(row, await this.options.catalog.snapshot(), await this.history(requestId)) as SuapRequest & { history: HistoryEntry[] },
      this.db,
    );
  }

  /** The columns a citizen's write sets, the same for a new draft, a saved one and a sent one. */
  private writableColumns(caller: CallerRow, body: RequestWrite, refs: References, suapName: string): WritableColumns {
    const personalData = body.personalData ? applicantData(caller, body.personalData) : null;
    // Who the business is: the rules the schema cannot say (a company's name, form, PEC and VAT number; the VAT check digit).
    const broken = businessRuleBroken(personalData?.business, body.partitaIva);
    if (broken) throw new ApiError({ status: 400, field: broken.field, description: broken.description });
    return {
      suap_id: refs.suapId,
      municipality_id: refs.municipalityId,
      iniziative_id: refs.iniziativeId,
      procedure_notification: body.procedureNotification ? JSON.stringify(body.procedureNotification) : null,
      personal_data: personalData ? JSON.stringify(personalData) : null,
      partita_iva: body.partitaIva || null,
      search_text: this.searchText(caller, suapName),
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
    if (type !== STARTUP_SERVICE_TYPE_ID) throw new ApiError({ status: 400, field: 'typeOfService', description: 'only the startup service (1) is offered.' });
    if (body.stateOfRequest && body.stateOfRequest.stateOfRequestId !== RequestState.DRAFT) {
      throw new ApiError({ status: 400, field: 'stateOfRequest', description: 'a new request starts as a draft.' });
    }
    return this.db.transaction().execute(async (trx) => {
      await this.refuseOverDraftCap(trx, caller);
      const refs = referencesOf(body);
      const { suapName } = await checkReferences(trx, refs);
      const now = this.options.pratica.now();
      const { request_id } = await trx
        .insertInto('requests')
        .values({
          type_of_service_id: type,
          state_of_request_id: RequestState.DRAFT,
          user_id: caller.user_id,
          ...this.writableColumns(caller, body, refs, suapName),
          created_at: now,
          updated_on: now,
          storage_limit: draftStorageLimit(now, this.retentionDays),
          language,
        })
        .returning('request_id')
        .executeTakeFirstOrThrow();
      // A draft is where the pratica begins: its first history entry has no event of the machine.
      await trx
        .insertInto('request_history')
        .values({ request_id, from_state: null, to_state: RequestState.DRAFT, at: now, actor_user_id: caller.user_id, actor_profile_id: Role.FRONT_OFFICE })
        .execute();
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
      throw new ApiError({
        status: 409,
        errorKey: ErrorKey.tooManyDrafts,
        description: `You already have ${open} open drafts, the most allowed (${max}): send or delete one before starting another.`,
      });
    }
  }

  async update(caller: CallerRow, requestId: number, body: RequestWrite): Promise<SuapRequest> {
    if (body.requestId !== undefined && body.requestId !== requestId)
      throw new ApiError({ status: 400, field: 'requestId', description: 'does not match the address.' });
    if (body.version === undefined)
      throw new ApiError({ status: 400, field: 'version', description: 'required, so that a stale copy cannot overwrite a newer one.' });
    // No silent ignores (docs/architecture.md): the service type is fixed at creation, where only the startup
    // service is accepted, so naming another one on a change is refused rather than dropped.
    if (body.typeOfService && body.typeOfService.typeOfServiceId !== STARTUP_SERVICE_TYPE_ID) {
      throw new ApiError({
        status: 400,
        field: 'typeOfService',
        errorKey: ErrorKey.readOnlyField,
        description: 'the service type of a request cannot be changed.',
      });
    }
    const version = body.version;
    const target = body.stateOfRequest?.stateOfRequestId ?? RequestState.DRAFT;
    if (target !== RequestState.DRAFT && target !== RequestState.SENT) {
      throw new ApiError({ status: 400, field: 'stateOfRequest', description: 'a citizen may only send a draft (3) or delete it.' });
    }
    if (target === RequestState.DRAFT) return this.saveDraft(caller, requestId, version, body);
    const refs = referencesOf(body);
    const office = await checkReferences(this.db, refs);
    const missing = missingForSubmission({
      procedureNotification: body.procedureNotification ?? null,
      iniziative: refs.iniziativeId ? ({} as never) : null,
      suap: refs.suapId ? ({} as never) : null,
      municipalityId: refs.municipalityId,
      personalData: body.personalData ?? null,
    });
    if (!isBusinessComplete(body.personalData?.business, body.partitaIva)) missing.push('personalData.business');
    if (missing.length > 0) throw new ApiError({ status: 400, description: `The draft is not complete: ${missing.join(', ')}.` });
    // A company's legal representative passes the register's check again, as the caller (never the body's cfPersona).
    const legalRepCheck = await settleLegalRep(this.options.legalReps, caller, body.personalData?.business, body.partitaIva, this.options.ipaCode);
    // A draft may name an office with no PEC address (the wizard warns); a request is sent only to one
    // that has one (docs/deployment.md, "Offices and their PEC addresses").
    if (!office.receives) {
      throw new ApiError({
        status: 409,
        field: 'suap',
        errorKey: ErrorKey.officeNotReceiving,
        description: 'this office receives no request yet: the administration has not configured its PEC address; choose another office.',
      });
    }
    const draft = { requestId, userId: caller.user_id, version };
    const sent = await this.db.transaction().execute(async (trx) => {
      // The draft's last content, written on the condition that it is still the caller's draft at the
      // version read (which the SEND then moves on): the row stays locked to the end.
      const sentRow = await whereOwnDraft(
        trx.updateTable('requests').set({
          ...this.writableColumns(caller, body, refs, office.suapName),
          storage_limit: null,
          legal_rep_check: legalRepCheck,
        }),
        draft,
      )
        .returning('request_id')
        .executeTakeFirst();
      if (!sentRow) throw await whyNotChanged(trx, draft, 'changed');
      // The documents the initiative requires must all be there, and the set sent is frozen with the
      // request (docs/architecture.md "Documents"). The row is locked by the UPDATE above, so an
      // upload finishing meanwhile waits and then finds the request sent.
      await freezeDocuments(trx, requestId, refs.iniziativeId, body.personalData?.business);
      // The lifecycle machine receives it: presented, or accepted on receipt for a COMUNICAZIONE; its
      // terms start from today (docs/architecture.md "The pratica's lifecycle").
      await transition(trx, requestId, { type: 'SEND' }, applicantActor(caller), this.options.pratica, { version });
      // The receipt and the office's copy are committed with the submission, or not at all; the
      // copy's PDF is rendered after the commit (notifications/office-recap.ts).
      const sent = await this.get(caller, requestId, trx);
      await enqueue(trx, requestId, [
        receiptForApplicant(sent, this.options.portalUrl),
        // The office's e-mail lists the documents sent (docs/architecture.md "Where documents are shown").
        noticeForOffice(sent, { name: recapFileName(requestId, 'it'), content: null }, await namedAttachments(trx, requestId)),
      ]);
      return sent;
    });
    if (!(await attachOfficeRecap(this.db, sent, this.options.officeRecap))) {
      this.options.log.warn({ requestId }, 'office recap not rendered after the submission: the delivery job renders it');
    }
    return sent;
  }

  /**
   * A step's save, the hot path of the wizard: one statement that also checks the references
   * (office working here and serving the municipality, initiative still offered) and returns the row,
   * answered from the caller's account and the reference catalog. Only a refused save spends
   * more queries, to say precisely why.
   */
  private async saveDraft(caller: CallerRow, requestId: number, version: number, body: RequestWrite): Promise<SuapRequest> {
    const catalog = await this.options.catalog.snapshot();
    const refs = referencesOf(body);
    const suapName = refs.suapId === null ? '' : (catalog.suaps.get(refs.suapId)?.name ?? '');
    const now = this.options.pratica.now();
    const draft = { requestId, userId: caller.user_id, version };
    const [row] = await saveDraft(this.db, {
      ...this.writableColumns(caller, body, refs, suapName),
      updated_on: now,
      storage_limit: draftStorageLimit(now, this.retentionDays),
      request_id: requestId,
      user_id: caller.user_id,
      version,
    });
    if (!row) {
      await checkReferences(this.db, refs); // throws the precise 400 when a reference is wrong
      throw await whyNotChanged(this.db, draft, 'changed');
    }
    return toApiRequest(
      { ...row, u_first_name: caller.first_name, u_last_name: caller.last_name, u_fiscal_code: caller.fiscal_code, u_profile_id: caller.profile_id },
      catalog,
    );
  }

  /**
   * Deletes the caller's draft (the machine's DELETE). A draft deleted already says so (409
   * draft-deleted, so the wizard offers a new request); any other state is the machine's refusal.
   */
  async remove(caller: CallerRow, requestId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const current = ownOrNotFound(
        await trx.selectFrom('requests').select(['user_id', 'state_of_request_id']).where('request_id', '=', requestId).forUpdate().executeTakeFirst(),
        caller,
      );
      if (current.state_of_request_id === RequestState.DELETED) throw await whyNotChanged(trx, { requestId, userId: caller.user_id }, 'deleted');
      await transition(trx, requestId, { type: 'DELETE' }, applicantActor(caller), this.options.pratica);
      await trx.updateTable('requests').set({ storage_limit: null }).where('request_id', '=', requestId).execute();
      // A deleted draft keeps no documents (docs/architecture.md "Documents").
      await trx.deleteFrom('attachment').where('request_id', '=', requestId).execute();
    });
  }

  /**
   * Fires the applicant's event on their sent pratica (POST requestEvent: WITHDRAW) at the version
   * they read; another person's request answers like a missing one, a state that does not allow it
   * 409 with the machine's reason (services/pratica/transition.ts).
   */
  async fire(caller: CallerRow, requestId: number, body: ApplicantEventRequest): Promise<SuapRequest> {
    return this.db.transaction().execute(async (trx) => {
      const event = body.note === undefined ? { type: body.type } : { type: body.type, note: body.note };
      const change = await transition(trx, requestId, event, applicantActor(caller), this.options.pratica, { version: body.version });
      if (!change) throw requestNotFound();
      return this.get(caller, requestId, trx);
    });
  }
}
