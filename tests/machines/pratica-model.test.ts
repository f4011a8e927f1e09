// The pratica's lifecycle walked by its model (tests/machines/models/pratica.model.ts): every state
// and transition of machines/pratica.ts for each regime, with the server's and the screens' view of
// each step checked against the machine itself — decide() changes exactly what the machine changes
// and refuses exactly what it refuses, allowedEvents() offers exactly what decide() accepts.
import { expect } from 'vitest';
import { isWorkingDay } from '#shared/calendar.ts';
import { CONCLUDED_STATES, type PraticaActor } from '#shared/pratica.ts';
import { allowedEvents, decide, stateIdOf, toPersisted, type Decision, type PraticaCommand, type PraticaSnapshot } from '#machines/pratica/decide.ts';
import { FIRED_BY, ROLE_GUARDS, type PraticaEvent } from '#machines/pratica/rules.ts';
import { praticaModel } from './models/pratica.model.ts';
import { defineModelSuite } from './support/harness.ts';

function split(event: unknown): { command: PraticaCommand; actor: PraticaActor } {
  const { actor, ...command } = event as PraticaEvent;
  return { command: command as PraticaCommand, actor };
}

// Each step's decision, made once for the invariants that read it (a step's event is one object).
const decisions = new WeakMap<object, Decision>();
function decided(before: PraticaSnapshot, event: object): Decision {
  const known = decisions.get(event);
  if (known) return known;
  const { command, actor } = split(event);
  const decision = decide(before, command, actor);
  decisions.set(event, decision);
  return decision;
}

defineModelSuite(praticaModel, {
  'decide() changes what the machine changes, and a refusal changes nothing': ({ event, before, after }) => {
    if (!before) return;
    const { actor } = split(event);
    const decision = decided(before, event);
    if (decision.ok) {
      expect(decision.next).toEqual(toPersisted(after));
      expect(decision.history).toMatchObject({ event: event.type, from: stateIdOf(before), to: stateIdOf(after), actorRole: actor.role });
    } else {
      expect(after.value).toEqual(before.value);
      expect(after.context).toEqual(before.context);
    }
  },
  'decide() answers 403 exactly when the actor may not fire the event, 409 otherwise': ({ event, before }) => {
    if (!before) return;
    const { command } = split(event);
    const decision = decided(before, event);
    const mayFire = ROLE_GUARDS[FIRED_BY[command.type]]({ context: before.context, event: event as PraticaEvent });
    if (!decision.ok) expect(decision.status).toBe(mayFire ? 409 : 403);
    if (!mayFire) expect(decision.ok).toBe(false);
    if (!decision.ok) expect(decision.reason).toMatch(/\S/);
  },
  'allowedEvents() on that day offers the event exactly when decide() accepts it': ({ event, before }) => {
    // ASSIGN depends on the colleague chosen, which a screen offering the action cannot know yet.
    if (!before || event.type === 'ASSIGN') return;
    const { command, actor } = split(event);
    expect(allowedEvents(before, actor, command.at).includes(command.type)).toBe(decided(before, event).ok);
  },
  'a concluded pratica is final, with the day it was concluded': ({ after }) => {
    const concluded = CONCLUDED_STATES.includes(stateIdOf(after));
    expect(after.status === 'done').toBe(concluded);
    if (concluded && stateIdOf(after) !== 2) expect(after.context.concludedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  },
  'only the clock concludes by time': ({ event, before, after }) => {
    if (before && stateIdOf(before) !== stateIdOf(after) && [11, 14].includes(stateIdOf(after))) {
      expect((event as PraticaEvent).actor.role).toBe('clock');
    }
  },
  'the term stands still exactly while a correction or integration request waits': ({ after }) => {
    const waiting = after.matches({ proceeding: 'clockStopped' });
    expect(after.context.suspendedSince !== null).toBe(waiting);
    expect(after.context.daysLeftWhenSuspended !== null).toBe(waiting);
  },
  'a running term is due on a working day, never before its last day': ({ after }) => {
    const { dueOn, termEndsOn } = after.context;
    if (dueOn === null || termEndsOn === null) return;
    expect(isWorkingDay(dueOn)).toBe(true);
    expect(dueOn >= termEndsOn).toBe(true);
  },
  'a COMUNICAZIONE never has a proceeding': ({ after }) => {
    if (after.context.regime === 'COMUNICAZIONE') expect(after.matches('proceeding')).toBe(false);
  },
});
