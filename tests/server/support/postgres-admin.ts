// Creates and drops whole databases on the PostgreSQL server named by TEST_DATABASE_URL.
import pg from 'pg';

export async function withAdminClient<T>(baseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createDatabase(baseUrl: string, name: string, template?: string): Promise<void> {
  await withAdminClient(baseUrl, (c) => c.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`));
}

export async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  await withAdminClient(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
