// The OpenAPI document is derived from the routes themselves (docs/architecture.md "The API contract"): request schemas from the
// route schemas, `security` from each route's `config.access` (the rule the server enforces, one
// source of truth), and every error answer the server can give from what the route declares
// (path parameters, a body, a rate limit, an account) and the error handler's catalogue. Served at
// /api/docs (Swagger UI, its assets served from node_modules under the page CSP) and
// /api/docs/json; committed as docs/api/openapi.json by `npm run openapi`.
import type { SwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { PROFILE_HEADER } from '#shared/api/auth.ts';
import { ErrorKey, ErrorStatusSchema, phraseOf, type ErrorKeyValue } from '#shared/api/errors.ts';
import { API_BASE, ApiPaths } from '#shared/api/paths.ts';
import { GENERIC_ERROR, LANGUAGES, Role } from '#shared/constants.ts';
import type { Access } from './auth/access.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer is served from the reference cache with an ETag (304 on If-None-Match). */
    etag?: boolean;
    /** A body the handler streams itself (an upload): documented with its media types, never validated by a schema. */
    documentedBody?: { consumes: string[]; schema: unknown };
    /** What an error status means for this route, where it means more than the catalogue's generic wording (an upload's 413 and 415). */
    errorMeanings?: Partial<Record<number, ErrorMeaning>>;
  }
}

/** What an error status means: when it is answered, and an example answer for each errorKey it comes with. */
export interface ErrorMeaning {
  when: string;
  examples: { key: ErrorKeyValue; description: string; field?: string }[];
}

export const SecuritySchemes = {
  frontOffice: 'frontOfficeBearer',
  backOffice: 'backOfficeBearer',
} as const;

/** What each error status means, in the document (one wording per kind: the catalogue's), unless the route says more (`config.errorMeanings`). */
const MEANING: Record<number, { when: string; key: ErrorKeyValue; description: string; field?: string }> = {
  400: {
    when: 'The request is malformed: a parameter, header or body field is missing, of the wrong type or pattern, unknown, or one the caller may not change (errorKey read-only-field); `field` names the body field or query parameter at fault.',
    key: ErrorKey.badRequest,
    description: 'personalData.zipCode: must match pattern "^[0-9]{5}$"',
    field: 'personalData.zipCode',
  },
  401: {
    when: 'No bearer access token, or one that is invalid, expired, revoked or issued for the other area’s client.',
    key: ErrorKey.unauthorized,
    description: 'A bearer access token is required.',
  },
  403: {
    when: 'The token is valid but the caller’s account may not do this (role, inactive account, someone else’s resource).',
    key: ErrorKey.forbidden,
    description: 'Your account may not use this function.',
  },
  404: { when: 'Nothing with that identifier.', key: ErrorKey.notFound, description: 'No request 7.' },
  409: {
    when: 'The resource is not in a state that allows this, or the `version` sent is not the stored one (errorKey stale-version: reload and redo).',
    key: ErrorKey.staleVersion,
    description: 'The request changed elsewhere (version 4, yours 3): reload the latest version.',
  },
  413: { when: 'The body is larger than 256 KB.', key: ErrorKey.payloadTooLarge, description: 'Request body is too large' },
  414: { when: 'A path parameter is too long.', key: ErrorKey.uriTooLong, description: 'The address is not valid.' },
  415: { when: 'The body is not application/json.', key: ErrorKey.unsupportedMediaType, description: 'Unsupported Media Type: text/plain' },
  429: {
    when: 'Too many calls of this kind from this person (or address, before sign-in) in the current minute.',
    key: ErrorKey.tooManyRequests,
    description: 'Too many requests: try again in 42 seconds.',
  },
  500: {
    when: 'Spec §8’s Generic Error: an unexpected failure, or a missing public-service mapping. The envelope’s code is 999.',
    key: ErrorKey.genericError,
    description: GENERIC_ERROR.description,
  },
  502: { when: 'The identity provider did not answer as expected.', key: ErrorKey.badGateway, description: 'The identity provider refused the code.' },
  503: {
    when: 'The database cannot be reached; try again shortly.',
    key: ErrorKey.serviceUnavailable,
    description: 'The service is temporarily unavailable, please try again shortly.',
  },
};

function errorResponse(status: number, routeMeaning?: ErrorMeaning) {
  const generic = MEANING[status]!;
  const meaning: ErrorMeaning = routeMeaning ?? { when: generic.when, examples: [generic] };
  const code = status === 500 ? GENERIC_ERROR.code : status;
  return {
    ...ErrorStatusSchema,
    description: `${phraseOf(status)}. ${meaning.when}`,
    examples: meaning.examples.map((example) => ({
      code,
      message: phraseOf(code),
      description: example.description,
      errorKey: example.key,
      ...(example.field ? { field: example.field } : {}),
    })),
  };
}

/** The `security` requirement of an access rule (empty: no token needed). */
export function securityOf(access: Access | undefined): Record<string, string[]>[] {
  if (!access || access.kind === 'public') return [];
  const areas = access.kind === 'token' ? access.areas : [access.area];
  return areas.map((area) => ({ [area === 'FO' ? SecuritySchemes.frontOffice : SecuritySchemes.backOffice]: [] }));
}

const hasBody = (method: string) => !['GET', 'HEAD'].includes(method);

