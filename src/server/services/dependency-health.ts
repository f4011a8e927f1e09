// What this instance last saw of the services it depends on besides the database: the identity
// provider and the mail relay. Every exchange with them reports here; the readiness probe reads it
// (docs/deployment.md, "Readiness"), and an operator reads the log lines it writes: ERROR when a
// dependency starts failing, WARN while it keeps failing, INFO when it answers again. Reasons are
// error codes and statuses only (never an address, a name or a token), since they reach the logs.
import type { DependencyName, DependencyState } from '#shared/api/health.ts';

export interface DependencyLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

interface Observation {
  state: Exclude<DependencyState, 'unknown'>;
  /** When the current state began. */
  since: number;
  /** When the dependency was last heard from (or failed to answer). */
  seen: number;
}

const LABEL: Record<DependencyName, string> = { identityProvider: 'identity provider', mail: 'mail delivery' };

/** A probe that throws when the dependency cannot be reached; the thrown reason is logged. */
export type Probe = () => Promise<void>;

export class DependencyHealth {
  private readonly observations = new Map<DependencyName, Observation>();
  private readonly probes = new Map<DependencyName, { probe: Probe; maxAgeMs: number; running: Promise<void> | null }>();
  private readonly log: DependencyLog;
  private readonly now: () => number;

  constructor(log: DependencyLog, now: () => number = Date.now) {
    this.log = log;
    this.now = now;
  }

  /**
   * Lets `check` ask the dependency itself when nothing was heard from it for `maxAgeMs`, so the
   * probe notices an outage (and a recovery) even while nobody signs in.
   */
  register(name: DependencyName, probe: Probe, maxAgeMs: number): void {
    this.probes.set(name, { probe, maxAgeMs, running: null });
  }

  answered(name: DependencyName): void {
    const at = this.now();
    const previous = this.observations.get(name);
    if (previous?.state === 'down') this.log.info({ dependency: name }, `${LABEL[name]} answers again`);
    this.observations.set(name, { state: 'up', since: previous?.state === 'up' ? previous.since : at, seen: at });
  }

  failed(name: DependencyName, reason: string): void {
    const at = this.now();
    const previous = this.observations.get(name);
    if (previous?.state === 'down') {
      this.log.warn({ dependency: name, reason }, `${LABEL[name]} still unreachable`);
      this.observations.set(name, { ...previous, seen: at });
    } else {
      this.log.error({ dependency: name, reason }, `${LABEL[name]} unreachable`);
      this.observations.set(name, { state: 'down', since: at, seen: at });
    }
  }

  /** The state as last observed, asking the dependency first when that observation is too old. */
  async check(name: DependencyName): Promise<{ state: DependencyState; since?: string }> {
    const entry = this.probes.get(name);
    const seen = this.observations.get(name)?.seen;
    if (entry && (seen === undefined || this.now() - seen >= entry.maxAgeMs)) {
      entry.running ??= entry
        .probe()
        .then(
          () => this.answered(name),
          (error: unknown) => this.failed(name, reasonOf(error)),
        )
        .finally(() => (entry.running = null));
      await entry.running;
    }
    const observation = this.observations.get(name);
    return observation ? { state: observation.state, since: new Date(observation.since).toISOString() } : { state: 'unknown' };
  }
}

/** An error as a log may carry it: its code, status or class, never its message (which may name a person). */
export function reasonOf(error: unknown): string {
  const e = error as { code?: unknown; responseCode?: unknown; status?: unknown; name?: unknown; cause?: { code?: unknown } } | null;
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return e.name;
  const parts = [e?.code, e?.cause?.code, e?.responseCode ?? e?.status].filter((part) => typeof part === 'string' || typeof part === 'number');
  return parts.length > 0 ? parts.join(' ') : typeof e?.name === 'string' ? e.name : 'error';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's view of its identity provider and mail relay (readiness, background jobs). */
    dependencies: DependencyHealth;
  }
}
