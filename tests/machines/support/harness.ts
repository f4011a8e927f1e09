// One call registers a machine's model-based suite with vitest: one test per generated path (run on
// the pure machine with the invariants), then a coverage test that fails naming every state node
// and transition no path went through, and a summary line per machine.
//
// Reuse for screens: take the machine's ModelSpec (tests/machines/models/), `generatePaths`
// (paths.ts) and `replayPath` (replay.ts) with a PathDriver that clicks, releases held HTTP replies
// per invoke id and advances the app's SimulatedClock; the pure runner (runner.ts) is one such driver.
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { Coverage } from './coverage.ts';
import type { ModelSpec } from './model.ts';
import { generatePaths } from './paths.ts';
import { runPathOnMachine, type Invariants } from './runner.ts';

export function defineModelSuite<TMachine extends AnyStateMachine>(spec: ModelSpec<TMachine>, invariants: Invariants<TMachine>): void {
  const paths = generatePaths(spec);
  const coverage = new Coverage(spec.machine);
  const done = new Set<number>();
  const run = async (index: number) => {
    const path = paths[index];
    if (!path) throw new Error(`no path ${index}`);
    await runPathOnMachine(spec, path, invariants, coverage);
    done.add(index);
  };

  describe(`${spec.machine.id} model`, () => {
    it('has paths to run', () => {
      expect(paths.length).toBeGreaterThan(0);
    });

    for (const [index, path] of paths.entries()) {
      it(`path ${index + 1}/${paths.length} [${path.inputName}]: ${path.description}`, () => run(index));
    }

    it('covers every state node and every transition of the machine', async () => {
      // Paths left out by a name filter still count: run them here (failures are reported by their own tests).
      for (const index of paths.keys()) {
        if (!done.has(index)) await run(index).catch(() => undefined);
      }
      expect(coverage.missing(), `${spec.machine.id}: not visited by any path`).toEqual({ states: [], transitions: [] });
    });

    afterAll(() => {
      console.log(coverage.summary());
    });
  });
}
