// How a history entry of a pratica is told in words, one rule for the details pages, the PDF recap
// and the e-mails (docs/architecture.md "The pratica's lifecycle"): the event it records (the
// lifecycle machine's, machines/pratica.ts), who acted by role, and what its note is (what the office
// asks for, the reason of an act, or a plain note). The words themselves are the locales' keys
// (`pratica.event.*`, `pratica.role.*`, `pratica.note.*`), read by the SPA and by the server alike.
import { Role } from './constants.ts';

/** What a history entry says of itself (src/shared/api/requests.ts HistoryEntry). */
export interface HistoryFacts {
  event?: string | null;
  fromState: number | null;
  toState: number;
  actorProfileId: number | null;
  assigneeName?: string | null;
}

/** The words of each event of the lifecycle machine. */
const EVENT_KEYS = {
  SEND: 'pratica.event.send',
  DELETE: 'pratica.event.delete',
  CLOCK_DRAFT_EXPIRED: 'pratica.event.clock-draft-expired',
  WITHDRAW: 'pratica.event.withdraw',
  TAKE_IN_CHARGE: 'pratica.event.take-in-charge',
  ASSIGN: 'pratica.event.assign',
  REQUEST_CORRECTION: 'pratica.event.request-correction',
  REQUEST_INTEGRATION: 'pratica.event.request-integration',
  ANSWER: 'pratica.event.answer',
  RECORD_ANSWER: 'pratica.event.record-answer',
  PROPOSE_OUTCOME: 'pratica.event.propose-outcome',
  REFUSE: 'pratica.event.refuse',
  CONCLUDE_POSITIVE: 'pratica.event.conclude-positive',
  CONCLUDE_NEGATIVE: 'pratica.event.conclude-negative',
  ORDER_SUSPENSION: 'pratica.event.order-suspension',
  ORDER_CONFORMATION: 'pratica.event.order-conformation',
  CLOCK_INTEGRATION_OVERDUE: 'pratica.event.clock-integration-overdue',
  CLOCK_TERM_ELAPSED: 'pratica.event.clock-term-elapsed',
} as const;

/** The clock's elapsed term that only flags the pratica late (AUTORIZZAZIONE: it stays open). */
const TERM_ELAPSED_OPEN = 'pratica.event.clock-term-elapsed-open';
/** An assignment as the desk reads it: the colleague by name. */
const ASSIGN_NAMED = 'pratica.event.assign-named';

export type HistoryEventKey = (typeof EVENT_KEYS)[keyof typeof EVENT_KEYS] | typeof TERM_ELAPSED_OPEN | typeof ASSIGN_NAMED;

/** Whether the server's clock fired the event (no person acted). */
export function isClockEvent(event: string | null | undefined): boolean {
  return typeof event === 'string' && event.startsWith('CLOCK_');
}

/**
 * The words of an entry's event, or null for an entry written before events were recorded (the
 * state it moved to says what happened). `named`: the reader may see staff names (the desk, the
 * office's copy of the recap), so an assignment names the colleague.
 */
export function historyEventKey(entry: HistoryFacts, named: boolean): HistoryEventKey | null {
  const event = entry.event;
  if (!event || !Object.hasOwn(EVENT_KEYS, event)) return null;
  if (event === 'CLOCK_TERM_ELAPSED' && entry.fromState === entry.toState) return TERM_ELAPSED_OPEN;
  if (event === 'ASSIGN' && named && entry.assigneeName) return ASSIGN_NAMED;
  return EVENT_KEYS[event as keyof typeof EVENT_KEYS];
}

export type HistoryActor = 'applicant' | 'admin' | 'collab' | 'clerk' | 'system';

/** Who acted, by role: the clock's events and entries without a profile are the system's. */
export function historyActor(entry: Pick<HistoryFacts, 'event' | 'actorProfileId'>): HistoryActor {
  if (isClockEvent(entry.event)) return 'system';
  switch (entry.actorProfileId) {
    case Role.FRONT_OFFICE:
      return 'applicant';
    case Role.BO_ADMIN:
      return 'admin';
    case Role.BO_COLLAB:
      return 'collab';
    case Role.CLERK:
      return 'clerk';
    default:
      return 'system';
  }
}

/** The role's name ("Istruttore", "Sistema"). */
export const ROLE_KEYS: Readonly<Record<HistoryActor, `pratica.role.${HistoryActor}`>> = {
  applicant: 'pratica.role.applicant',
  admin: 'pratica.role.admin',
  collab: 'pratica.role.collab',
  clerk: 'pratica.role.clerk',
  system: 'pratica.role.system',
};

export type HistoryNoteKey = 'pratica.note.asked' | 'pratica.note.reason' | 'pratica.note.note';

/**
 * What an entry's note is: what the office asks of the applicant (a correction or integration
 * request), the reason of an act (L. 241/1990 art. 3), or a plain note (a withdrawal, an answer).
 */
export function historyNoteKey(entry: Pick<HistoryFacts, 'event'>): HistoryNoteKey {
  switch (entry.event) {
    case 'REQUEST_CORRECTION':
    case 'REQUEST_INTEGRATION':
      return 'pratica.note.asked';
    case 'WITHDRAW':
    case 'ANSWER':
    case 'RECORD_ANSWER':
    case 'PROPOSE_OUTCOME':
    case 'TAKE_IN_CHARGE':
    case 'ASSIGN':
      return 'pratica.note.note';
    default:
      return 'pratica.note.reason';
  }
}
