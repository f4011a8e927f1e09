// The pratica machine as two pure functions: decide() tells the server whether an event may change a
// stored pratica and what it becomes (with the history entry to write in the same transaction), and
// allowedEvents() tells a screen which actions to offer. Both run the machine itself, so no rule is
// written twice: the role check of each event (FIRED_BY) answers 403, the state or a condition of the
// machine 409 with the condition's reason (docs/architecture.md "The pratica's lifecycle").
import { getNextSnapshot, type SnapshotFrom } from 'xstate';
import { type PraticaActor, PraticaState, type PraticaStateId } from '#shared/pratica.ts';
import { praticaMachine, STATE_PATHS } from '../pratica.ts';
import {
  CONDITION_GUARDS,
  CONDITIONS,
  dayOf,
  EVENT_TYPES,
  FIRED_BY,
  ROLE_GUARDS,
  ROLE_WHO,
  type ConditionGuard,
  type PraticaContext,
  type PraticaEvent,
  type PraticaEventType,
  type PraticaInput,
} from './rules.ts';

export type PraticaSnapshot = SnapshotFrom<typeof praticaMachine>;

/** What the server stores of a pratica: its state id and the machine's context. */
export interface PersistedPratica {
  state: PraticaStateId;
  context: PraticaContext;
}

/** An event as a caller sends it: the actor is the verified caller, given apart. */
export type PraticaCommand = PraticaEvent extends infer E ? (E extends PraticaEvent ? Omit<E, 'actor'> : never) : never;

/** One row of the pratica's history: what happened, when, by whom, from which state to which. */
export interface PraticaHistoryEntry {
  at: string;
  event: PraticaEventType;
  from: PraticaStateId;
  to: PraticaStateId;
  actorRole: PraticaActor['role'];
  actorUserId: number | null;
  note: string | null;
}

export type Decision = { ok: true; next: PersistedPratica; history: PraticaHistoryEntry } | { ok: false; status: 403 | 409; reason: string };

const PATH_TO_ID = new Map(Object.entries(STATE_PATHS).map(([id, path]) => [path, Number(id) as PraticaStateId]));

/** The state id of a machine snapshot (its deepest active state). */
export function stateIdOf(snapshot: PraticaSnapshot): PraticaStateId {
  for (const [path, id] of PATH_TO_ID) if (snapshot.matches(pathValue(path) as never)) return id;
  throw new Error(`pratica: no state id for ${JSON.stringify(snapshot.value)}`);
}

function pathValue(path: string): unknown {
  return path
    .split('.')
    .reverse()
    .reduce<unknown>((inner, key) => (inner === null ? key : { [key]: inner }), null);
}

/** A new pratica: a draft of `input`'s regime, for `applicantId`, addressed to `officeId`. */
export function startPratica(input: PraticaInput): PersistedPratica {
  return toPersisted(praticaMachine.resolveState({ value: 'draft', context: initialContext(input) }));
}

function initialContext(input: PraticaInput): PraticaContext {
  return {
    ...input,
    assigneeId: null,
    receivedOn: null,
    termEndsOn: null,
    dueOn: null,
    suspendedSince: null,
    daysLeftWhenSuspended: null,
    pausedDays: 0,
    integrationDueOn: null,
    integrationsAsked: 0,
    overdue: false,
    proposal: null,
    concludedOn: null,
  };
}

export function toPersisted(snapshot: PraticaSnapshot): PersistedPratica {
  return { state: stateIdOf(snapshot), context: snapshot.context };
}

function isSnapshot(value: PraticaSnapshot | PersistedPratica): value is PraticaSnapshot {
  return 'value' in value && 'status' in value;
}

/** The machine's snapshot of a stored pratica (of `machine`, the real one or a relaxed copy). */
function resolve(current: PraticaSnapshot | PersistedPratica, machine = praticaMachine): PraticaSnapshot {
  if (isSnapshot(current) && machine === praticaMachine) return current;
  const state = isSnapshot(current) ? stateIdOf(current) : current.state;
  const path = STATE_PATHS[state];
  if (!path) throw new Error(`pratica: unknown state ${String(state)}`);
  return machine.resolveState({ value: pathValue(path) as never, context: current.context });
}

const CONDITION_NAMES = Object.keys(CONDITION_GUARDS) as ConditionGuard[];
/** The machine with some conditions taken as holding: what would be possible but for them. */
const relaxed = (names: readonly ConditionGuard[]) => praticaMachine.provide({ guards: Object.fromEntries(names.map((name) => [name, () => true])) });
const withoutConditions = relaxed(CONDITION_NAMES);
/** Conditions that choose between an event's alternatives by the regime, rather than forbid it. */
const SELECTORS: readonly ConditionGuard[] = ['isComunicazione', 'concludesWhenTermElapses'];
const withoutOne = new Map(CONDITION_NAMES.map((name) => [name, relaxed([name])]));

/**
 * Whether `event`, fired by `actor`, may change the pratica: its next state and context and the
 * history entry, or why not — 403 when the actor may not fire this event on this pratica (role, not
 * the owner, not the clerk in charge), 409 when the state or a condition (a term, the regime, an
 * integration already asked) does not allow it now. A refused event changes nothing: repeated
 * clock events in a pratica that moved on are refused harmlessly.
 */
