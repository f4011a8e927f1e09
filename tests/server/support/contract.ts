// What the OpenAPI document promises, read back for tests: the statuses each operation documents,
// a validator for the documented answer bodies, and the check that every answer a suite saw was
// documented (the test app records them: support/app.ts).
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';

export interface OpenApiOperation {
  parameters?: { name: string; in: 'query' | 'path' | 'header'; required?: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }>; $ref?: string }>;
  security?: Record<string, string[]>[];
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { securitySchemes?: Record<string, unknown>; responses?: Record<string, unknown>; schemas?: Record<string, unknown> };
}

export const HTTP_METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

/** `/api/suap/v1/request/:id` (Fastify) → `/api/suap/v1/request/{id}` (OpenAPI). */
export const documentPath = (routeUrl: string) => routeUrl.replace(/:(\w+)/g, '{$1}');

export function operationOf(document: OpenApiDocument, method: string, routeUrl: string): OpenApiOperation | undefined {
  const verb = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
  return document.paths[documentPath(routeUrl)]?.[verb];
}

/** The path of the document whose template matches a concrete address, if any. */
export function pathOfAddress(document: OpenApiDocument, address: string): string | undefined {
  return Object.keys(document.paths).find((template) => new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`).test(address));
}

/** A recorded answer ("METHOD route status") the document does not describe, or null. */
export function undocumented(document: OpenApiDocument, answer: { method: string; route: string | undefined; address: string; status: number }): string | null {
  const label = `${answer.method} ${answer.route ?? answer.address} ${answer.status}`;
  if (answer.status === 405) {
    // Documented once for the whole API (components.responses.MethodNotAllowed), for a path that exists.
    return document.components.responses?.MethodNotAllowed && pathOfAddress(document, answer.address) ? null : label;
  }
  if (!answer.route) return answer.status === 404 ? null : label; // no such path: the API's 404
  const operation = operationOf(document, answer.method, answer.route);
  if (!operation) return label;
  return String(answer.status) in operation.responses ? null : label;
}

/** Validates answer bodies against the document's schemas (JSON Schema 2020-12, as OpenAPI 3.1 has them). */
export function answerValidator(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  ajv.addSchema({ ...document, $id: 'openapi' } as object);
  const cache = new Map<string, ValidateFunction>();
  const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
  return (path: string, method: string, status: number, body: unknown): string | null => {
    const response = document.paths[path]?.[method.toLowerCase()]?.responses[String(status)];
    if (!response?.content?.['application/json']?.schema) return null;
    const key = `${path} ${method} ${status}`;
    let validate = cache.get(key);
    if (!validate) {
      validate = ajv.compile({
        $ref: `openapi#/${pointer('paths', path, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema')}`,
      });
      cache.set(key, validate);
    }
    return validate(body) ? null : `${key}: ${ajv.errorsText(validate.errors)}`;
  };
}
