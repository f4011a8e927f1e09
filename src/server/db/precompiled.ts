// The hottest statements have a fixed shape: only their values change from call to call. Kysely
// would rebuild and recompile the operation tree of each one on every call, a visible share of the
// CPU of an authenticated request; here each is built and compiled once (per shape), with a
// placeholder standing for every argument, and a call only substitutes its values. The statement
// is also marked PREPARED, so PostgreSQL parses and plans it once per connection. On a PostgreSQL
// pool a call skips Kysely altogether and hands the statement to the pool (database.ts).
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { directExecutor, PREPARED, statementName } from './database.ts';
import type { Database } from './schema.ts';

/** Stands for the argument at `index` while the statement is compiled. */
class Placeholder {
  readonly index: number;
  constructor(index: number) {
    this.index = index;
  }
}

interface Modifiable<R> extends Compilable<R> {
  modifyEnd(modifier: typeof PREPARED): Compilable<R>;
}

type Builder<A extends unknown[], R> = (db: Kysely<Database>, ...args: A) => Modifiable<R>;

/**
 * A statement compiled once. `build` must give the same statement for any arguments (use each
 * argument only as a value, never to decide the statement's shape), and take exactly `arity` of them.
 * `prepare: false` keeps it unnamed on the server, for statements whose best plan depends on the
 * values (a LIKE pattern): PostgreSQL could otherwise settle on one generic plan for all of them.
 */
export function precompiled<A extends unknown[], R>(arity: A['length'], build: Builder<A, R>, { prepare = true } = {}) {
  let template: CompiledQuery<R> | null = null;
  let slots: (Placeholder | unknown)[] = [];
  let name: string | undefined;
  return async (db: Kysely<Database>, ...args: A): Promise<R[]> => {
    if (!template) {
      const placeholders = Array.from({ length: arity }, (_, i) => new Placeholder(i)) as unknown as A;
      const built = build(db, ...placeholders);
      template = (prepare ? built.modifyEnd(PREPARED) : built).compile();
      slots = [...template.parameters];
      const used = new Set(slots.filter((p): p is Placeholder => p instanceof Placeholder).map((p) => p.index));
      if (used.size !== arity) throw new Error(`precompiled statement uses ${used.size} of its ${arity} arguments: ${template.sql}`);
      if (prepare) name = statementName(template.sql);
    }
    const parameters = slots.map((slot) => (slot instanceof Placeholder ? args[slot.index] : slot));
    // On a PostgreSQL pool (outside a transaction) the statement goes straight to the pool, under
    // the name Kysely's path would give it; PGlite and transactions go through Kysely.
    const execute = directExecutor(db);
    if (execute) return (await execute(name ? { name, text: template.sql, values: parameters } : { text: template.sql, values: parameters })) as R[];
    const result = await db.executeQuery<R>({ ...template, parameters });
    return result.rows;
  };
}
