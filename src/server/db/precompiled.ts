// The hottest statements have a fixed shape: only their values change from call to call. Kysely
// would rebuild and recompile the operation tree of each one on every call, a visible share of the
// CPU of an authenticated request; here each is built and compiled once (per shape), with a
// placeholder standing for every named argument, and a call only substitutes its values. The statement
// is also marked PREPARED, so PostgreSQL parses and plans it once per connection. On a PostgreSQL
// pool a call skips Kysely altogether and hands the statement to the pool (database.ts).
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { directExecutor, PREPARED, statementName } from './database.ts';
import type { Database } from './schema.ts';

/** Stands for the argument named `name` while the statement is compiled. */
class Placeholder {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

interface Modifiable<R> extends Compilable<R> {
  modifyEnd(modifier: typeof PREPARED): Compilable<R>;
}

type Builder<A, R> = (db: Kysely<Database>, args: A) => Modifiable<R>;

/**
 * A statement compiled once, called with its arguments by name: `build` reads each of `names` from
 * `args`, and must give the same statement for any values (use each only as a value, never to
 * decide the statement's shape). Reading a name not listed, or listing one never used, is refused
 * on the first call. `prepare: false` keeps it unnamed on the server, for statements whose best
 * plan depends on the values (a LIKE pattern): PostgreSQL could otherwise settle on one generic
 * plan for all of them.
 */
export function precompiled<A extends Record<string, unknown>, R>(names: readonly (keyof A & string)[], build: Builder<A, R>, { prepare = true } = {}) {
  let template: CompiledQuery<R> | null = null;
  let slots: (Placeholder | unknown)[] = [];
  let name: string | undefined;
  return async (db: Kysely<Database>, args: A): Promise<R[]> => {
    if (!template) {
      const placeholders = Object.fromEntries(names.map((argument) => [argument, new Placeholder(argument)]));
      const strict = new Proxy(placeholders, {
        get(target, key) {
          if (typeof key === 'string' && !(key in target))
            throw new Error(`precompiled statement reads ${key}, which is not among its arguments (${names.join(', ')})`);
          return Reflect.get(target, key);
        },
      });
      const built = build(db, strict as A);
      template = (prepare ? built.modifyEnd(PREPARED) : built).compile();
      slots = [...template.parameters];
      const used = new Set(slots.filter((p): p is Placeholder => p instanceof Placeholder).map((p) => p.name));
      const unused = names.filter((argument) => !used.has(argument));
      if (unused.length > 0) throw new Error(`precompiled statement does not use its arguments ${unused.join(', ')}: ${template.sql}`);
      if (prepare) name = statementName(template.sql);
    }
    const parameters = slots.map((slot) => (slot instanceof Placeholder ? args[slot.name] : slot));
    // On a PostgreSQL pool (outside a transaction) the statement goes straight to the pool, under
    // the name Kysely's path would give it; PGlite and transactions go through Kysely.
    const execute = directExecutor(db);
    if (execute) return (await execute(name ? { name, text: template.sql, values: parameters } : { text: template.sql, values: parameters })) as R[];
    const result = await db.executeQuery<R>({ ...template, parameters });
    return result.rows;
  };
}
