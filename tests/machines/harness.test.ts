// The harness must fail loudly: a transition no path takes, a state space that never ends, an
// event without payload cases, a broken invariant, a machine that leaves the model's path.
import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { Coverage } from './support/coverage.ts';
import type { ModelSpec } from './support/model.ts';
import { generatePaths } from './support/paths.ts';
import { runPathOnMachine } from './support/runner.ts';

const toy = setup({
  types: { context: {} as { count: number }, events: {} as { type: 'GO'; to: 'b' | 'c' } | { type: 'BUMP' } },
  actors: { job: fromPromise<number, void>(() => Promise.reject(new Error('not provided'))) },
  delays: { pause: 50 },
  guards: { wantsC: (_, params: { to: string }) => params.to === 'c' },
}).createMachine({
  id: 'toy',
  initial: 'a',
  context: { count: 0 },
  states: {
    a: {
      on: {
        GO: [{ guard: { type: 'wantsC', params: ({ event }) => ({ to: event.to }) }, target: 'c' }, { target: 'b' }],
        BUMP: { actions: assign(({ context }) => ({ count: context.count + 1 })) },
      },
    },
    b: { invoke: { id: 'job', src: 'job', onDone: 'waiting', onError: 'a' } },
    waiting: { after: { pause: 'a' } },
    c: { type: 'final' },
  },
});

const spec = (overrides: Partial<ModelSpec<typeof toy>> = {}): ModelSpec<typeof toy> => ({
  machine: toy,
  inputs: [{ name: 'start', input: undefined }],
  payloads: {
    GO: [{ to: 'b' }],
    BUMP: [],
    'xstate.done.actor.job': [{ output: 1 }],
    'xstate.error.actor.job': [{ error: new Error('boom') }],
  },
  project: () => null,
  ...overrides,
});

async function runAll(model: ModelSpec<typeof toy>, coverage: Coverage) {
  for (const path of generatePaths(model)) await runPathOnMachine(model, path, {}, coverage);
}

describe('model harness', () => {
  it('names the states and transitions no path went through', async () => {
    const coverage = new Coverage(toy);
    await runAll(spec(), coverage);
    expect(coverage.missing()).toEqual({ states: ['c'], transitions: ['a on GO [wantsC] → c (alternative #0)', 'a on BUMP → (no target) (alternative #0)'] });
  });

  it('covers everything once the payload cases reach every branch, through invokes and delays', async () => {
    const coverage = new Coverage(toy);
    await runAll(spec({ payloads: { ...spec().payloads, GO: [{ to: 'b' }, { to: 'c' }], BUMP: [{}] } }), coverage);
    expect(coverage.missing()).toEqual({ states: [], transitions: [] });
    expect(coverage.summary()).toMatch(/^toy: \d+ paths \(\d+ steps\), 4\/4 states, 6\/6 transitions covered$/);
  });

  it('stops a state space that grows without end', () => {
    const unbounded = spec({ payloads: { ...spec().payloads, BUMP: [{}] }, project: ({ context }) => context.count, limit: 200 });
    expect(() => generatePaths(unbounded)).toThrow(/Traversal limit exceeded/);
  });

  it('refuses an accepted event that has no payload cases', () => {
    const { BUMP: _left, ...payloads } = spec().payloads;
    expect(() => generatePaths(spec({ payloads }))).toThrow(/no payload cases for event "BUMP"/);
  });

  it('reports the invariant that failed, the step and the path', async () => {
    const [path] = generatePaths(spec()).filter((candidate) => candidate.steps.length > 1);
    if (!path) throw new Error('no path');
    await expect(runPathOnMachine(spec(), path, { 'never leaves a': ({ after }) => expect(after.value).toBe('a') }, undefined)).rejects.toThrow(
      /Invariant "never leaves a" failed at step 1 \(GO \{"to":"b"\}\)[\s\S]*path \[start\]: GO/,
    );
  });

  it('reports a machine that is not where the model says', async () => {
    const paths = generatePaths(spec());
    const path = paths.find((candidate) => candidate.steps.length > 1);
    const waiting = paths.flatMap((candidate) => candidate.steps).find((step) => step.state.value === 'waiting');
    if (!path || !waiting) throw new Error('no paths');
    // Step 1 (GO) really leads to 'b'; claim it leads to 'waiting'.
    const tampered = { ...path, steps: path.steps.map((step, index) => (index === 1 ? { ...step, state: waiting.state } : step)) };
    await expect(runPathOnMachine(spec(), tampered, {})).rejects.toThrow(/diverged from the model at step 1 \(GO/);
  });
});
