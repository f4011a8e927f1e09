// A write may send back what the server answered (spec §7: a PUT's body "is the request"), and
// refuses any other field (docs/architecture.md, "No silent ignores"). So every field of an answer
// must be named in the write schema, as writable or as an echo the server ignores: a field added
// to an answer and forgotten here would make every save of the SPA answer 400.
import { describe, expect, it } from 'vitest';
import { StaffWriteSchema } from '#shared/api/back-office.ts';
import { RequestSchema, RequestUpdateSchema, RequestWriteSchema } from '#shared/api/requests.ts';
import { InitiativeSchema, NotificationContactSchema, StateOfRequestSchema, SuapSchema, TypeOfServiceSchema, UserSchema } from '#shared/domain.ts';

type ObjectSchema = { properties: Record<string, unknown>; additionalProperties?: unknown };
const keys = (schema: ObjectSchema) => Object.keys(schema.properties).sort();
/** The object schema inside an Optional / Nullable wrapper. */
function objectOf(schema: unknown): ObjectSchema {
  const candidate = schema as ObjectSchema & { anyOf?: unknown[] };
  if (candidate.properties) return candidate;
  const inner = candidate.anyOf?.find((option) => (option as ObjectSchema).properties);
  if (!inner) throw new Error('not an object schema');
  return inner as ObjectSchema;
}

describe('write schemas and the answers they echo', () => {
  it('name every field of a request answer, and refuse any other', () => {
    for (const write of [RequestWriteSchema, RequestUpdateSchema] as ObjectSchema[]) {
      expect(keys(write)).toEqual(expect.arrayContaining(keys(RequestSchema as ObjectSchema)));
      expect(write.additionalProperties).toBe(false);
    }
  });

  it('name every field of the objects a request answer carries whole', () => {
    const write = RequestWriteSchema.properties as Record<string, unknown>;
    for (const [field, answer] of [
      ['typeOfService', TypeOfServiceSchema],
      ['stateOfRequest', StateOfRequestSchema],
      ['suap', SuapSchema],
      ['iniziative', InitiativeSchema],
      ['procedureNotification', NotificationContactSchema],
    ] as const) {
      const echoed = objectOf(write[field]);
      expect(keys(echoed), field).toEqual(keys(answer as ObjectSchema));
      expect(echoed.additionalProperties, field).toBe(false);
    }
  });

  it('name every field of a staff member’s answer', () => {
    expect(keys(StaffWriteSchema as ObjectSchema)).toEqual(keys(UserSchema as ObjectSchema));
    expect((StaffWriteSchema as ObjectSchema).additionalProperties).toBe(false);
  });
});
