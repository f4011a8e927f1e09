// The residence combobox's search (machines/municipality-search.ts): it asks only for a searchable
// text and only after the typing pause (stepped with xstate's SimulatedClock), a newer text aborts
// the question in flight so a late answer never lands, and a failed question leaves an empty list
// marked as failed.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { isSearchable, municipalitySearchMachine } from '#machines/municipality-search.ts';
import { apiFailure } from '#shared/api/failure.ts';
import type { Municipality } from '#shared/domain.ts';

const PAUSE = 250;
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
const milano = { nameIt: 'Milano' } as Municipality;

/** The machine with a search whose calls wait for the test: each call's text, signal and answer. */
function searching() {
  const calls: { text: string; signal: AbortSignal; answer(result: Municipality[]): void; fail(error: unknown): void }[] = [];
  const search = fromPromise<Municipality[], { text: string }>(
    ({ input, signal }) => new Promise((resolve, reject) => calls.push({ text: input.text, signal, answer: resolve, fail: reject })),
  );
  const clock = new SimulatedClock();
  const actor = createActor(municipalitySearchMachine.provide({ actors: { search } }), { clock }).start();
  return { actor, clock, calls };
}

describe('municipality search', () => {
  it('asks only for a text long enough to be a place name, and only after the typing pause', async () => {
    expect(isSearchable('M')).toBe(false);
    expect(isSearchable('Mil4no')).toBe(false);
    expect(isSearchable(' Milano ')).toBe(true);
    const { actor, clock, calls } = searching();
    actor.send({ type: 'TYPE', text: 'M' });
    clock.increment(PAUSE);
    expect(calls).toEqual([]);
    actor.send({ type: 'TYPE', text: ' Mila ' });
    clock.increment(PAUSE - 1);
    expect(calls).toEqual([]);
    clock.increment(1);
    expect(calls.map((call) => call.text)).toEqual(['Mila']);
    calls[0]!.answer([milano]);
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ results: [milano], failed: false });
  });

  it('aborts the question in flight when the person types on, so its late answer never lands', async () => {
    const { actor, clock, calls } = searching();
    actor.send({ type: 'TYPE', text: 'Mila' });
    clock.increment(PAUSE);
    actor.send({ type: 'TYPE', text: 'Milan' });
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[0]!.answer([{ nameIt: 'Milazzo' } as Municipality]);
    await settle();
    expect(actor.getSnapshot().context.results).toEqual([]);
    clock.increment(PAUSE);
    calls[1]!.answer([milano]);
    await settle();
    expect(actor.getSnapshot().context.results).toEqual([milano]);
  });

  it('leaves an empty list marked as failed when the question fails, and clears it for a short text', async () => {
    const { actor, clock, calls } = searching();
    actor.send({ type: 'TYPE', text: 'Mila' });
    clock.increment(PAUSE);
    calls[0]!.fail(apiFailure({ status: 503, code: 503, errorKey: 'service-unavailable' }));
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ results: [], failed: true });
    actor.send({ type: 'TYPE', text: 'M' });
    expect(actor.getSnapshot().context).toMatchObject({ text: 'M', results: [], failed: false });
  });
});
