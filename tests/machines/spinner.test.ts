// Spinner (spec §4 "Spinner"): model-based paths plus one example per rule.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { selectIsSpinnerVisible, spinnerMachine } from '#machines/spinner.ts';
import { spinnerModel } from './models/spinner.model.ts';
import { defineModelSuite } from './support/harness.ts';

defineModelSuite(spinnerModel, {
  'visible exactly while a request is active': ({ after }) => {
    expect(selectIsSpinnerVisible(after)).toBe(after.context.active.length > 0);
  },
  'an id counts once': ({ after }) => {
    expect(new Set(after.context.active).size).toBe(after.context.active.length);
  },
  'a start is tracked': ({ event, after }) => {
    if (event.type === 'REQUEST_STARTED') expect(after.context.active).toContain(event.requestId);
  },
  'an end removes that id and nothing else': ({ event, before, after }) => {
    if (event.type !== 'REQUEST_ENDED' || !before) return;
    expect(after.context.active).toEqual(before.context.active.filter((id) => id !== event.requestId));
  },
});

function start() {
  return createActor(spinnerMachine).start();
}

describe('spinner rules', () => {
  it('stays visible until the last of overlapping requests ends', () => {
    const spinner = start();
    spinner.send({ type: 'REQUEST_STARTED', requestId: 'list' });
    spinner.send({ type: 'REQUEST_STARTED', requestId: 'details' });
    spinner.send({ type: 'REQUEST_ENDED', requestId: 'list' });
    expect(selectIsSpinnerVisible(spinner.getSnapshot())).toBe(true);
    spinner.send({ type: 'REQUEST_ENDED', requestId: 'details' });
    expect(selectIsSpinnerVisible(spinner.getSnapshot())).toBe(false);
  });

  it('counts the same id once', () => {
    const spinner = start();
    spinner.send({ type: 'REQUEST_STARTED', requestId: 'list' });
    spinner.send({ type: 'REQUEST_STARTED', requestId: 'list' });
    spinner.send({ type: 'REQUEST_ENDED', requestId: 'list' });
    expect(selectIsSpinnerVisible(spinner.getSnapshot())).toBe(false);
  });

  it('ignores the end of an unknown id', () => {
    const spinner = start();
    spinner.send({ type: 'REQUEST_ENDED', requestId: 'ghost' });
    expect(selectIsSpinnerVisible(spinner.getSnapshot())).toBe(false);
    spinner.send({ type: 'REQUEST_STARTED', requestId: 'list' });
    spinner.send({ type: 'REQUEST_ENDED', requestId: 'ghost' });
    expect(spinner.getSnapshot().context.active).toEqual(['list']);
    expect(selectIsSpinnerVisible(spinner.getSnapshot())).toBe(true);
  });
});