export function decide(current: PraticaSnapshot | PersistedPratica, command: PraticaCommand, actor: PraticaActor): Decision {
  const snapshot = resolve(current);
  const event = { ...command, actor } as PraticaEvent;
  // `at` comes from the caller's clock, never from a person: an unreadable one is a bug, not a refusal.
  if (dayOf(event) === '') throw new Error(`pratica: ${event.type} has no readable instant in \`at\``);
  const who = FIRED_BY[event.type];
  if (!who) return { ok: false, status: 409, reason: `unknown event ${String(event.type)}` };
  if (!ROLE_GUARDS[who]({ context: snapshot.context, event })) return { ok: false, status: 403, reason: `only ${ROLE_WHO[who]} may ${event.type}` };
  if (!snapshot.can(event)) return { ok: false, status: 409, reason: refusal(current, snapshot, event) };
  const next = getNextSnapshot(praticaMachine, snapshot, event);
  const from = stateIdOf(snapshot);
  const to = stateIdOf(next);
  return {
    ok: true,
    next: { state: to, context: next.context },
    history: { at: event.at, event: event.type, from, to, actorRole: actor.role, actorUserId: actor.userId, note: event.note ?? null },
  };
}

function refusal(current: PraticaSnapshot | PersistedPratica, snapshot: PraticaSnapshot, event: PraticaEvent): string {
  const state = STATE_PATHS[stateIdOf(snapshot)].split('.').at(-1);
  if (!resolve(current, withoutConditions).can(event)) return `${event.type} is not possible in state ${state}`;
  const blocking = CONDITION_NAMES.filter((name) => resolve(current, withoutOne.get(name)).can(event));
  // A condition that only picks between alternatives (the regime's) is the reason when nothing else is.
  const relevant = blocking.filter((name) => !SELECTORS.includes(name));
  const failing = relevant.length
    ? relevant
    : blocking.length
      ? blocking
      : CONDITION_NAMES.filter((name) => !CONDITION_GUARDS[name]({ context: snapshot.context, event }));
  return failing.map((name) => CONDITIONS[name].refusal).join('; ') || `${event.type} is not possible now`;
}

/** Payloads that only fill an event's shape for allowedEvents (its checks on them are not made). */
const SHAPE: Partial<Record<PraticaEventType, object>> = {
  ASSIGN: { assignee: { role: 0, userId: null } },
  PROPOSE_OUTCOME: { outcome: 'positive' },
};
/** Conditions on what a person will choose (the colleague), not on the pratica: a screen cannot know them. */
const CHOICES: readonly ConditionGuard[] = ['isColleagueOfOffice'];
/** Conditions on the date: left out when no date is given. */
const TERMS: readonly ConditionGuard[] = ['isTermOpen', 'isIntegrationWindowOpen', 'isIntegrationAnswerOnTime', 'isIntegrationAnswerOverdue', 'isTermElapsed'];
const withoutChoices = relaxed(CHOICES);
const withoutChoicesAndTerms = relaxed([...CHOICES, ...TERMS]);

/**
 * The events `actor` may fire on the pratica now: on `at` (an ISO instant) with every term checked,
 * or, without `at`, those the state, the regime and the actor's role allow whatever the date. The
 * colleague an administrator will choose is not checked. Clock events are listed for the clock only.
 */
export function allowedEvents(current: PraticaSnapshot | PersistedPratica, actor: PraticaActor, at?: string): PraticaEventType[] {
  const snapshot = resolve(current, at === undefined ? withoutChoicesAndTerms : withoutChoices);
  return EVENT_TYPES.filter((type) => {
    const event = { type, actor, at: at ?? EPOCH, ...SHAPE[type] } as PraticaEvent;
    return ROLE_GUARDS[FIRED_BY[type]]({ context: snapshot.context, event }) && snapshot.can(event);
  });
}
const EPOCH = '1970-01-01T00:00:00Z';

/** Whether the pratica is late on `today`: its term elapsed while it is still open (AUTORIZZAZIONE). */
export function isOverdue(context: PraticaContext, today: string): boolean {
  if (context.times.whenTermElapses !== 'flags-overdue') return false;
  if (context.concludedOn !== null) return false;
  return context.overdue || (context.suspendedSince === null && context.dueOn !== null && today > context.dueOn);
}

/**
 * The day the pratica's current phase is due, which every request carries: the integration answer's
 * while one is awaited, the proceeding's while its term runs, none while a correction is awaited
 * (the law sets it no term) or once concluded.
 */
const RUNNING: readonly PraticaStateId[] = [PraticaState.PRESENTED, PraticaState.CORRECTED, PraticaState.INTEGRATED];
export function phaseDueOn(pratica: PersistedPratica): string | null {
  const { state, context } = pratica;
  if (context.concludedOn !== null) return null;
  if (state === PraticaState.INTEGRATION_REQUESTED) return context.integrationDueOn;
  if (RUNNING.includes(state)) return context.times.whenTermElapses === 'no-proceeding' ? null : context.dueOn;
  return null;
}
