// Answers are still written by fast-json-stringify against their response schema (only the fields
// the contract names leave the server), but with the contract's unions of a type and null, and of
// literals of one type, turned into the plain type before compiling: fast-json-stringify picks an
// `anyOf` branch by validating the value against each branch with Ajv on every answer — every
// nullable office, contact and personal-data object, patterns included — which cost more than
// writing the answer (the profile of the desk and the draft save in docs/performance.md), and compiled those
// validators on the first answer (half a second). Requests are still validated by their schemas.
import fastJsonStringify from 'fast-json-stringify';

type Schema = Record<string, unknown>;

const isNull = (s: unknown) => typeof s === 'object' && s !== null && (s as Schema).type === 'null' && Object.keys(s).length === 1;
const COMBINATORS = ['anyOf', 'oneOf', 'allOf', 'if', 'not', '$ref'];
const simple = (s: Schema) => typeof s.type === 'string' && !COMBINATORS.some((k) => k in s);
const literalType = (s: Schema) => ('const' in s && Object.keys(s).every((k) => k === 'const' || k === 'type') ? typeof s.const : null);

/** The schema with `anyOf: [T, null]` as T nullable and unions of same-typed literals as that type. */
export function withoutRuntimeUnions(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutRuntimeUnions);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = withoutRuntimeUnions(value);
  if (!Array.isArray(out.anyOf)) return out;
  const branches = out.anyOf as Schema[];
  const present = branches.filter((b) => !isNull(b));
  const nullable = present.length < branches.length;
  const { anyOf: _anyOf, ...rest } = out;
  if (present.length === 1 && simple(present[0]!)) return { ...rest, ...present[0], ...(nullable ? { nullable: true } : {}) };
  const types = new Set(present.map(literalType));
  if (present.length > 0 && types.size === 1 && (types.has('string') || types.has('number'))) {
    return { ...rest, type: [...types][0], ...(nullable ? { nullable: true } : {}) };
  }
  return out;
}

/** Fastify's serializer compiler with the unions simplified (set on the root instance). */
export function responseSerializerCompiler({ schema }: { schema: unknown }) {
  return fastJsonStringify(withoutRuntimeUnions(schema) as Parameters<typeof fastJsonStringify>[0]);
}
