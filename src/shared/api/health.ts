// The readiness probe's answer (docs/deployment.md, "Readiness"): the envelope plus what the
// instance knows of each service it depends on. The database decides readiness (503 without it);
// the identity provider and the mail relay only make the instance "degraded", because every
// instance shares them and a load balancer that took all instances out would gain nothing.
import Type, { type Static } from 'typebox';
import { StatusSchema } from '../envelope.ts';
import { ErrorKey } from './errors.ts';

export const DEPENDENCY_NAMES = ['identityProvider', 'mail'] as const;
export type DependencyName = (typeof DEPENDENCY_NAMES)[number];

export const DependencyStateSchema = Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Literal('unknown')], {
  description: 'up: answered last time; down: failed last time; unknown: not used since the instance started.',
});
export type DependencyState = Static<typeof DependencyStateSchema>;

export const DependencySchema = Type.Object({
  state: DependencyStateSchema,
  since: Type.Optional(Type.String({ format: 'date-time', description: 'When the current state began.' })),
});

export const ReadinessSchema = Type.Object({
  ...StatusSchema.properties,
  dependencies: Type.Object({
    database: DependencySchema,
    identityProvider: DependencySchema,
    mail: DependencySchema,
  }),
});
export type Readiness = Static<typeof ReadinessSchema>;

/** The 503 of an instance whose database does not answer: the error envelope and the same detail. */
export const NotReadySchema = Type.Object({ ...ReadinessSchema.properties, errorKey: Type.Literal(ErrorKey.serviceUnavailable) });

/** `description` of a ready instance whose identity provider or mail relay is failing. */
export const DEGRADED = 'degraded';
