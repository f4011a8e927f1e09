// How a pratica's history entry is told (src/shared/pratica-history.ts): every event of the
// lifecycle machine has its words in both languages, the clock's events are the system's whoever is
// recorded, an elapsed term that only flags the pratica is not told as a conclusion, an assignment
// names the colleague only to readers who may see staff names, and a note says what it is.
import { describe, expect, it } from 'vitest';
import en from '#locales/en.json' with { type: 'json' };
import it_ from '#locales/it.json' with { type: 'json' };
import { EVENT_TYPES } from '#machines/pratica/rules.ts';
import { Role } from '#shared/constants.ts';
import { PraticaState } from '#shared/pratica.ts';
import { historyActor, historyEventKey, historyNoteKey, isClockEvent, ROLE_KEYS } from '#shared/pratica-history.ts';

const entry = (event: string | null, from: number | null = PraticaState.PRESENTED, to: number = PraticaState.PRESENTED) => ({
  event,
  fromState: from,
  toState: to,
  actorProfileId: Role.BO_ADMIN,
});

describe('pratica history in words', () => {
  it('has words in Italian and English for every event the lifecycle machine knows', () => {
    for (const type of EVENT_TYPES) {
      const key = historyEventKey(entry(type, PraticaState.PRESENTED, PraticaState.ACCEPTED), false);
      expect(key, type).not.toBeNull();
      expect((it_ as Record<string, string>)[key!], `${type} in Italian`).toBeTruthy();
      expect((en as Record<string, string>)[key!], `${type} in English`).toBeTruthy();
    }
    for (const key of Object.values(ROLE_KEYS)) expect([(it_ as Record<string, string>)[key], (en as Record<string, string>)[key]]).not.toContain(undefined);
  });

  it('tells the entries written before events were recorded by their state, and unknown events the same way', () => {
    expect(historyEventKey(entry(null), false)).toBeNull();
    expect(historyEventKey(entry('SOMETHING_NEW'), false)).toBeNull();
    expect(historyEventKey(entry('toString'), false)).toBeNull();
  });

  it('tells a conclusion by elapsed time apart from a term that elapsed and only flagged the pratica late', () => {
    expect(historyEventKey(entry('CLOCK_TERM_ELAPSED', PraticaState.PRESENTED, PraticaState.TIME_EXPIRED), false)).toBe('pratica.event.clock-term-elapsed');
    expect(historyEventKey(entry('CLOCK_TERM_ELAPSED', PraticaState.INTEGRATED, PraticaState.INTEGRATED), false)).toBe('pratica.event.clock-term-elapsed-open');
    expect(it_['pratica.event.clock-term-elapsed']).toBe('Concluso per decorso dei termini (orologio del sistema)');
  });

  it('names the colleague of an assignment only to readers who may see staff names', () => {
    const assigned = { ...entry('ASSIGN'), assigneeName: 'Chiara Russo' };
    expect(historyEventKey(assigned, true)).toBe('pratica.event.assign-named');
    expect(historyEventKey(assigned, false)).toBe('pratica.event.assign');
    expect(historyEventKey({ ...assigned, assigneeName: null }, true)).toBe('pratica.event.assign');
    expect(it_['pratica.event.assign-named']).toContain('{name}');
    expect(it_['pratica.event.assign']).not.toContain('{name}');
  });

  it('gives the clock’s events to the system, whoever the entry records, and every profile its role', () => {
    expect(isClockEvent('CLOCK_INTEGRATION_OVERDUE')).toBe(true);
    expect(isClockEvent('CONCLUDE_POSITIVE')).toBe(false);
    expect(isClockEvent(null)).toBe(false);
    expect(historyActor({ event: 'CLOCK_TERM_ELAPSED', actorProfileId: Role.BO_ADMIN })).toBe('system');
    expect(historyActor({ event: 'CLOCK_INTEGRATION_OVERDUE', actorProfileId: null })).toBe('system');
    expect(historyActor({ event: 'WITHDRAW', actorProfileId: Role.FRONT_OFFICE })).toBe('applicant');
    expect(historyActor({ event: 'TAKE_IN_CHARGE', actorProfileId: Role.CLERK })).toBe('clerk');
    expect(historyActor({ event: 'REFUSE', actorProfileId: Role.BO_ADMIN })).toBe('admin');
    expect(historyActor({ event: null, actorProfileId: Role.BO_COLLAB })).toBe('collab');
    expect(historyActor({ event: null, actorProfileId: null })).toBe('system');
    expect(it_['pratica.role.system']).toBe('Sistema');
    expect(en['pratica.role.system']).toBe('System');
  });

  it('says what a note is: what the office asks for, the reason of an act, or a plain note', () => {
    expect(historyNoteKey({ event: 'REQUEST_INTEGRATION' })).toBe('pratica.note.asked');
    expect(historyNoteKey({ event: 'REQUEST_CORRECTION' })).toBe('pratica.note.asked');
    expect(historyNoteKey({ event: 'REFUSE' })).toBe('pratica.note.reason');
    expect(historyNoteKey({ event: null })).toBe('pratica.note.reason');
    expect(historyNoteKey({ event: 'WITHDRAW' })).toBe('pratica.note.note');
  });
});
