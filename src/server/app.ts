// Builds the Fastify application from a configuration and an open database. main.ts starts it;
// tests call buildApp() directly and use inject().
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_BASE, ApiPaths } from '#shared/api/paths.ts';
import { LANGUAGES } from '#shared/constants.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { logSerializers } from './logging.ts';
import { registerErrorHandling, registerMethodNotAllowed, sendError } from './plugins/errors.ts';
import { openApiOptions } from './openapi.ts';
import { ReferenceCache } from './plugins/reference-cache.ts';
import { registerRateLimits } from './plugins/rate-limits.ts';
import { registerSecurityHeaders, transportWarnings } from './plugins/security.ts';
import { responseSerializerCompiler } from './plugins/serializer.ts';
import { registerSpa } from './plugins/spa.ts';
import { registerIdleTimeout, timeoutOptions, trustProxyOption } from './plugins/transport.ts';
import { registerAccessControl, PUBLIC } from './auth/access.ts';
import { registerAuditHook } from './services/audit/hook.ts';
import { AuditLogReader } from './services/audit/reader.ts';
import { auditRoutes } from './routes/audit.ts';
import { IssuerClient, type IssuerFetch } from './auth/issuer-client.ts';
import { RevocationStore } from './auth/revocations.ts';
import { SubjectStore } from './auth/subjects.ts';
import { registerEmbeddedIdp } from './idp/plugin.ts';
import { loadOrCreateSecrets, publicJwks } from './idp/keys.ts';
import { createEmbeddedProvider } from './idp/provider.ts';
import { authRoutes } from './routes/auth.ts';
import { legalRepRegisterFor } from './services/legal-representatives.ts';
import { healthRoutes } from './routes/health.ts';
import { DependencyHealth } from './services/dependency-health.ts';
import { requestRoutes } from './routes/requests.ts';
import { backOfficeRequestRoutes } from './routes/back-office-requests.ts';
import type { Jobs } from './services/jobs/queue.ts';
import { applicantMessages } from './services/pratica/messages.ts';
import type { TransitionDeps } from './services/pratica/transition.ts';
import { BackOfficeRequests } from './services/back-office/requests.ts';
import { backOfficeUserRoutes } from './routes/back-office-users.ts';
import { StaffDirectory } from './services/back-office/staff.ts';
import { pdfRoutes } from './routes/pdf-recap.ts';
import { attachmentRoutes } from './routes/attachments.ts';
import { DocumentStore } from './services/documents/store.ts';
import * as signatures from './services/documents/signatures/index.ts';
import { PdfPool } from './services/pdf/pool.ts';
import { RecapRenderer } from './services/pdf/recaps.ts';
import { namedAttachments } from './services/documents/shown.ts';
import { CitizenRequests } from './services/requests/citizen.ts';
import { CitizenRequestList } from './services/requests/citizen-list.ts';
import { masterDataRoutes } from './routes/master-data.ts';
import { MasterDataService } from './services/master-data.ts';
import { ReferenceCatalog } from './services/reference-catalog.ts';
import { watchRegisters } from './services/registers/version.ts';

/**
 * The documentation page's policy: everything from this origin only, no inline code, no framing.
 * The one inline style Swagger UI sets is allowed by its hash alone (no 'unsafe-inline'); the
 * browser test (tests/e2e/contract-docs.test.ts) fails on any other refusal.
 */
const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-hashes' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Where logs go (tests capture them); defaults to stdout. */
  logStream?: NodeJS.WritableStream;
  /** Milliseconds since the epoch; tests pass a fake clock to drive the rate-limit windows. */
  clock?: () => number;
  /** The PDF worker pool; built from config.pdf when absent (tests pass one with their own worker). */
  pdfPool?: PdfPool;
  /** The job queue the pratica's clock events are scheduled on (main.ts starts it); none in tests that do not need it. */
  jobs?: Pick<Jobs, 'schedule'> | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The office's copy of a request's recap, for an outbox message whose copy was not attached
     *  after the submission (main.ts hands it to the delivery job). */
    officeRecapOf(requestId: number): Promise<Buffer>;
    /** What every pratica transition needs (services/pratica/transition.ts): the clock and the job queue. */
    praticaDeps: TransitionDeps;
  }
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

