// The status envelope every API answer carries (spec §3 "Paged responses", §8).
import Type, { type Static } from 'typebox';

export const StatusSchema = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
  description: Type.String(),
});
export type Status = Static<typeof StatusSchema>;

export const PagedStatusSchema = Type.Object({
  ...StatusSchema.properties,
  totalResults: Type.Integer({ minimum: 0 }),
  totalPages: Type.Integer({ minimum: 0 }),
});

export const OK_STATUS: Status = { code: 200, message: 'OK', description: 'OK' };

export function pageCount(totalResults: number, size: number): number {
  return Math.ceil(totalResults / size);
}
