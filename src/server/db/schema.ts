// Kysely's view of the tables created by migrations/. Column names are snake_case in SQL; the
// services map rows to the camelCase API shapes of src/shared/domain.ts.
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { SignatureReport } from '#shared/api/attachments.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface ProfilesTable {
  profile_id: number;
  code: string;
  description_it: string;
  description_en: string;
}

export interface UsersTable {
  user_id: Generated<number>;
  /** FO citizens and BO staff are separate accounts even for the same person. */
  realm: 'FO' | 'BO';
  fiscal_code: string | null;
  eidas_id: string | null;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  place_of_birth: string | null;
  city_of_birth: string | null;
  gender: string | null;
  email: string | null;
  profile_id: number;
  active: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * An account as the access check loads it for a caller: who they are (names, fiscal code), their
 * area and role, and whether the account is active. What the services use of the caller; the rest
 * of the account (birth data, contacts, dates) is read where it is shown (user info).
 */
export type CallerRow = Pick<UserRow, 'user_id' | 'realm' | 'fiscal_code' | 'first_name' | 'last_name' | 'profile_id' | 'active'>;

export interface UserAuditTable {
  audit_id: Generated<number>;
  user_id: number;
  actor_user_id: number | null;
  at: Timestamp;
  action: string;
  changes: Json<Record<string, { from: unknown; to: unknown }>>;
}

export interface TypeOfServiceTable {
  type_of_service_id: number;
  name_it: string;
  name_en: string;
  description_it: string;
  description_en: string;
}

export interface StateOfRequestTable {
  state_of_request_id: number;
  code: string;
  description_it: string;
  description_en: string;
}

export interface RegionsTable {
  region_id: number;
  name_it: string;
  name_en: string;
}

export interface ProvincesTable {
  province_id: number;
  code: string;
  name_it: string;
  name_en: string;
  region_id: number;
}

export interface MunicipalitiesTable {
  municipality_id: number;
  istat_code: string;
  name_it: string;
  name_en: string;
  search_text: string;
  province_id: number;
}

export interface SuapTable {
  suap_id: Generated<number>;
  name: string;
  /** The office's certified e-mail; null until the administration configures it (no request is sent then). */
  pec: string | null;
  type: 'INT' | 'EXT';
  url: string | null;
  search_text: string;
  /** The office's code in the IPA index: the key `npm run import:offices` updates by. */
  ipa_code: string | null;
}

/** The offices a staff account works for (migration 023). */
export interface StaffOfficeTable {
  user_id: number;
  suap_id: number;
}

export interface SuapMunicipalityTable {
  suap_id: number;
  municipality_id: number;
}

export interface TypeInitiativeTable {
  type_iniziative_id: number;
  description_it: string;
  description_en: string;
}

export interface InitiativeTable {
  iniziative_id: Generated<number>;
  code: string;
  description_it: string;
  description_en: string;
  activity_it: string;
  activity_en: string;
  area_it: string;
  area_en: string;
  type_iniziative_id: number;
  search_text_it: string;
  search_text_en: string;
  /** Everyday words people search the initiative by ("parrucchiere, barbiere"), comma-separated (migration 020). */
  keywords_it: Generated<string>;
  keywords_en: Generated<string>;
  /** False once withdrawn: kept for the requests that name it, no longer listed nor accepted. */
  offered: Generated<boolean>;
  /** The administrative regime (src/shared/pratica.ts REGIMES) and the initiative's own days, null for the regime's default. */
  regime: Generated<string>;
  proceeding_days: Generated<number | null>;
  integration_request_days: Generated<number | null>;
  integration_answer_days: Generated<number | null>;
}

/** A kind of document of the catalogue (migration 022, docs/architecture.md "What each initiative needs"). */
export interface DocumentRequirementTable {
  code: string;
  /** Its place in the catalogue: lists show the required ones first, each group in this order. */
  position: number;
  name_it: string;
  name_en: string;
  description_it: string;
  description_en: string;
  accepted_types: Json<import('#shared/documents.ts').DocumentType[]>;
  max_bytes: number;
  max_files: number;
  signature_required: boolean;
}

/** A kind of document an initiative asks for; `required_when` makes a non-required one required. */
export interface IniziativeRequirementTable {
  iniziative_id: number;
  requirement_code: string;
  required: boolean;
  required_when: import('#shared/documents.ts').RequirementCondition | null;
}

export interface RequestsTable {
  request_id: Generated<number>;
  type_of_service_id: number;
  state_of_request_id: number;
  user_id: number;
  suap_id: number | null;
  iniziative_id: number | null;
  municipality_id: number | null;
  procedure_notification: Json<{ type: 1 | 2; value: string } | null> | null;
  personal_data: Json<Record<string, unknown> | null> | null;
  partita_iva: string | null;
  /** How the applicant's representation of the company was settled at send (migration 017): verified, declared, or null. */
  legal_rep_check: 'verified' | 'declared' | null;
  sent_request_date: Timestamp | null;
  decided_on: Timestamp | null;
  decision_reason: string | null;
  /** The pratica machine's context (machines/pratica.ts) once sent; null for a draft. */
  pratica: ColumnType<import('#machines/pratica/rules.ts').PraticaContext | null, string | null | undefined, string | null>;
  /** The clerk in charge (the context's assigneeId), for the desk's lists. */
  assignee_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The day the open pratica's current term is due (the context's dueOn), for the desk's lists. */
  due_on: ColumnType<string | null, string | null | undefined, string | null>;
  /** A calendar day `YYYY-MM-DD` (a `date` column, read as a string): kept through that day. */
  storage_limit: string | null;
  created_at: Timestamp;
  updated_on: Timestamp;
  /** Optimistic-concurrency counter: a stale update is refused instead of overwriting. */
  version: Generated<number>;
  /** Lower-cased, accent-free applicant name, office name and request id for the back-office search. */
  search_text: Generated<string>;
  /** Lower-cased applicant "first last", for sorting the request desk by applicant. */
  applicant_sort: Generated<string>;
  /** The language the citizen created the draft in (warnings speak it); null before migration 016. */
  language: ColumnType<'it' | 'en' | null, 'it' | 'en' | null | undefined, 'it' | 'en' | null>;
  /** The storage limit its owner was warned of (retention.ts), so each warning goes once. */
  expiry_warning_for: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Who moved a draft's storage limit, when, from which day to which (docs/architecture.md "The clerks' desk"). */
export interface StorageLimitChangesTable {
  change_id: Generated<number>;
  request_id: number;
  at: ColumnType<Date, Date | undefined, never>;
  actor_user_id: number | null;
  from_day: string | null;
  to_day: string;
}

export interface RequestHistoryTable {
  history_id: Generated<number>;
  request_id: number;
  from_state: number | null;
  to_state: number;
  at: Timestamp;
  actor_user_id: number | null;
  actor_profile_id: number | null;
  reason: string | null;
  /** The pratica machine's event (machines/pratica/rules.ts PraticaEvent), null for entries written before it. */
  event: ColumnType<string | null, string | null | undefined, string | null>;
  /** The colleague an ASSIGN put in charge. */
  assignee_user_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface CompaniesTable {
  fiscal_code: string;
  name: string;
  vat_number: string | null;
}

export interface LegalRepresentativesTable {
  company_fiscal_code: string;
  person_fiscal_code: string;
}

export interface PublicServiceMappingTable {
  name: string;
  ipa_code: string;
  public_service: Json<Record<string, unknown>>;
}

export interface AppConfigTable {
  key: string;
  value: Json<unknown>;
}

export interface OidcPayloadsTable {
  id: string;
  kind: string;
  payload: Json<Record<string, unknown>>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Timestamp | null;
  consumed_at: Timestamp | null;
}

export interface RevokedTokensTable {
  jti: string;
  expires_at: Timestamp;
}

/** An access token of the embedded provider and the grant it was issued under (migration 014). */
export interface IssuedAccessTokensTable {
  jti: string;
  grant_id: string;
  expires_at: Timestamp;
}

/** A grant the embedded provider revoked: tokens issued under it are refused (migration 014). */
export interface RevokedGrantsTable {
  grant_id: string;
  expires_at: Timestamp;
}

/** One identity-matcher attempt: when, by which identity (pseudonymous subject), and how it ended. */
export interface IdentityMatchAttemptsTable {
  attempt_id: Generated<string>;
  at: Generated<Timestamp>;
  subject: string;
  outcome: string;
}

export interface IdentitySubjectsTable {
  /** The issuer's subject identifier (sub claim). */
  subject: string;
  fiscal_code: string | null;
  eidas_id: string | null;
  claims: Json<Record<string, unknown>>;
  /** True when the fiscal code was matched by the identity matcher rather than asserted by the issuer. */
  matched: Generated<boolean>;
  updated_at: Timestamp;
}

export interface OutboxTable {
  message_id: string;
  request_id: number | null;
  kind: string;
  to_address: string;
  subject: string;
  body_text: string;
  attachment_name: string | null;
  attachment: Buffer | null;
  created_at: Timestamp;
  available_at: Timestamp;
  locked_until: Timestamp | null;
  attempts: Generated<number>;
  delivered_at: Timestamp | null;
  last_error: string | null;
}

export interface RequestTotalsTable {
  id: number;
  total: number;
}

/** One security event (docs/architecture.md "Audit log"): append-only, enforced by a trigger. */
export interface AuditLogTable {
  audit_id: Generated<number>;
  at: ColumnType<Date, Date | string | undefined, never>;
  actor_user_id: number | null;
  actor_fiscal_code: string | null;
  /** The identity provider's pseudonymous subject: who acted when there is no account (yet). */
  actor_subject: string | null;
  action: string;
  outcome: string;
  target_request_id: number | null;
  target_user_id: number | null;
  route: string | null;
  client_address: string | null;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  hits: number;
}

/** One document of a request (migration 021, docs/architecture.md "Documents"). */
export interface AttachmentTable {
  attachment_id: Generated<number>;
  request_id: number;
  requirement_code: string;
  /** The name the file was uploaded with, for display only. */
  file_name: string;
  /** storageFileName(file_name): the name it is downloaded under. */
  storage_name: string;
  mime_type: string;
  size: Generated<number>;
  /** Lowercase hex SHA-256 of the bytes. */
  hash: Generated<string>;
  uploaded_on: Generated<Date>;
  signature: Json<SignatureReport | null> | null;
  pdfa_claimed: string | null;
  owner_user_id: number;
  /** 'uploading' while the bytes arrive; lists and downloads see only 'stored'. */
  status: Generated<'uploading' | 'stored'>;
  /** Part of the set frozen when the request was sent. */
  sent: Generated<boolean>;
  answer_id: number | null;
}

/** The bytes of an attachment, in pieces of about 256 KiB (PGlite gives Uint8Array, pg a Buffer). */
export interface AttachmentChunkTable {
  attachment_id: number;
  seq: number;
  data: Uint8Array;
}

export interface Database {
  audit_log: AuditLogTable;
  rate_limits: RateLimitsTable;
  request_totals: RequestTotalsTable;
  outbox: OutboxTable;
  oidc_payloads: OidcPayloadsTable;
  revoked_tokens: RevokedTokensTable;
  issued_access_tokens: IssuedAccessTokensTable;
  revoked_grants: RevokedGrantsTable;
  identity_subjects: IdentitySubjectsTable;
  identity_match_attempts: IdentityMatchAttemptsTable;
  profiles: ProfilesTable;
  users: UsersTable;
  user_audit: UserAuditTable;
  type_of_service: TypeOfServiceTable;
  state_of_request: StateOfRequestTable;
  regions: RegionsTable;
  provinces: ProvincesTable;
  municipalities: MunicipalitiesTable;
  suap: SuapTable;
  suap_municipality: SuapMunicipalityTable;
  staff_office: StaffOfficeTable;
  type_iniziative: TypeInitiativeTable;
  iniziative: InitiativeTable;
  document_requirement: DocumentRequirementTable;
  iniziative_requirement: IniziativeRequirementTable;
  requests: RequestsTable;
  request_history: RequestHistoryTable;
  storage_limit_changes: StorageLimitChangesTable;
  companies: CompaniesTable;
  legal_representatives: LegalRepresentativesTable;
  public_service_mapping: PublicServiceMappingTable;
  app_config: AppConfigTable;
  attachment: AttachmentTable;
  attachment_chunk: AttachmentChunkTable;
}

export type UserRow = Selectable<UsersTable>;
