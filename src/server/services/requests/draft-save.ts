// A wizard step's save, the hot path of a citizen's draft, as one statement compiled once per shape
// (which references the write names): building and compiling it with Kysely on every save was a
// tenth of the save's CPU (src/server/db/precompiled.ts). The statement carries both rules as its
// conditions: the caller's own draft at the version read (ownership.ts) and the references' rules
// (references.ts). It returns the saved row, or none when a rule is broken.
import { sql, type Kysely, type Selectable } from 'kysely';
import { precompiled } from '../../db/precompiled.ts';
import type { Database, RequestsTable } from '../../db/schema.ts';
import { whereOwnDraft } from './ownership.ts';
import { referencesHold, type References } from './references.ts';

/** The columns a citizen's write sets, the same for a new draft, a saved one and a sent one. */
export type WritableColumns = {
  suap_id: number | null;
  municipality_id: number | null;
  iniziative_id: number | null;
  procedure_notification: string | null;
  personal_data: string | null;
  partita_iva: string | null;
  search_text: string;
  applicant_sort: string;
};

/** A save's values by name: what the citizen writes, when, and the draft it targets. */
export type DraftSave = WritableColumns & {
  updated_on: Date;
  /** The limit a save moves the draft's storage to, unless staff moved it further out. */
  storage_limit: string;
  request_id: number;
  user_id: number;
  /** The version the caller read; the save stores the next one. */
  version: number;
};

const NAMES: (keyof DraftSave)[] = [
  'suap_id',
  'municipality_id',
  'iniziative_id',
  'procedure_notification',
  'personal_data',
  'partita_iva',
  'search_text',
  'applicant_sort',
  'updated_on',
  'storage_limit',
  'request_id',
  'user_id',
  'version',
];

type SaveStatement = (db: Kysely<Database>, save: DraftSave) => Promise<Selectable<RequestsTable>[]>;
const statements = new Map<string, SaveStatement>();

/** The statement for the references `save` names (others are conditions of no rule). */
function statementFor(named: Record<keyof References, boolean>): SaveStatement {
  const key = `${named.suapId}:${named.municipalityId}:${named.iniziativeId}`;
  let statement = statements.get(key);
  if (!statement) {
    statement = precompiled(NAMES, (db: Kysely<Database>, save: DraftSave) => {
      const refs: References = {
        suapId: named.suapId ? save.suap_id : null,
        municipalityId: named.municipalityId ? save.municipality_id : null,
        iniziativeId: named.iniziativeId ? save.iniziative_id : null,
      };
      const update = whereOwnDraft(
        db.updateTable('requests').set((eb) => ({
          suap_id: save.suap_id,
          municipality_id: save.municipality_id,
          iniziative_id: save.iniziative_id,
          procedure_notification: save.procedure_notification,
          personal_data: save.personal_data,
          partita_iva: save.partita_iva,
          search_text: save.search_text,
          applicant_sort: save.applicant_sort,
          updated_on: save.updated_on,
          // The stored version is the one read (a condition below): the save stores the next.
          version: eb('version', '+', 1),
          // A save never shortens a limit staff moved further out.
          storage_limit: sql<string>`GREATEST(storage_limit, ${save.storage_limit}::date)`,
        })),
        { requestId: save.request_id, userId: save.user_id, version: save.version },
      );
      const hold = referencesHold(refs);
      return (hold ? update.where(hold) : update).returningAll();
    });
    statements.set(key, statement);
  }
  return statement;
}

/** Saves the draft when both rules hold: the saved row, or none. */
export function saveDraft(db: Kysely<Database>, save: DraftSave): Promise<Selectable<RequestsTable>[]> {
  return statementFor({ suapId: save.suap_id !== null, municipalityId: save.municipality_id !== null, iniziativeId: save.iniziative_id !== null })(db, save);
}
