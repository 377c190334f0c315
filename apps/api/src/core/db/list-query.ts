import { and, asc, desc, ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { ListQuery } from '@armature/domain';
import { invalidFields } from '../http/app-error.ts';

/** How a paged endpoint searches and sorts; shared by every list so the contract stays uniform. */
export type ListSpec = {
  /** Columns the `filter` keyword is matched against (case-insensitive substring). */
  searchable: readonly (AnyColumn | SQL)[];
  /** Public field name → column, the only names `sorting` accepts. */
  sortable: Readonly<Record<string, AnyColumn | SQL>>;
  /** Order when `sorting` is absent, and the tie-breaker after it so pages are stable. */
  defaultOrder: readonly SQL[];
};

export type ListClauses = { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number };

/** `%`, `_` and `\` in a keyword match themselves, not as LIKE wildcards. */
function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** `field` or `field asc|desc` over the whitelist; anything else is a 400 on `sorting`. */
export function orderOf(sorting: string | undefined, spec: ListSpec): SQL[] {
  if (!sorting) return [...spec.defaultOrder];
  const match = /^(\w+)(?:\s+(asc|desc))?$/i.exec(sorting.trim());
  // Own keys only: `__proto__`, `constructor` or `toString` are no column of any resource.
  const column = match?.[1] && Object.hasOwn(spec.sortable, match[1]) ? spec.sortable[match[1]] : undefined;
  if (!match || !column) throw invalidFields({ sorting: ['invalid'] });
  const direction = match[2]?.toLowerCase() === 'desc' ? desc : asc;
  return [direction(column), ...spec.defaultOrder];
}

export function keywordCondition(filter: string | undefined, searchable: ListSpec['searchable']): SQL | undefined {
  if (!filter) return undefined;
  const pattern = likePattern(filter);
  return or(...searchable.map((column) => ilike(column, pattern)));
}

/** WHERE (keyword ∧ the endpoint's own conditions), ORDER BY, LIMIT and OFFSET of one page. */
export function listClauses(
  query: ListQuery,
  spec: ListSpec,
  conditions: readonly (SQL | undefined)[] = [],
): ListClauses {
  return {
    where: and(keywordCondition(query.filter, spec.searchable), ...conditions),
    orderBy: orderOf(query.sorting, spec),
    limit: query.maxResultCount,
    offset: query.skipCount,
  };
}

/**
 * One page and the total of a list: `rows` selects the item columns, `total` selects `{ value: count() }`,
 * both from the same tables (built with `.$dynamic()`); the clauses apply to both.
 */
export async function fetchPage<TRows extends PgSelect, TCount extends PgSelect>(
  rows: TRows,
  total: TCount,
  clauses: ListClauses,
) {
  const [items, counted] = await Promise.all([
    rows
      .where(clauses.where)
      .orderBy(...clauses.orderBy)
      .limit(clauses.limit)
      .offset(clauses.offset),
    total.where(clauses.where),
  ]);
  const [first] = counted as { value: number }[];
  return { items: items as Awaited<TRows>, totalCount: Number(first?.value ?? 0) };
}