export async function buildApp({
  config,
  database,
  logStream,
  clock = Date.now,
  pdfPool: givenPdfPool,
  jobs = null,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: logSerializers,
      ...(logStream ? { stream: logStream } : {}),
    },
    routerOptions: { querystringParser: parseQuery },
    trustProxy: trustProxyOption(config.trustProxy),
    ...timeoutOptions(config.timeouts),
    bodyLimit: 256 * 1024,
    // Unknown fields are refused (400), not silently dropped: a client that sends what the contract
    // does not know has a bug worth hearing about.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false } },
    // Lets in-flight requests finish on close() while idle keep-alive sockets are dropped.
    forceCloseConnections: 'idle',
    // Errors the router raises before any route runs (malformed or over-long addresses) get the
    // envelope too, without echoing the address.
    frameworkErrors: (error, _request, reply) =>
      sendError(reply, { status: error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400, description: 'The address is not valid.' }),
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Answers written against their schemas without Ajv choosing union branches per answer (serializer.ts).
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandling(app);
  registerIdleTimeout(app, config.timeouts.idleMs);
  const issuerOrigin = new URL(config.oidc.issuer).origin;
  const connectOrigins = issuerOrigin === new URL(config.baseUrl).origin ? [] : [issuerOrigin];
  await registerSecurityHeaders(app, { connectOrigins, https: config.baseUrl.startsWith('https:') });
  for (const warning of transportWarnings(config.mode, config.baseUrl)) app.log.warn(warning);
  // Answers up to 64 KB (every API answer) are compressed in one synchronous call: with two cores
  // or fewer, @fastify/compress would otherwise stream those above 8 KB through zlib streams and
  // the threadpool, which costs more in scheduling than the compression itself.
  await app.register(compress, { global: true, threshold: 1024, syncThreshold: 65_536 });
  await app.register(swagger, openApiOptions(config.baseUrl));

  // API answers are never cached: they carry personal or changing data.
  const apiPrefix = `${API_BASE}/`;
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith(apiPrefix)) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });

  // Identity: the embedded provider is reached in-process (no network hop to ourselves).
  const secrets = config.oidc.embedded ? await loadOrCreateSecrets(config.dataDir) : null;
  const inProcess: IssuerFetch = async ({ method, url, headers, body }) => {
    const target = new URL(url);
    const response = await app.inject({ method, url: `${target.pathname}${target.search}`, headers: { ...headers, host: target.host }, payload: body });
    return { status: response.statusCode, json: response.body ? JSON.parse(response.body) : null };
  };
  const issuer = secrets
    ? new IssuerClient(config.oidc, { FO: secrets.clientSecrets.fo, BO: secrets.clientSecrets.bo }, inProcess, publicJwks(secrets))
    : new IssuerClient(config.oidc, { FO: config.oidc.foClientSecret ?? '', BO: config.oidc.boClientSecret ?? '' });
  // What the readiness probe says of the provider and the mail relay (docs/deployment.md, "Readiness").
  const dependencies = new DependencyHealth(app.log, clock);
  issuer.reportTo({ answered: () => dependencies.answered('identityProvider'), failed: (reason) => dependencies.failed('identityProvider', reason) });
  dependencies.register('identityProvider', () => issuer.probe(), 30_000);
  app.decorate('dependencies', dependencies);
  const subjects = new SubjectStore(database.db);
  const revocations = new RevocationStore(database.db);
  // The documentation page and its assets are public; added before the access rule check runs.
  const docsPrefix = `${API_BASE}${ApiPaths.docs}`;
  app.addHook('onRoute', (route) => {
    if (route.url === docsPrefix || route.url.startsWith(`${docsPrefix}/`)) route.config = { ...route.config, access: PUBLIC };
  });
  registerAccessControl(app, { issuer, subjects, revocations, db: database.db });
  // Refusals, staff reads, exports and sign-ins leave audit lines (docs/architecture.md "Audit log").
  registerAuditHook(app, database.db, clock);
  await registerRateLimits(app, database.db, clock, config.rateLimits);
  registerMethodNotAllowed(app);

  // PDFs are rendered in worker threads, never on the event loop (docs/architecture.md).
  const pdfPool = givenPdfPool ?? new PdfPool({ threads: config.pdf.renderThreads, maxQueue: config.pdf.renderQueue });
  if (!givenPdfPool) app.addHook('onClose', () => pdfPool.close());
  // The recap lists the request's documents (docs/architecture.md "Where documents are shown").
  const recaps = new RecapRenderer(pdfPool, config.administrationName, (requestId) => namedAttachments(database.db, requestId));
  let deskForOutbox: BackOfficeRequests | undefined; // set once the API's services exist, below
  app.decorate('officeRecapOf', async (requestId: number) => recaps.render(await deskForOutbox!.officeRecapSource(requestId), 'it', true));
  const masterData = new MasterDataService(database.db);
  const praticaDeps: TransitionDeps = { now: () => new Date(clock()), jobs };
  app.decorate('praticaDeps', praticaDeps);
  const cache = new ReferenceCache({ ttlSeconds: config.referenceCacheSeconds, maxEntries: 5000 });
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ping: database.ping, dependencies });
      // Spec §7 check-legal-rep: the national service, the demo's companies, or the self-declaration.
      const legalReps = legalRepRegisterFor({ url: config.legalRepCheckUrl, demo: config.legalRepDemo }, database.db);
      await api.register(authRoutes, { issuer, subjects, revocations, db: database.db, legalReps });
      const catalog = new ReferenceCatalog(database.db, config.referenceCacheSeconds);
      await catalog.warm();
      // An import of offices or initiatives reaches this instance within seconds.
      const registers = await watchRegisters(database.db, async () => {
        cache.clear();
        await catalog.refresh();
      });
      app.decorate('registers', registers);
      app.addHook('onClose', () => registers.stop());
      const citizen = new CitizenRequests(database.db, {
        catalog,
        retentionDays: config.draftRetentionDays,
        maxOpenDrafts: config.maxOpenDrafts,
        portalUrl: config.baseUrl,
        officeRecap: (request) => recaps.officeCopy(request),
        legalReps,
        ipaCode: config.ipaCode,
        log: app.log,
        pratica: praticaDeps,
      });
      // Every transition, whoever fires it (staff, applicant, clock), writes the applicant's message with it.
      praticaDeps.onTransition = applicantMessages(catalog, config.baseUrl);
      const desk = new BackOfficeRequests(database.db, catalog, { storageLimitMaxYears: config.storageLimitMaxYears, pratica: praticaDeps });
      deskForOutbox = desk;
      await api.register(requestRoutes, { requests: citizen, list: new CitizenRequestList(database.db, catalog) });
      await api.register(backOfficeRequestRoutes, { desk });
      await api.register(pdfRoutes, { citizen, desk, recaps, downloadsPerMinute: config.pdf.downloadsPerMinute });
      // A request's documents (docs/architecture.md "Documents"): stored as rows, streamed in and out.
      await api.register(attachmentRoutes, {
        store: new DocumentStore(database.db, config.documents, signatures),
        maxFileBytes: config.documents.fileBytes,
        checkStaffMaySee: (caller, requestId) => desk.checkVisible(caller, requestId),
      });
      await api.register(backOfficeUserRoutes, { staff: new StaffDirectory(database.db) });
      await api.register(auditRoutes, { reader: new AuditLogReader(database.db) });
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
          backOfficeIdleMinutes: config.boIdleMinutes,
          oidc: { authority: config.oidc.issuer, foClientId: config.oidc.foClientId, boClientId: config.oidc.boClientId, scope: 'openid' },
        },
      });
      // Swagger UI with its assets served from node_modules: no inline script, so it runs under the
      // page's strict CSP (the API's "nothing allowed" CSP would leave it blank).
      await api.register(swaggerUi, {
        routePrefix: ApiPaths.docs,
        // The page's links are absolute: without the base path they would point outside /api.
        indexPrefix: API_BASE,
        staticCSP: DOCS_CSP,
        theme: { title: 'SUAP portal API' },
        uiConfig: { deepLinking: true },
        validatorUrl: false,
      });
    },
    { prefix: API_BASE },
  );
  await app.register((await import('./routes/downloads.ts')).downloadRoutes, {
    db: database.db,
    administrationName: config.administrationName,
    cacheSeconds: config.referenceCacheSeconds,
    pdfPool,
    clock,
  });

  if (secrets) {
    const provider = createEmbeddedProvider({
      publicUrl: config.baseUrl,
      audience: config.oidc.audience,
      clients: {
        fo: { id: config.oidc.foClientId, redirectUris: [`${config.baseUrl}/auth/callback`] },
        bo: { id: config.oidc.boClientId, redirectUris: [`${config.baseUrl}/auth/back-office/callback`] },
      },
      postLogoutRedirectUris: [`${config.baseUrl}/auth/logout/callback`, `${config.baseUrl}/`],
      secrets,
      db: database.db,
      secureCookies: config.baseUrl.startsWith('https:'),
      accessTokenSeconds: config.oidc.accessTokenSeconds,
    });
    await registerEmbeddedIdp(app, provider, config.baseUrl);
  }

  await registerSpa(app, config.staticDir, { baseUrl: config.baseUrl, administrationName: config.administrationName });
  return app;
}
