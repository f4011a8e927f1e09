// The OpenAPI document is the truth (docs/architecture.md "The API contract"): requests built from the document get the answers
// it describes — statuses it lists, bodies its schemas accept — for every operation, with and
// without the token its security names; fast-check runs over the document (random operations,
// parameters, bodies, tokens and methods) find no undocumented answer; and the TypeScript client
// types openapi-typescript generates from /api/docs/json are the committed ones this test uses.
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '#docs/api/openapi.d.ts';
import { generateTypes } from '#scripts/openapi.ts';
import { ERROR_KEYS } from '#shared/api/errors.ts';
import { ApiPaths } from '#shared/api/paths.ts';
import { answerValidator, HTTP_METHODS, type OpenApiDocument, type OpenApiOperation } from './support/contract.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { testDatabases } from './support/databases.ts';
import { TEST_IPA_CODE } from './support/names.ts';
import { signIn } from './support/oidc.ts';
import { readFile } from 'node:fs/promises';

const BASE = 'http://localhost:3999';
const MARIO = 'RSSMRA80A01H501U';
const GIULIA = 'BNCGLI85M41F205B';

// The generated client's types: what an integrator's code would be written against.
type RequestListQuery = NonNullable<paths['/api/suap/v1/request/list']['get']['parameters']['query']>;
type RequestListAnswer = paths['/api/suap/v1/request/list']['get']['responses'][200]['content']['application/json'];
type ErrorAnswer = paths['/api/suap/v1/request/{id}']['put']['responses'][409]['content']['application/json'];
type DraftWrite = paths['/api/suap/v1/request']['post']['requestBody'] extends { content: { 'application/json': infer B } } | undefined ? B : never;
type DraftAnswer = paths['/api/suap/v1/request']['post']['responses'][200]['content']['application/json'];

interface Operation {
  path: string;
  method: string;
  spec: OpenApiOperation;
}

