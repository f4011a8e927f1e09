import { type Kysely, sql } from 'kysely';

/**
 * Runs a SQL script statement by statement. PGlite's query() takes one statement at a time
 * (extended protocol), so a migration script is split on the semicolons that end a line.
 * Scripts here hold no function bodies, so no semicolon inside a statement ends a line.
 */
export async function runScript(db: Kysely<unknown>, script: string): Promise<void> {
  const statements = script
    .split(/;\s*\n/)
    .map((s) => s.trim().replace(/;$/, ''))
    .filter((s) => s.length > 0);
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
