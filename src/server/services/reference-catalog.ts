// Reference rows a request points at (service types, states, offices, initiatives, municipalities), held in memory
// so that reading a request joins only the requests and users tables. They change only with a
// release or a seed, so a short expiry is plenty.
import type { Kysely } from 'kysely';
import type { Initiative, Municipality, StateOfRequest, Suap, TypeOfService } from '#shared/domain.ts';
import type { Database } from '../db/schema.ts';
import { initiativeOf, suapOf } from './master-data-rows.ts';

export interface CatalogSnapshot {
  typesOfService: Map<number, TypeOfService>;
  states: Map<number, StateOfRequest>;
  suaps: Map<number, Suap>;
  initiatives: Map<number, Initiative>;
  /** The ISTAT list (about 7,900 rows, a few MB): the municipality of a request's activity, by id. */
  municipalities: Map<number, Municipality>;
}

export class ReferenceCatalog {
  private readonly db: Kysely<Database>;
  private readonly ttlMs: number;
  private cached: { at: number; snapshot: Promise<CatalogSnapshot> } | null = null;

  constructor(db: Kysely<Database>, ttlSeconds = 300) {
    this.db = db;
    this.ttlMs = ttlSeconds * 1000;
  }

  /**
   * The current snapshot. Once loaded, an expired snapshot is still returned while a fresh one
   * loads in the background: callers inside a transaction must never wait on another query (PGlite
   * has a single connection, so that would deadlock). `warm()` loads the first one at start-up.
   */
  snapshot(): Promise<CatalogSnapshot> {
    if (!this.cached) {
      const snapshot = this.load();
      this.cached = { at: Date.now(), snapshot };
      snapshot.catch(() => (this.cached = null));
    } else if (Date.now() - this.cached.at > this.ttlMs) {
      const previous = this.cached;
      const next = this.load();
      next.then(
        () => (this.cached = { at: Date.now(), snapshot: next }),
        () => (this.cached = previous),
      );
      this.cached = { at: Date.now(), snapshot: previous.snapshot };
    }
    return this.cached.snapshot;
  }

  /**
   * Loads a fresh snapshot in the background and serves it once loaded (the registers changed);
   * until then the current one is served, so no caller ever waits, as above.
   */
  async refresh(): Promise<void> {
    const next = this.load();
    await next.then(
      () => {
        this.cached = { at: Date.now(), snapshot: next };
      },
      () => {},
    );
  }

  async warm(): Promise<void> {
    await this.snapshot();
  }

  private async load(): Promise<CatalogSnapshot> {
    const [types, states, suaps, initiatives, municipalities] = await Promise.all([
      this.db.selectFrom('type_of_service').selectAll().execute(),
      this.db.selectFrom('state_of_request').selectAll().execute(),
      this.db.selectFrom('suap').select(['suap_id', 'name', 'pec', 'type', 'url']).execute(),
      this.db.selectFrom('iniziative').selectAll().execute(),
      this.db
        .selectFrom('municipalities as m')
        .innerJoin('provinces as p', 'p.province_id', 'm.province_id')
        .select(['m.municipality_id', 'm.istat_code', 'm.name_it', 'm.name_en', 'p.province_id', 'p.code', 'p.name_it as p_name_it', 'p.name_en as p_name_en'])
        .execute(),
    ]);
    return {
      typesOfService: new Map(
        types.map((t) => [
          t.type_of_service_id,
          { typeOfServiceId: t.type_of_service_id, nameIt: t.name_it, nameEn: t.name_en, descriptionIt: t.description_it, descriptionEn: t.description_en },
        ]),
      ),
      states: new Map(
        states.map((s) => [
          s.state_of_request_id,
          { stateOfRequestId: s.state_of_request_id, descriptionIt: s.description_it, descriptionEn: s.description_en },
        ]),
      ),
      suaps: new Map(suaps.map((s) => [s.suap_id, suapOf(s)])),
      initiatives: new Map(initiatives.map((i) => [i.iniziative_id, initiativeOf(i)])),
      municipalities: new Map(
        municipalities.map((m) => [
          m.municipality_id,
          {
            municipalityId: m.municipality_id,
            istatCode: m.istat_code,
            nameIt: m.name_it,
            nameEn: m.name_en,
            province: { provinceId: m.province_id, code: m.code, nameIt: m.p_name_it, nameEn: m.p_name_en },
          },
        ]),
      ),
    };
  }
}