describe.each(testDatabases())('the API contract on $kind', ({ open }) => {
  let t: TestApp;
  let document: OpenApiDocument;
  let validate: ReturnType<typeof answerValidator>;
  const token: Record<'FO' | 'BO' | 'giulia', string> = { FO: '', BO: '', giulia: '' };
  const ids = { request: 0, doomed: 0, user: 0 };
  let operations: Operation[] = [];

  const bearer = (who: keyof typeof token | null) => (who ? { authorization: `Bearer ${token[who]}` } : {});

  beforeAll(async () => {
    // Rate limits off: the property run calls faster than a person could (429 is documented anyway).
    t = await startTestApp(await open(), { PUBLIC_URL: BASE, RATE_LIMITS: 'false' });
    token.FO = (await signIn(t.app, BASE, 'FO', 'mario')).access_token;
    token.giulia = (await signIn(t.app, BASE, 'FO', 'giulia')).access_token;
    token.BO = (await signIn(t.app, BASE, 'BO', 'anna')).access_token;
    for (const [who, code] of [
      ['FO', MARIO],
      ['giulia', GIULIA],
    ] as const) {
      await t.app.inject({ url: `/api${ApiPaths.userInfo}?fiscalCode=${code}`, headers: bearer(who) });
    }
    const draft = async () => {
      const body: DraftWrite = { procedureNotification: { type: 1, value: 'mario.rossi@example.org' } };
      const response = await t.app.inject({ method: 'POST', url: `/api${ApiPaths.requestCreate}`, headers: bearer('FO'), payload: body });
      return (response.json() as DraftAnswer).request.requestId;
    };
    ids.request = await draft();
    ids.doomed = await draft();
    ids.user = (await t.app.inject({ url: `/api${ApiPaths.boUserInfo}`, headers: bearer('BO') })).json().user.userId;
    document = (await t.app.inject({ url: `/api${ApiPaths.docsJson}` })).json() as OpenApiDocument;
    validate = answerValidator(document);
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => (HTTP_METHODS as readonly string[]).includes(method))
        .map(([method, spec]) => ({ path, method, spec })),
    );
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  /** A valid value for a parameter, from what the fixtures know, else from its schema. */
  function parameterValue(operation: Operation, name: string, schema: Record<string, unknown>): string {
    const known: Record<string, string> = {
      fiscalCode: MARIO,
      cfPersona: MARIO,
      cfImpresa: '12345678901',
      name: 'startup',
      ipaCode: TEST_IPA_CODE,
      provinceId: '58',
      regionId: '12',
    };
    if (name === 'id') return String(operation.path.includes('/user/') ? ids.user : operation.method === 'delete' ? ids.doomed : ids.request);
    if (known[name]) return known[name];
    if (Array.isArray(schema.enum)) return String(schema.enum[0]);
    if (schema.type === 'integer') return String(schema.minimum ?? 1);
    return 'x';
  }

  /** A valid body for each writing operation (what a well-behaved client sends). */
  async function bodyFor(operation: Operation): Promise<unknown> {
    const key = `${operation.method.toUpperCase()} ${operation.path}`;
    const current = async () => (await t.app.inject({ url: `/api/suap/v1/request/${ids.request}`, headers: bearer('FO') })).json().request;
    const bodies: Record<string, () => unknown> = {
      'POST /api/login/token': () => ({ grant_type: 'authorization_code', redirect_uri: `${BASE}/auth/callback`, code: 'not-a-code' }),
      'POST /api/login/token2': () => ({ grant_type: 'authorization_code', redirect_uri: `${BASE}/auth/back-office/callback`, code: 'not-a-code' }),
      'DELETE /api/usersession/v1/user-session/revoke': () => ({ accessToken: 'not-a-token' }),
      'POST /api/evidencesuaprequestor/v1/acs/check/pf': () => ({ statoNascita: 'IT', comuneNascita: 'Roma', codiceFiscale: MARIO, sesso: 'M' }),
      'POST /api/suap/v1/request': () => ({ procedureNotification: { type: 1, value: 'mario.rossi@example.org' } }),
      'PUT /api/suap/v1/request/{id}': current,
      'PUT /api/suap/v1/backoffice/request/{id}/decision': () => ({ stateOfRequestId: 4, reason: 'All documents are in order.', version: 1 }),
      'PUT /api/suap/v1/backoffice/updateDraftStorageLimit/{id}': () => ({ storageLimit: `${new Date().getUTCFullYear() + 1}-06-30` }),
      'POST /api/suap/v1/backoffice/user/createUser': () => ({
        firstName: 'Carla',
        lastName: 'Contratto',
        fiscalCode: 'CNTCRL80A41H501T',
        email: 'carla@example.org',
        profile: { profileId: 3 },
      }),
      'PUT /api/suap/v1/backoffice/user/modifyUser': async () =>
        (await t.app.inject({ url: `/api/suap/v1/backoffice/user/getUser/${ids.user}`, headers: bearer('BO') })).json().user,
    };
    return bodies[key] ? bodies[key]() : undefined;
  }

  /** The request a well-behaved client builds from the document for an operation. */
  async function requestFor(operation: Operation, who: 'FO' | 'BO' | null): Promise<InjectOptions> {
    let url = operation.path;
    const query = new URLSearchParams();
    const headers: Record<string, string> = who ? { authorization: `Bearer ${token[who]}` } : {};
    for (const parameter of operation.spec.parameters ?? []) {
      if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, parameterValue(operation, parameter.name, parameter.schema));
      else if (parameter.required && parameter.in === 'query') query.set(parameter.name, parameterValue(operation, parameter.name, parameter.schema));
    }
    const body = operation.spec.requestBody ? await bodyFor(operation) : undefined;
    const search = query.size > 0 ? `?${query}` : '';
    return { method: operation.method.toUpperCase() as 'GET', url: `${url}${search}`, headers, ...(body !== undefined ? { payload: body as object } : {}) };
  }

  /** The area whose token the operation's security names (the first, when it takes either). */
  const areaOf = (operation: Operation): 'FO' | 'BO' | null => {
    const first = operation.spec.security?.[0];
    if (!first) return null;
    return 'frontOfficeBearer' in first ? 'FO' : 'BO';
  };

  /** Why an answer breaks the document, or null. */
  function breach(operation: Operation, status: number, body: string, contentType: string | undefined): string | null {
    if (!(String(status) in operation.spec.responses))
      return `${operation.method.toUpperCase()} ${operation.path} answered undocumented ${status}: ${body.slice(0, 160)}`;
    if (!contentType?.startsWith('application/json')) return null;
    return validate(operation.path, operation.method, status, JSON.parse(body));
  }

  it('is served at /api/docs/json as OpenAPI 3.1 with a bearer scheme per area, and every operation says who may call it', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes).toMatchObject({
      frontOfficeBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      backOfficeBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    });
    expect(operations.length).toBeGreaterThanOrEqual(29);
    for (const operation of operations) expect(operation.spec.security, `${operation.method} ${operation.path}`).toBeDefined();
    // Security follows the access rule the server enforces (one source of truth: config.access).
    for (const route of t.app.apiRoutes.filter((r) => !r.url.startsWith('/api/docs'))) {
      const operation = operations.find((o) => o.method === route.method.toLowerCase() && o.path === route.url.replace(/:(\w+)/g, '{$1}'));
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect((operation!.spec.security ?? []).length === 0, `${route.method} ${route.url}`).toBe(route.access.kind === 'public');
    }
  });

  it('shows the document at /api/docs with every asset the page names served from the portal under its CSP', async () => {
    const page = await t.app.inject({ url: `/api${ApiPaths.docs}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/default-src 'self'; script-src 'self';/);
    const assets = [...page.body.matchAll(/(?:href|src)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(5);
    for (const asset of assets) {
      expect(asset, 'served from the portal').toMatch(/^\/api\/docs\/static\//);
      expect((await t.app.inject({ url: asset })).statusCode, asset).toBe(200);
    }
    expect(page.body).not.toMatch(/<script>(?!\s*<)|<style>|style="/);
  });

  it('documents the header, parameters and required fields the server enforces', () => {
    const op = (path: string, method = 'get') => document.paths[`/api${path}`]![method]!;
    expect(op(ApiPaths.userInfo).parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'x-suap-profile' }));
    expect(op('/suap/v1/request/getPdfRecap/{id}').parameters).toContainEqual(expect.objectContaining({ in: 'query', name: 'lang' }));
    expect((op('/suap/v1/request/{id}', 'put').requestBody!.content['application/json']!.schema as { required: string[] }).required).toContain('version');
    const listParameters = op(ApiPaths.requestList).parameters!.map((p) => p.name);
    for (const name of ['page', 'size', 'filter', 'sortField', 'sortType', 'userId', 'typeOfServiceId']) expect(listParameters).toContain(name);
    for (const list of [ApiPaths.iniziativeList, ApiPaths.suapList, ApiPaths.regionList]) expect(op(list).responses).toHaveProperty('400');
  });

  it('answers every operation without a token as documented: 401 where a token is needed', async () => {
    const breaches: string[] = [];
    for (const operation of operations) {
      const response = await t.app.inject(await requestFor(operation, null));
      if (areaOf(operation) && response.statusCode !== 401) breaches.push(`${operation.method} ${operation.path}: ${response.statusCode} without a token`);
      const problem = breach(operation, response.statusCode, response.body, response.headers['content-type']);
      if (problem) breaches.push(problem);
    }
    expect(breaches).toEqual([]);
  });

  it('answers every operation called as the document describes with the documented status and body', async () => {
    const breaches: string[] = [];
    const expectOk = new Set([
      'get /api/suap/v1/request/list',
      'get /api/suap/v1/request/{id}',
      'put /api/suap/v1/request/{id}',
      'post /api/suap/v1/request',
      'delete /api/suap/v1/request/{id}',
      'get /api/suap/v1/request/getPdfRecap/{id}',
      'get /api/suap/v1/backoffice/list',
      'get /api/suap/v1/backoffice/request/{id}',
      'get /api/suap/v1/backoffice/getPdfRecap/{id}',
      'get /api/suap/v1/backoffice/user/getUserList',
      'get /api/suap/v1/backoffice/user/getUser/{id}',
      'post /api/suap/v1/backoffice/user/createUser',
      'get /api/suap/v1/config',
      'get /api/suap/v1/anagrafica/list',
      'get /api/suap/v1/anagrafica/suap/list',
      'get /api/suap/v1/request/getUserInfo',
      'get /api/suap/v1/backoffice/userinfo',
      'get /api/evidencesuaprequestor/v1/public-service/mapping',
      'get /api/health/live',
    ]);
    for (const operation of operations) {
      const response = await t.app.inject(await requestFor(operation, areaOf(operation)));
      const problem = breach(operation, response.statusCode, response.body, response.headers['content-type']);
      if (problem) breaches.push(problem);
      if (expectOk.has(`${operation.method} ${operation.path}`) && response.statusCode !== 200) {
        breaches.push(`${operation.method} ${operation.path}: expected 200, got ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    }
    expect(breaches).toEqual([]);
  });

  it('answers a wrong method on an existing path with 405, Allow and the envelope', async () => {
    const response = await t.app.inject({ method: 'PATCH', url: `/api/suap/v1/request/${ids.request}`, headers: bearer('FO') });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('DELETE, GET, HEAD, PUT');
    expect(response.json()).toEqual({ code: 405, message: 'Method Not Allowed', description: expect.any(String), errorKey: 'method-not-allowed' });
    expect(document.components.responses).toHaveProperty('MethodNotAllowed');
    expect((await t.app.inject({ method: 'GET', url: '/api/suap/v1/nowhere' })).statusCode).toBe(404);
  });

  it('pages the citizen’s own list with the generated client’s types: userId, page 1, size 3 → 3 requests and the totals', async () => {
    const giulia = (await t.app.inject({ url: `/api${ApiPaths.requestList}`, headers: bearer('giulia') })).json() as RequestListAnswer;
    expect(giulia.totalResults).toBeGreaterThanOrEqual(5);
    const query: RequestListQuery = { userId: giulia.requestList[0]!.user.userId, page: 1, size: 3 };
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    const page = (await t.app.inject({ url: `/api${ApiPaths.requestList}?${search}`, headers: bearer('giulia') })).json() as RequestListAnswer;
    expect(page.requestList).toHaveLength(3);
    expect(page).toMatchObject({ code: 200, totalResults: giulia.totalResults, totalPages: Math.ceil(giulia.totalResults / 3) });
    expect(page.requestList.map((r) => r.requestId)).toEqual(giulia.requestList.slice(0, 3).map((r) => r.requestId));
  });

  it('a stale version answers the usual wording with its key, typed by the generated client', async () => {
    const current = (await t.app.inject({ url: `/api/suap/v1/request/${ids.request}`, headers: bearer('FO') })).json().request;
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/suap/v1/request/${ids.request}`,
      headers: bearer('FO'),
      payload: { ...current, version: current.version - 1 || 99 },
    });
    const answer = response.json() as ErrorAnswer;
    expect(response.statusCode).toBe(409);
    expect(answer).toMatchObject({ code: 409, message: 'Conflict', errorKey: 'stale-version' });
    expect(ERROR_KEYS).toContain(answer.errorKey);
  });

  it('generates, with openapi-typescript from /api/docs/json, exactly the client types this test is written against', async () => {
    const live = (await t.app.inject({ url: `/api${ApiPaths.docsJson}` })).json() as object;
    const committed = await readFile(new URL('../../docs/api/openapi.d.ts', import.meta.url), 'utf8');
    // The served document names the server it runs on; the committed one was made for localhost:3000.
    const generated = await generateTypes({ ...live, servers: [{ url: 'http://localhost:3000' }] });
    expect(generated).toBe(committed);
  });

  it('property: random operations, parameters, bodies, tokens and methods get only documented answers', async () => {
    const paths = Object.keys(document.paths);
    const anyJson = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.integer(),
      fc.constant(null),
      fc.boolean(),
      fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
    );
    const seen = new Set<number>();
    const call = fc.record({
      operation: fc.constantFrom(...operations),
      who: fc.constantFrom<'FO' | 'BO' | null>('FO', 'BO', null),
      // Per parameter: the valid value, a random text or number, or nothing at all.
      values: fc.array(fc.oneof(fc.constant<'valid'>('valid'), fc.constant<'absent'>('absent'), fc.string({ maxLength: 20 }), fc.integer().map(String)), {
        minLength: 8,
        maxLength: 8,
      }),
      extraParameter: fc.option(fc.tuple(fc.constantFrom('zzz', 'sort', 'page'), fc.string({ maxLength: 8 })), { nil: null }),
      body: fc.oneof(
        fc.constant<'valid'>('valid'),
        anyJson,
        fc.tuple(fc.constantFrom('version', 'typeOfService', 'requestId', 'user', 'personalData', 'storageLimit', 'unknownField'), anyJson),
      ),
      wrongMethod: fc.option(fc.tuple(fc.constantFrom(...paths), fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH')), { nil: null, freq: 6 }),
    });
    await fc.assert(
      fc.asyncProperty(call, async ({ operation, who, values, extraParameter, body, wrongMethod }) => {
        if (wrongMethod) {
          const [path, method] = wrongMethod;
          if (document.paths[path]![method.toLowerCase()]) return;
          const response = await t.app.inject({ method: method as 'GET', url: path.replace(/\{\w+\}/g, String(ids.request)), headers: bearer(who) });
          // Either 405 naming the methods the path takes, or the answer of the route the address
          // falls into (request/list is also request/{id}, with an id that is not a number).
          expect([405, 400, 401, 403, 404]).toContain(response.statusCode);
          if (response.statusCode === 405) expect(response.headers.allow).toMatch(/^[A-Z]+(, [A-Z]+)*$/);
          expect(response.json()).toHaveProperty('errorKey');
          return;
        }
        const built = await requestFor(operation, who);
        const url = new URL(`http://x${String(built.url)}`);
        (operation.spec.parameters ?? [])
          .filter((p) => p.in === 'query')
          .forEach((parameter, index) => {
            const choice = values[index % values.length]!;
            if (choice === 'absent') url.searchParams.delete(parameter.name);
            else if (choice !== 'valid') url.searchParams.set(parameter.name, choice);
          });
        if (extraParameter) url.searchParams.set(extraParameter[0], extraParameter[1]);
        let payload = built.payload;
        if (operation.spec.requestBody && body !== 'valid') {
          payload = (
            Array.isArray(body) && body.length === 2 && typeof body[0] === 'string' && typeof built.payload === 'object'
              ? { ...(built.payload as object), [body[0]]: body[1] }
              : body
          ) as object;
        }
        const response = await t.app.inject({
          ...built,
          url: `${url.pathname}${url.search}`,
          ...(payload !== undefined ? { payload: JSON.stringify(payload), headers: { ...built.headers, 'content-type': 'application/json' } } : {}),
        });
        seen.add(response.statusCode);
        const problem = breach(operation, response.statusCode, response.body, response.headers['content-type']);
        expect(problem).toBeNull();
      }),
      { numRuns: 250 },
    );
    // The run reached past the front door: successes, refusals of bad input and of missing tokens.
    expect([...seen]).toEqual(expect.arrayContaining([200, 400, 401]));
  }, 240_000);
});
