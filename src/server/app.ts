// Builds the Fastify application from a configuration and an open database. main.ts starts it;
// tests call buildApp() directly and use inject().
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_BASE, ApiPaths } from '../shared/api/paths.ts';
import { LANGUAGES } from '../shared/constants.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { logSerializers } from './logging.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { ReferenceCache } from './plugins/reference-cache.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerSpa } from './plugins/spa.ts';
import { healthRoutes } from './routes/health.ts';
import { masterDataRoutes } from './routes/master-data.ts';
import { MasterDataService } from './services/master-data.ts';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Where logs go (tests capture them); defaults to stdout. */
  logStream?: NodeJS.WritableStream;
}

/** Splits a query string, dropping empty values (spec §7: query parameters with empty values are dropped). */
function parseQuery(raw: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    if (value === '') continue;
    const previous = result[key];
    result[key] = previous === undefined ? value : ([] as string[]).concat(previous, value);
  }
  return result;
}

export async function buildApp({ config, database, logStream }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: logSerializers,
      ...(logStream ? { stream: logStream } : {}),
    },
    routerOptions: { querystringParser: parseQuery },
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    // Lets in-flight requests finish on close() while idle keep-alive sockets are dropped.
    forceCloseConnections: 'idle',
  }).withTypeProvider<TypeBoxTypeProvider>();

  registerErrorHandling(app);
  await registerSecurityHeaders(app, { connectOrigins: [], https: config.baseUrl.startsWith('https:') });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'SUAP portal API',
        version: '1',
        description: 'One-stop shop for business activities: every call of the product specification §7.',
        license: { name: 'EUPL-1.2' },
      },
      servers: [{ url: config.baseUrl }],
    },
  });

  // API answers are never cached: they carry personal or changing data.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(`${API_BASE}/`)) reply.header('Cache-Control', 'no-store');
  });

  const masterData = new MasterDataService(database.db);
  const cache = new ReferenceCache({ ttlSeconds: config.referenceCacheSeconds, maxEntries: 5000 });
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ping: database.ping });
      await api.register(masterDataRoutes, {
        masterData,
        cache,
        settings: {
          ipaCode: config.ipaCode,
          administrationName: config.administrationName,
          baseUrl: config.baseUrl,
          languages: [...LANGUAGES],
          production: config.mode === 'production',
          feedbackUrl: 'https://ec.europa.eu/your-europe/feedback',
          accessibilityUrl: 'https://form.agid.gov.it',
          helpOnlineUrl: '/help-online/public-area',
        },
      });
      api.get(ApiPaths.docs, { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_BASE },
  );

  await registerSpa(app, config.staticDir);
  return app;
}
