// The demo catalogue's regimes (src/server/db/seed/data/regimes.ts, docs/architecture.md "Regimes"):
// every seeded initiative has one the law allows, each of the four regimes is there to try, closures
// are communicated, and the medium-sized store is consented by silence after the 90 days its law sets
// (D.Lgs. 114/1998 art. 8 c. 4), as the seeded database stores them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultProceedingDays, defaultRegime } from '#server/db/seed/data/regimes.ts';
import { INITIATIVES } from '#server/db/seed/data/initiatives.ts';
import { initiativeTimes } from '#server/services/pratica/times.ts';
import { REGIMES, regimeTimes } from '#shared/pratica.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';

describe('regimes of the demo catalogue', () => {
  it('gives every initiative a regime, with days the law allows, and each regime at least one initiative', () => {
    const regimes = new Map(INITIATIVES.map((initiative) => [initiative.code, defaultRegime(initiative)]));
    expect(regimes.size).toBe(INITIATIVES.length);
    for (const regime of REGIMES) expect([...regimes.values()], regime).toContain(regime);
    for (const initiative of INITIATIVES) {
      const days = defaultProceedingDays(initiative.code);
      const checked = regimeTimes(regimes.get(initiative.code)!, days === null ? {} : { proceedingDays: days });
      expect(checked.ok, initiative.code).toBe(true);
    }
  });

  it('communicates closures and the farmer’s direct sale, authorises market pitches, consents a medium store by silence', () => {
    for (const initiative of INITIATIVES.filter((candidate) => candidate.typeIniziativeId === 3))
      expect(defaultRegime(initiative), initiative.code).toBe('COMUNICAZIONE');
    const regimeOf = (code: string) => defaultRegime(INITIATIVES.find((initiative) => initiative.code === code)!);
    expect(regimeOf('AVV-AGR-001')).toBe('COMUNICAZIONE');
    expect(regimeOf('AVV-COM-004')).toBe('AUTORIZZAZIONE');
    expect(regimeOf('AVV-COM-003')).toBe('SCIA');
    expect(regimeOf('AVV-SOM-001')).toBe('SCIA');
    expect(regimeOf('AVV-COM-002')).toBe('SILENZIO-ASSENSO');
    expect(defaultProceedingDays('AVV-COM-002')).toBe(90);
    expect(defaultProceedingDays('AVV-COM-001')).toBeNull();
  });
});

describe.each(testDatabases())('regimes of the seeded catalogue on $kind', ({ open }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(await open());
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  it('stores each initiative’s regime and the medium store’s 90 days, which a pratica of it takes', async () => {
    const rows = await t.database.db
      .selectFrom('iniziative')
      .select(['code', 'regime', 'proceeding_days', 'integration_request_days', 'integration_answer_days'])
      .execute();
    const stored = new Map(rows.map((row) => [row.code, row]));
    for (const initiative of INITIATIVES) expect(stored.get(initiative.code)?.regime, initiative.code).toBe(defaultRegime(initiative));
    const medium = stored.get('AVV-COM-002')!;
    expect(initiativeTimes(medium)).toEqual({
      regime: 'SILENZIO-ASSENSO',
      times: { proceedingDays: 90, integrationRequestDays: 30, integrationAnswerDays: 15, whenTermElapses: 'concludes' },
    });
    expect(stored.get('AVV-COM-001')!.proceeding_days).toBeNull();
  });
});
