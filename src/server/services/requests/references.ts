// What a citizen's write refers to (an office, a municipality, an initiative) and the rules those
// references keep (spec §4): the office exists, works through this portal (INT) and serves the
// chosen municipality; the municipality exists; the initiative exists and is still offered. Each
// rule is written once, here, as SQL and with its refusal: the draft save makes them conditions of
// its one statement (draft-save.ts), and checkReferences reads them in one round trip to refuse
// with the first one broken.
import { expressionBuilder, type Expression, type ExpressionWrapper, type Kysely, type SqlBool } from 'kysely';
import type { RequestWrite } from '#shared/api/requests.ts';
import type { Database } from '../../db/schema.ts';
import { ApiError, type ApiErrorInit } from '../../plugins/errors.ts';

/** The references a write names; null where it names none. */
export type References = { suapId: number | null; municipalityId: number | null; iniziativeId: number | null };

export function referencesOf(body: RequestWrite): References {
  return { suapId: body.suap?.suapId ?? null, municipalityId: body.municipalityId ?? null, iniziativeId: body.iniziative?.iniziativeId ?? null };
}

interface ReferenceRule {
  /** The references the rule binds: it applies when the write names all of them. */
  binds: (keyof References)[];
  /** True when the rule holds for the references' values (in a statement, its placeholders). */
  holds: (refs: References) => ExpressionWrapper<Database, never, SqlBool>;
  refusal: (refs: References) => ApiErrorInit;
  /** The next rule implies this one (an office that works here exists): where only "all hold" matters, the next one is checked alone. */
  impliedByNext?: true;
}

const eb = expressionBuilder<Database, never>();

/** In the order a write's refusal names them: the first broken one is the answer. */
const RULES: readonly ReferenceRule[] = [
  {
    binds: ['suapId'],
    holds: ({ suapId }) => eb.exists(eb.selectFrom('suap').select('suap_id').where('suap_id', '=', suapId!)),
    refusal: ({ suapId }) => ({ status: 400, field: 'suap', description: `no office ${suapId}.` }),
    impliedByNext: true,
  },
  {
    binds: ['suapId'],
    holds: ({ suapId }) => eb.exists(eb.selectFrom('suap').select('suap_id').where('suap_id', '=', suapId!).where('type', '=', 'INT')),
    refusal: () => ({ status: 400, field: 'suap', description: 'this office works through its own external portal.' }),
  },
  {
    binds: ['suapId', 'municipalityId'],
    holds: ({ suapId, municipalityId }) =>
      eb.exists(eb.selectFrom('suap_municipality').select('suap_id').where('suap_id', '=', suapId!).where('municipality_id', '=', municipalityId!)),
    refusal: () => ({ status: 400, field: 'suap', description: 'the office does not serve the chosen municipality.' }),
  },
  {
    binds: ['municipalityId'],
    holds: ({ municipalityId }) => eb.exists(eb.selectFrom('municipalities').select('municipality_id').where('municipality_id', '=', municipalityId!)),
    refusal: ({ municipalityId }) => ({ status: 400, field: 'municipalityId', description: `no municipality ${municipalityId}.` }),
  },
  {
    binds: ['iniziativeId'],
    holds: ({ iniziativeId }) => eb.exists(eb.selectFrom('iniziative').select('iniziative_id').where('iniziative_id', '=', iniziativeId!)),
    refusal: ({ iniziativeId }) => ({ status: 400, field: 'iniziative', description: `no initiative ${iniziativeId}.` }),
    impliedByNext: true,
  },
  {
    binds: ['iniziativeId'],
    holds: ({ iniziativeId }) =>
      eb.exists(eb.selectFrom('iniziative').select('iniziative_id').where('iniziative_id', '=', iniziativeId!).where('offered', '=', true)),
    refusal: () => ({ status: 400, field: 'iniziative', description: 'this initiative is no longer offered; choose another one.' }),
  },
];

const rulesFor = (refs: References) => RULES.filter((rule) => rule.binds.every((name) => refs[name] !== null));

/**
 * One condition that holds when every reference `refs` names keeps its rules, for a statement that
 * only needs to know whether all hold; null when it names none.
 */
export function referencesHold(refs: References): Expression<SqlBool> | null {
  const conditions = rulesFor(refs)
    .filter((rule) => !rule.impliedByNext)
    .map((rule) => rule.holds(refs));
  return conditions.length === 0 ? null : eb.and(conditions);
}

/**
 * Checks every rule of the references in one round trip and throws the first broken one's 400. The
 * office's name and whether it has a PEC address (receives requests) come in the same statement.
 */
export async function checkReferences(db: Kysely<Database>, refs: References): Promise<{ suapName: string; receives: boolean }> {
  const rules = rulesFor(refs);
  const { suapId } = refs;
  if (rules.length === 0) return { suapName: '', receives: false };
  const found = (await db
    .selectNoFrom([
      ...rules.map((rule, index) => rule.holds(refs).as(`rule_${index}`)),
      eb
        .selectFrom('suap')
        .select('name')
        .where('suap_id', '=', suapId ?? -1)
        .as('suap_name'),
      eb
        .selectFrom('suap')
        .select('pec')
        .where('suap_id', '=', suapId ?? -1)
        .as('suap_pec'),
    ])
    .executeTakeFirstOrThrow()) as Record<string, unknown>;
  const broken = rules.find((_rule, index) => !found[`rule_${index}`]);
  if (broken) throw new ApiError(broken.refusal(refs));
  return { suapName: (found.suap_name as string | null) ?? '', receives: Boolean(found.suap_pec) };
}
