// Every API route × every kind of caller × own / another's / missing object, with the status the
// server must answer in each cell. A route the server registers that the table does not cover
// fails the suite: access is denied by default, and so is an untested route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTORS, OBJECTS, tokensFor } from './matrix/actors.ts';
import { matrixFixtures, type MatrixFixtures } from './matrix/fixtures.ts';
import { MATRIX } from './matrix/table.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

const BASE = 'http://localhost:3999';

describe.each(testDatabases())('authorization matrix on $kind', ({ open }) => {
  let t: TestApp;
  let f: MatrixFixtures;
  beforeAll(async () => {
    // Every cell creates its own drafts and sends its own requests for the same few people: neither the cap on
    // open drafts nor the abuse limit on writes (tests/server/rate-limits.test.ts) is what this tests.
    t = await startTestApp(await open(), { PUBLIC_URL: BASE, MAX_OPEN_DRAFTS: '1000', RATE_LIMITS: 'false' });
    f = await matrixFixtures(t.app, BASE, t.config.ipaCode, await tokensFor(t.app, BASE), t.database.db);
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  it('has a row for every route the server registers, and no row for a route that does not exist', () => {
    const registered = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`).sort();
    expect(MATRIX.map((c) => c.route).sort()).toEqual(registered);
  });

  it('answers a citizen asking for another person’s request exactly as for a missing one, on every route (no existence oracle)', async () => {
    const objectRoutes = MATRIX.filter((row) => row.objects && /^(GET|PUT|DELETE) \/api\/suap\/v1\/request\/(getPdfRecap\/)?:id$/.test(row.route));
    expect(objectRoutes.map((row) => row.route).sort()).toEqual([
      'DELETE /api/suap/v1/request/:id',
      'GET /api/suap/v1/request/:id',
      'GET /api/suap/v1/request/getPdfRecap/:id',
      'PUT /api/suap/v1/request/:id',
    ]);
    for (const row of objectRoutes) {
      const other = await t.app.inject(await row.build(f, 'citizenA', 'other'));
      const missing = await t.app.inject(await row.build(f, 'citizenA', 'missing'));
      expect({ route: row.route, status: other.statusCode, body: other.body }).toEqual({ route: row.route, status: missing.statusCode, body: missing.body });
      expect(other.headers['content-type']).toBe(missing.headers['content-type']);
    }
  });

  it('answers staff asking for another office’s request exactly as for a missing one, on every desk route (no existence oracle)', async () => {
    const deskRoutes = MATRIX.filter(
      (row) => row.objects && /^(GET|POST|PUT) \/api\/suap\/v1\/backoffice\/(request\/|getPdfRecap\/|updateDraftStorageLimit\/)/.test(row.route),
    );
    expect(deskRoutes.map((row) => row.route).sort()).toEqual([
      'GET /api/suap/v1/backoffice/getPdfRecap/:id',
      'GET /api/suap/v1/backoffice/request/:id',
      'GET /api/suap/v1/backoffice/request/:id/attachments',
      'GET /api/suap/v1/backoffice/request/:id/attachments/:attachmentId',
      'GET /api/suap/v1/backoffice/request/:id/colleagues',
      'POST /api/suap/v1/backoffice/request/:id/event',
      'PUT /api/suap/v1/backoffice/updateDraftStorageLimit/:id',
    ]);
    for (const row of deskRoutes) {
      const other = await t.app.inject(await row.build(f, 'administrator', 'other'));
      const missing = await t.app.inject(await row.build(f, 'administrator', 'missing'));
      expect({ route: row.route, status: other.statusCode, body: other.body }).toEqual({ route: row.route, status: 404, body: missing.body });
      expect(other.headers['content-type']).toBe(missing.headers['content-type']);
    }
  });

  for (const row of MATRIX) {
    it(row.route, async () => {
      const cells: string[] = [];
      for (const actor of ACTORS) {
        for (const object of row.objects ? OBJECTS : (['own'] as const)) {
          const response = await t.app.inject(await row.build(f, actor, object));
          const expected = row.expect(actor, object);
          if (response.statusCode !== expected)
            cells.push(`${actor}/${object}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 120)}`);
          if (response.statusCode >= 400) expect(Object.keys(response.json()).sort()).toEqual(['code', 'description', 'errorKey', 'message']);
        }
      }
      expect(cells).toEqual([]);
    });
  }
});
