// Liveness (the process answers) and readiness (the database answers) for load balancers.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPaths } from '../../shared/api/paths.ts';
import { StatusSchema } from '../../shared/envelope.ts';
import { PUBLIC } from '../auth/access.ts';
import { sendError } from '../plugins/errors.ts';

const tags = ['Operations'];

export const healthRoutes: FastifyPluginAsyncTypebox<{ ping: () => Promise<void> }> = async (app, { ping }) => {
  app.get(ApiPaths.health, { schema: { tags, response: { 200: StatusSchema } }, logLevel: 'warn', config: { access: PUBLIC } }, async () => ({
    code: 200,
    message: 'OK',
    description: 'alive',
  }));

  app.get(
    ApiPaths.ready,
    { schema: { tags, response: { 200: StatusSchema, 503: StatusSchema } }, logLevel: 'warn', config: { access: PUBLIC } },
    async (_request, reply) => {
      try {
        await Promise.race([ping(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref())]);
        return { code: 200, message: 'OK', description: 'ready' };
      } catch {
        return sendError(reply, 503, 'The database is not reachable.');
      }
    },
  );
};

