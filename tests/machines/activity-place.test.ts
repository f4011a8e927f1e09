// Where the business will be (machines/activity-place.ts): the municipality of the activity is kept
// as chosen, an office found by free search is kept only once it is known to serve it, a new
// municipality drops an office that does not serve it (saying so), area search fills both, a newer
// choice cancels the check in flight, and a failed check keeps nothing new.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { activityPlaceMachine, type PlaceChanges, type ServesInput } from '#machines/activity-place.ts';
import { offices, romaCity, tivoli } from './fixtures/places.ts';

const [romaOffice, tivoliOffice] = offices as [(typeof offices)[0], (typeof offices)[0]];
/** Which office serves which municipality, as the office list's municipality filter answers. */
const serving: Record<number, number[]> = { [romaCity.municipalityId]: [romaOffice.suapId], [tivoli.municipalityId]: [tivoliOffice.suapId] };
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The machine with a check whose calls wait for the test, and the changes it asks of the draft. */
function place() {
  const calls: { input: ServesInput; signal: AbortSignal; answer(): void; fail(): void }[] = [];
  const servesMunicipality = fromPromise<boolean, ServesInput>(
    ({ input, signal }) =>
      new Promise((resolve, reject) =>
        calls.push({ input, signal, answer: () => resolve(serving[input.municipalityId]!.includes(input.suapId)), fail: () => reject(new Error('offline')) }),
      ),
  );
  const actor = createActor(activityPlaceMachine.provide({ actors: { servesMunicipality } })).start();
  const changes: PlaceChanges[] = [];
  actor.on('change', (event) => changes.push(event.changes));
  const notice = () => {
    const { notice: kind, officeName, municipalityName } = actor.getSnapshot().context;
    return kind && { kind, officeName, municipalityName };
  };
  return { actor, calls, changes, notice };
}

describe('municipality of the activity', () => {
  it('keeps the municipality at once when no office is chosen yet, and asks nothing', () => {
    const { actor, calls, changes, notice } = place();
    actor.send({ type: 'CHOOSE_MUNICIPALITY', municipality: tivoli, office: null });
    expect(changes).toEqual([{ municipalityId: tivoli.municipalityId, municipality: tivoli }]);
    expect(calls).toEqual([]);
    expect(notice()).toBeNull();
  });

  it('keeps an office found by free search only once it is known to serve the municipality', async () => {
    const { actor, calls, changes, notice } = place();
    actor.send({ type: 'CHOOSE_OFFICE', suap: tivoliOffice, municipality: tivoli });
    expect(calls.map((call) => call.input)).toEqual([{ suapId: tivoliOffice.suapId, municipalityId: tivoli.municipalityId }]);
    expect(changes).toEqual([]);
    calls[0]!.answer();
    await settle();
    expect(changes).toEqual([{ suap: tivoliOffice }]);
    expect(notice()).toBeNull();
  });

  it('refuses an office that does not serve the municipality, naming both, and keeps nothing', async () => {
    const { actor, calls, changes, notice } = place();
    actor.send({ type: 'CHOOSE_OFFICE', suap: romaOffice, municipality: tivoli });
    calls[0]!.answer();
    await settle();
    expect(changes).toEqual([]);
    expect(notice()).toEqual({ kind: 'office-not-serving', officeName: romaOffice.name, municipalityName: 'Tivoli' });
  });

  it('asks for the municipality before an office found by free search', () => {
    const { actor, calls, changes, notice } = place();
    actor.send({ type: 'CHOOSE_OFFICE', suap: romaOffice, municipality: null });
    expect(calls).toEqual([]);
    expect(changes).toEqual([]);
    expect(notice()).toEqual({ kind: 'choose-municipality-first', officeName: null, municipalityName: null });
  });

  it('drops the office when the new municipality is not one it serves, and says so', async () => {
    const { actor, calls, changes, notice } = place();
    actor.send({ type: 'CHOOSE_MUNICIPALITY', municipality: tivoli, office: romaOffice });
    expect(changes).toEqual([{ municipalityId: tivoli.municipalityId, municipality: tivoli }]);
    calls[0]!.answer();
    await settle();
    expect(changes.at(-1)).toEqual({ suap: null });
    expect(notice()).toEqual({ kind: 'office-dropped', officeName: romaOffice.name, municipalityName: 'Tivoli' });
  });

  it('keeps the office when the new municipality is one it serves', async () => {
    const { actor, calls, changes, notice } = place();
    actor.send({ type: 'CHOOSE_MUNICIPALITY', municipality: romaCity, office: romaOffice });
    calls[0]!.answer();
    await settle();
    expect(changes).toEqual([{ municipalityId: romaCity.municipalityId, municipality: romaCity }]);
    expect(notice()).toBeNull();
  });

  it('takes the municipality area search chose with its office, without asking', () => {
    const { actor, calls, changes } = place();
    actor.send({ type: 'CHOOSE_IN_AREA', suap: tivoliOffice, municipality: tivoli });
    expect(calls).toEqual([]);
    expect(changes).toEqual([{ suap: tivoliOffice, municipalityId: tivoli.municipalityId, municipality: tivoli }]);
  });

  it('cancels the check in flight when a newer choice comes: its late answer changes nothing', async () => {
    const { actor, calls, changes } = place();
    actor.send({ type: 'CHOOSE_MUNICIPALITY', municipality: tivoli, office: romaOffice });
    actor.send({ type: 'CHOOSE_IN_AREA', suap: romaOffice, municipality: romaCity });
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[0]!.answer();
    await settle();
    expect(changes).toEqual([
      { municipalityId: tivoli.municipalityId, municipality: tivoli },
      { suap: romaOffice, municipalityId: romaCity.municipalityId, municipality: romaCity },
    ]);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('keeps nothing new when the check fails, and says it could not check', async () => {
    const { actor, calls, changes, notice } = place();
    actor.send({ type: 'CHOOSE_OFFICE', suap: tivoliOffice, municipality: tivoli });
    calls[0]!.fail();
    await settle();
    expect(changes).toEqual([]);
    expect(notice()).toEqual({ kind: 'check-failed', officeName: tivoliOffice.name, municipalityName: 'Tivoli' });
    actor.send({ type: 'DISMISS' });
    expect(notice()).toBeNull();
  });
});