/** Every status an operation can answer with, derived from what the route declares. */
export function errorStatusesOf(route: Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>): number[] {
  const declared = Object.keys((route.schema?.response as Record<string, unknown> | undefined) ?? {})
    .map(Number)
    .filter((status) => status >= 400);
  const access = route.config?.access;
  const methods = ([] as string[]).concat(route.method);
  const statuses = new Set<number>([400, 500, 503, ...declared]);
  if (access && access.kind !== 'public') statuses.add(401);
  if (access?.kind === 'user') statuses.add(403);
  if (route.url.includes(':')) statuses.add(404).add(414);
  if (methods.some(hasBody)) statuses.add(413).add(415);
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) statuses.add(429);
  return [...statuses].filter((status) => status in MEANING).sort();
}

/** Parameters the handlers read but no schema validates (honoured, never refused). */
function documentedExtras(url: string, schema: Record<string, unknown>): Record<string, unknown> {
  const extra: Record<string, unknown> = {};
  const path = url.slice(API_BASE.length);
  const lang = { type: 'string', enum: [...LANGUAGES], description: 'Language of the answer (else Accept-Language, else Italian).' };
  if ((path === ApiPaths.requestPdf.replace('{id}', ':id') || path === ApiPaths.boRequestPdf.replace('{id}', ':id')) && !schema.querystring) {
    extra.querystring = { type: 'object', properties: { lang }, additionalProperties: true };
  }
  if (path === ApiPaths.userInfo && !schema.headers) {
    extra.headers = {
      type: 'object',
      properties: {
        [PROFILE_HEADER]: {
          type: 'string',
          enum: [String(Role.FRONT_OFFICE)],
          description: 'The profile the caller logs in as (spec §7). Only the front-office profile (1) may call this; any other value answers 403.',
        },
      },
    };
  }
  return extra;
}

export function openApiOptions(baseUrl: string): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'SUAP portal API',
        version: '1',
        description: [
          'One-stop shop for business activities: every call of the product specification §7.',
          '',
          '**Envelope.** Every JSON answer carries `code`, `message` and `description` (spec §8); every error answer also',
          'carries `errorKey`, a machine-readable kind (see the ErrorStatus schema) that clients localise by. `message` is one',
          'wording per kind. Unexpected failures answer HTTP 500 with code 999 "Generic Error".',
          '',
          '**Wrong method.** A method an existing path does not take answers 405 with an `Allow` header and the envelope',
          '(errorKey method-not-allowed).',
          '',
          '**Security.** Operations name the bearer scheme of the area whose access tokens they take: front office',
          '(citizens) or back office (staff). Tokens come from the token exchange calls (/login/token, /login/token2).',
          '',
          '**Dates.** One style per kind of field: a day is `YYYY-MM-DD` (dateOfBirth, storageLimit); an instant is',
          'ISO 8601 with its offset, always UTC (`2026-03-01T09:30:00.000Z`: sentRequestDate, updatedOn, doneOn, history `at`).',
          '',
          '**Lists.** Every list call takes page (from 1), size, filter, and sortField with sortType together (the back-office',
          'lists also `sort=field;direction`), and answers totalResults and totalPages. The staff list sorts by `firstName`',
          '(spec §3’s column; `name` is still accepted as its former alias). The citizen’s list without `size` answers every',
          'request in one page; for a `userId` other than the caller’s it answers an empty list with message "No Requests",',
          'exactly as for an unknown id (spec §5).',
          '',
          '**Sessions.** The token exchange issues no refresh_token: an access token lives `expires_in` seconds; at expiry',
          'the client signs in again through the provider, whose session answers without asking while it lives.',
        ].join('\n'),
        license: { name: 'EUPL-1.2' },
      },
      servers: [{ url: baseUrl }],
      components: {
        securitySchemes: {
          [SecuritySchemes.frontOffice]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'Access token of the front-office client (citizens), from POST /api/login/token.',
          },
          [SecuritySchemes.backOffice]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'Access token of the back-office client (staff), from POST /api/login/token2.',
          },
        },
        responses: {
          MethodNotAllowed: {
            description: 'The path exists but does not take this method. The `Allow` header lists the methods it takes.',
            headers: { Allow: { schema: { type: 'string' }, example: 'DELETE, GET, HEAD, PUT' } },
            content: {
              'application/json': {
                schema: ErrorStatusSchema,
                example: {
                  code: 405,
                  message: 'Method Not Allowed',
                  description: 'PATCH is not a method of /api/suap/v1/request/7: use DELETE, GET, HEAD, PUT.',
                  errorKey: ErrorKey.methodNotAllowed,
                },
              },
            },
          },
        },
      },
    },
    transform: ({ schema, url, route }) => {
      if (!url.startsWith(`${API_BASE}/`) || (schema as { hide?: boolean } | undefined)?.hide) return { schema, url };
      const source = (schema ?? {}) as Record<string, unknown>;
      const response: Record<string | number, unknown> = { ...((source.response as Record<string, unknown>) ?? {}) };
      for (const status of errorStatusesOf(route)) response[status] = errorResponse(status, route.config?.errorMeanings?.[status]);
      if (route.config?.etag) {
        response[304] = { description: 'Not Modified: the copy named by If-None-Match is current.', type: 'null' };
      }
      const extras = documentedExtras(url, source);
      // A body the handler streams itself (an upload) is documented here, never validated by a schema.
      const streamed = route.config?.documentedBody;
      if (streamed) Object.assign(extras, { body: streamed.schema, consumes: streamed.consumes });
      if (route.config?.etag) {
        extras.headers = {
          type: 'object',
          properties: { 'if-none-match': { type: 'string', description: 'The ETag of a copy the client holds; answers 304 when it is current.' } },
        };
      }
      return {
        url,
        schema: { ...source, ...extras, response, security: securityOf(route.config?.access) } as never,
      };
    },
  };
}
