export const TEST_IPA_CODE = 'suap_test';

/** The same server as `base`, another database name. */
export function postgresUrlFor(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A name unique to this run, safe as an SQL identifier. */
export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}
