// The status envelope every API answer carries (spec §3 "Paged responses", §8).
import Type, { type Static } from 'typebox';
import { GENERIC_ERROR } from './constants.ts';

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
export type PagedStatus = Static<typeof PagedStatusSchema>;

export const OK_STATUS: Status = { code: 200, message: 'OK', description: 'OK' };

/** Fills what an answer lacks with the spec's "Generic Error" defaults (spec §8). */
export function withStatusDefaults(partial: Partial<Status> | undefined | null): Status {
  return {
    code: typeof partial?.code === 'number' ? partial.code : GENERIC_ERROR.code,
    message: partial?.message || GENERIC_ERROR.message,
    description: partial?.description || GENERIC_ERROR.description,
  };
}

export function pageCount(totalResults: number, size: number): number {
  return Math.ceil(totalResults / size);
}
