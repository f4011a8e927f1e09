// Loads a national-scale data set for the benchmarks: 200,000 citizens and 1,000,000 requests with
// a realistic spread of states, offices, initiatives and dates, generated inside PostgreSQL (a few
// minutes on a laptop). Usage: DATABASE_URL=postgres://… node scripts/seed-bench.ts [requests]
import { sql } from 'kysely';
import { openDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { seedDatabase } from '#server/db/seed/index.ts';

export async function seedBench(databaseUrl: string, requests = 1_000_000, citizens = 200_000): Promise<void> {
  const handle = await openDatabase({ databaseUrl, pgliteDir: null, poolSize: 2 });
  const db = handle.db;
  try {
    await migrateToLatest(db);
    await seedDatabase(db, { ipaCode: 'suap_bench', demo: true });
    const started = Date.now();
    // Citizens with synthetic, unique identifiers of a fiscal code's shape (6 letters spelling the
    // number in base 26, then a fixed tail): they pass the API's pattern but are nobody's code.
    await sql`
      INSERT INTO users (realm, fiscal_code, first_name, last_name, date_of_birth, gender, email, profile_id, active)
      SELECT 'FO',
             chr(65 + (g / 11881376) % 26) || chr(65 + (g / 456976) % 26) || chr(65 + (g / 17576) % 26) ||
             chr(65 + (g / 676) % 26) || chr(65 + (g / 26) % 26) || chr(65 + g % 26) || '80A01H501Z',
             (ARRAY['Marco','Giulia','Luca','Sara','Paolo','Anna','Francesca','Giorgio','Elena','Davide'])[1 + g % 10],
             (ARRAY['Rossi','Russo','Ferrari','Esposito','Bianchi','Romano','Colombo','Ricci','Marino','Greco','Bruno','Gallo'])[1 + (g / 10) % 12],
             date '1950-01-01' + (g % 18000),
             CASE WHEN g % 2 = 0 THEN 'M' ELSE 'F' END,
             'citizen' || g || '@example.org', 1, 1
        FROM generate_series(1, ${citizens}::int) AS g
      ON CONFLICT DO NOTHING
    `.execute(db);
    const offices = await db.selectFrom('suap').select(['suap_id', 'name']).where('type', '=', 'INT').orderBy('suap_id').execute();
    await sql`CREATE TEMP TABLE bench_offices (n int PRIMARY KEY, suap_id int, name text)`.execute(db);
    for (let i = 0; i < offices.length; i += 500) {
      const chunk = offices.slice(i, i + 500).map((o, j) => sql`(${i + j}, ${o.suap_id}, ${o.name})`);
      await sql`INSERT INTO bench_offices VALUES ${sql.join(chunk)}`.execute(db);
    }
    const batch = 100_000;
    for (let from = 0; from < requests; from += batch) {
      await sql`
        INSERT INTO requests (type_of_service_id, state_of_request_id, user_id, suap_id, iniziative_id, procedure_notification,
                              personal_data, sent_request_date, decided_on, decision_reason, storage_limit, created_at, updated_on,
                              search_text, applicant_sort)
        SELECT 1, st.state, u.user_id, o.suap_id, 1 + (g % 40),
               jsonb_build_object('type', 1, 'value', u.email),
               jsonb_build_object('firstName', u.first_name, 'lastName', u.last_name, 'fiscalCode', u.fiscal_code),
               CASE WHEN st.state >= 3 THEN ts + interval '1 day' END,
               CASE WHEN st.state IN (4, 5) THEN ts + interval '20 days' END,
               CASE WHEN st.state IN (4, 5) THEN 'Esito della verifica documentale' END,
               CASE WHEN st.state = 1 THEN ts + interval '365 days' END,
               ts, ts,
               lower(u.first_name || ' ' || u.last_name || ' ' || o.name),
               lower(u.first_name || ' ' || u.last_name)
          FROM generate_series(${from + 1}::int, ${Math.min(from + batch, requests)}::int) AS g
          CROSS JOIN LATERAL (SELECT timestamptz '2024-01-01' + (g % 1000) * interval '1 day' + (g % 86400) * interval '1 second' AS ts) t
          CROSS JOIN LATERAL (SELECT CASE WHEN g % 100 < 15 THEN 1 WHEN g % 100 < 20 THEN 2 WHEN g % 100 < 55 THEN 3 WHEN g % 100 < 90 THEN 4 ELSE 5 END AS state) st
          JOIN users u ON u.realm = 'FO' AND u.email = 'citizen' || (1 + g % ${citizens}::int) || '@example.org'
          JOIN bench_offices o ON o.n = g % ${offices.length}::int
      `.execute(db);
      process.stdout.write(`\r  ${Math.min(from + batch, requests).toLocaleString('en')} requests`);
    }
    // VACUUM as autovacuum would soon after such a load: statistics for the planner, and the
    // visibility map that lets index-only scans skip the table (and keeps autovacuum from starting
    // in the middle of the measurements).
    await sql`VACUUM (ANALYZE) requests, users, request_history`.execute(db);
    await sql`ANALYZE`.execute(db);
    console.log(`\n  seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await handle.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL must name the PostgreSQL database to fill.');
    process.exit(1);
  }
  await seedBench(url, Number(process.argv[2] ?? 1_000_000));
}
