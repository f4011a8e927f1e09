// Paging, sorting and filtering shared by every list call (spec §3 "List state", §7, §9).
import Type, { type TProperties } from 'typebox';
import { FIRST_PAGE, LANGUAGES, MAX_PAGE_SIZE, SearchBar } from '../constants.ts';
import { Patterns } from '../patterns.ts';

export type SortDirection = 'asc' | 'desc';
export interface Sort<F extends string = string> {
  field: F;
  type: SortDirection;
}

/**
 * Query schema of a list call. Sorting comes either as `sort=field;direction` (back-office style) or
 * as `sortField` + `sortType` together (front-office style); both name only the given fields.
 */
export function listQuerySchema<const F extends readonly string[], P extends TProperties>(sortFields: F, filterMinLength: number, extra: P) {
  const fields = sortFields.join('|');
  return Type.Object(
    {
      page: Type.Optional(Type.Integer({ minimum: FIRST_PAGE, maximum: 1_000_000 })),
      size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
      sort: Type.Optional(Type.String({ pattern: `^(${fields});(asc|desc)$` })),
      sortField: Type.Optional(Type.Enum(sortFields)),
      sortType: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
      filter: Type.Optional(
        Type.String({
          minLength: filterMinLength,
          maxLength: SearchBar.maxLength,
          pattern: Patterns.searchBar.source,
        }),
      ),
      lang: Type.Optional(Type.Enum(LANGUAGES)),
      ...extra,
    },
    { additionalProperties: false },
  );
}

export interface RawListQuery {
  page?: number;
  size?: number;
  sort?: string;
  sortField?: string;
  sortType?: SortDirection;
  filter?: string;
}

export interface ListQuery<F extends string = string> {
  page: number;
  size: number;
  sort: Sort<F>;
  filter: string | null;
}

export class ListQueryError extends Error {
  readonly parameter: string;
  constructor(parameter: string, message: string) {
    super(message);
    this.parameter = parameter;
  }
}

/** Applies the spec's defaults; throws ListQueryError when sortField and sortType are not together. */
export function resolveListQuery<F extends string>(raw: RawListQuery, defaults: { size: number; sort: Sort<F> }): ListQuery<F> {
  if ((raw.sortField === undefined) !== (raw.sortType === undefined)) {
    const missing = raw.sortField === undefined ? 'sortField' : 'sortType';
    throw new ListQueryError(missing, `${missing} is required together with ${missing === 'sortField' ? 'sortType' : 'sortField'}`);
  }
  let sort = defaults.sort;
  if (raw.sort) {
    const [field, type] = raw.sort.split(';') as [F, SortDirection];
    sort = { field, type };
  } else if (raw.sortField && raw.sortType) {
    sort = { field: raw.sortField as F, type: raw.sortType };
  }
  return {
    page: raw.page ?? FIRST_PAGE,
    size: raw.size ?? defaults.size,
    sort,
    filter: raw.filter?.trim() ? raw.filter.trim() : null,
  };
}

/** Query parameters the client sends for a list (spec §7: sortField and sortType only together). */
export function listQueryParams(query: ListQuery, sortStyle: 'fields' | 'combined'): Record<string, string | number> {
  const params: Record<string, string | number> = { page: query.page, size: query.size };
  if (query.filter) params.filter = query.filter;
  if (sortStyle === 'combined') params.sort = `${query.sort.field};${query.sort.type}`;
  else Object.assign(params, { sortField: query.sort.field, sortType: query.sort.type });
  return params;
}
