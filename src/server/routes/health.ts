// Liveness (the process answers) and readiness for load balancers (docs/deployment.md, "Readiness"):
// ready while the database answers, and "degraded" (still 200) while the identity provider or the
// mail relay fails, naming which, because every instance shares those and taking them all out of
// the balancer would stop the public pages and the signed-in people too.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DEGRADED, NotReadySchema, ReadinessSchema, type Readiness } from '#shared/api/health.ts';
import { ApiPaths } from '#shared/api/paths.ts';
import { StatusSchema } from '#shared/envelope.ts';
import { PUBLIC } from '../auth/access.ts';
import { errorEnvelope } from '../plugins/errors.ts';
import type { DependencyHealth } from '../services/dependency-health.ts';

const tags = ['Operations'];
/** A load balancer's probe waits about this long; an answer that takes longer is a failure. */
const PROBE_MS = 2000;

function within<T>(work: Promise<T>, fallback: T): Promise<T> {
  return Promise.race([work, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), PROBE_MS).unref())]);
}

export const healthRoutes: FastifyPluginAsyncTypebox<{ ping: () => Promise<void>; dependencies: DependencyHealth }> = async (app, { ping, dependencies }) => {
  app.get(ApiPaths.health, { schema: { tags, response: { 200: StatusSchema } }, logLevel: 'warn', config: { access: PUBLIC } }, async () => ({
    code: 200,
    message: 'OK',
    description: 'alive',
  }));

  app.get(
    ApiPaths.ready,
    { schema: { tags, response: { 200: ReadinessSchema, 503: NotReadySchema } }, logLevel: 'warn', config: { access: PUBLIC } },
    async (_request, reply) => {
      const down = { state: 'down' as const };
      const [database, identityProvider, mail] = await Promise.all([
        within(
          ping().then(
            () => ({ state: 'up' as const }),
            () => down,
          ),
          down,
        ),
        within(dependencies.check('identityProvider'), down),
        dependencies.check('mail'),
      ]);
      const detail: Readiness['dependencies'] = { database, identityProvider, mail };
      if (database.state !== 'up') {
        return reply
          .code(503)
          .serializer(JSON.stringify)
          .send({ ...errorEnvelope({ status: 503, description: 'The database is not reachable.' }), dependencies: detail });
      }
      const failing = [identityProvider.state === 'down' && 'identity provider', mail.state === 'down' && 'mail delivery'].filter(Boolean);
      return {
        code: 200,
        message: 'OK',
        description: failing.length > 0 ? `${DEGRADED}: ${failing.join(' and ')} not reachable` : 'ready',
        dependencies: detail,
      };
    },
  );
};
