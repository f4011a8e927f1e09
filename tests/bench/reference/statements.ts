// The SQL the hand-written reference runs: the statements our routes send, copied from kysely's
// compiled text (captured with Kysely's `log` option while the services ran, docs/performance.md), plus one
// leaner statement for the caller. Written out by hand so the reference pays no query builder.

/** The caller: their account in the token's area and whether the token was revoked, in one
 *  statement. Only what the reference checks (state, role) and answers with (names, code). */
export const PRINCIPAL = {
  name: 'ref_principal',
  text: `SELECT u.user_id, u.first_name, u.last_name, u.fiscal_code, u.profile_id, u.active,
                EXISTS (SELECT 1 FROM revoked_tokens WHERE jti = $1) AS revoked
           FROM identity_subjects s
           LEFT JOIN users u ON u.realm = $2 AND u.fiscal_code = s.fiscal_code AND (u.realm = 'FO' OR s.matched = false)
          WHERE s.subject = $3`,
};

const REQUEST_COLUMNS = `"r"."request_id", "r"."version", "r"."type_of_service_id", "r"."state_of_request_id", "r"."user_id", "r"."suap_id", "r"."iniziative_id", "r"."municipality_id", "r"."procedure_notification", "r"."personal_data", "r"."partita_iva", "r"."sent_request_date", "r"."decided_on", "r"."decision_reason", "r"."storage_limit", "r"."updated_on", "u"."first_name" as "u_first_name", "u"."last_name" as "u_last_name", "u"."fiscal_code" as "u_fiscal_code", "u"."profile_id" as "u_profile_id"`;

/** What a recap is cached under and whose request it is (the recap's read on every call). */
export const RECAP_KEY = {
  name: 'ref_recap_key',
  text: `select "request_id", "user_id", "version", "storage_limit" from "requests" where "request_id" = $1`,
};

/** One request with its applicant (read only when a recap is rendered). */
export const REQUEST_BY_ID = {
  name: 'ref_request_by_id',
  text: `select ${REQUEST_COLUMNS} from "requests" as "r" inner join "users" as "u" on "u"."user_id" = "r"."user_id" where "r"."request_id" = $1`,
};

/** A request's history as its applicant sees it (read only when a recap is rendered). */
export const HISTORY = `select "h"."from_state", "h"."to_state", "h"."at", "h"."actor_profile_id", "h"."reason", u.first_name || ' ' || u.last_name as "actor_name" from "request_history" as "h" left join "users" as "u" on "u"."user_id" = "h"."actor_user_id" where "h"."request_id" = $1 order by "h"."at", "h"."history_id"`;

const SORT_COLUMNS: Record<string, string> = {
  requestId: '"r"."request_id"',
  firstName: '"r"."applicant_sort"',
  sentRequestDate: '"r"."sent_request_date"',
  stateOfRequest: '"r"."state_of_request_id"',
};

/** The desk's page statement for a sort and an optional text search (the pattern is $1, the offset last). */
export function deskPage(field: string, direction: 'asc' | 'desc', text: boolean, size: number): { name?: string; text: string } {
  const dir = direction === 'desc' ? 'DESC' : 'ASC';
  const order = `${SORT_COLUMNS[field]} ${field === 'sentRequestDate' ? `${dir} NULLS LAST` : dir}, "r"."request_id" ${direction}`;
  const where = text ? ' where "r"."search_text" like $1' : '';
  const sql = `select ${REQUEST_COLUMNS}, (SELECT total FROM request_totals WHERE id = 1) as "all_requests" from "requests" as "r" inner join "users" as "u" on "u"."user_id" = "r"."user_id" where "r"."request_id" in (select "r"."request_id" from "requests" as "r"${where} order by ${order} limit ${size} offset ${text ? '$2' : '$1'}) order by ${order}`;
  // Like ours: a text search is planned on every call (its best plan depends on the pattern).
  return text ? { text: sql } : { name: `ref_desk_${field}_${direction}_${size}`, text: sql };
}

export const DESK_COUNT = `select count(*) as "total" from "requests" as "r" where "r"."search_text" like $1`;

/**
 * A draft step's save: owner, draft state and version are conditions of the UPDATE, and each
 * reference the body names must exist (office working here and serving the municipality,
 * municipality, initiative). `refs` says which references the body names, as the statement's shape.
 */
export function saveDraft(refs: { suap: boolean; municipality: boolean; iniziative: boolean }): { name: string; text: string } {
  const checks: string[] = [];
  let n = 16;
  checks.push(refs.suap ? `exists (select "suap_id" from "suap" where "suap_id" = $${n++} and "type" = $${n++})` : 'true');
  if (refs.suap && refs.municipality) {
    checks.push(`exists (select "suap_id" from "suap_municipality" where "suap_id" = $${n++} and "municipality_id" = $${n++})`);
  } else checks.push('true');
  checks.push(refs.municipality ? `exists (select "municipality_id" from "municipalities" where "municipality_id" = $${n++})` : 'true');
  checks.push(refs.iniziative ? `exists (select "iniziative_id" from "iniziative" where "iniziative_id" = $${n++})` : 'true');
  return {
    name: `ref_save_${Number(refs.suap)}${Number(refs.municipality)}${Number(refs.iniziative)}`,
    text: `update "requests" set "suap_id" = $1, "municipality_id" = $2, "iniziative_id" = $3, "procedure_notification" = $4, "personal_data" = $5, "partita_iva" = $6, "search_text" = $7, "applicant_sort" = $8, "updated_on" = $9, "version" = $10, "storage_limit" = GREATEST(storage_limit, $11::date) where "request_id" = $12 and "user_id" = $13 and "state_of_request_id" = $14 and "version" = $15 and (${checks.join(' and ')}) returning *`,
  };
}
