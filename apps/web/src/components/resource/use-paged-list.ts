import { useEffect, useState, type Key } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TableProps } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PagedResult } from '@armature/domain';
import type { Query } from '../../lib/api-client.ts';
import { fetchAllRows, resourceQueries, type ReadEndpoint } from './resource.queries.ts';
import { useAddressParams } from '../../lib/address-params.ts';

/** The largest page size means "all rows". */
const ALL_ROWS = PAGE_SIZES[PAGE_SIZES.length - 1];

type Sort = { field: string; order: Exclude<SortOrder, null> };

const PARAMS = ['page', 'size', 'sort', 'q'] as const;

export type PagedListOptions = {
  /**
   * Keeps this list's state under `<scope>.` in the address (`?log.page=2&log.direction=out`), so a
   * second list on the same page (a tab) does not share the first one's. Unscoped lists ignore dotted names.
   */
  scope?: string;
  /** The sorting shown and asked for while the address has none (`time desc`). */
  defaultSort?: string;
};

function toSorting(sort: Sort | undefined): string | undefined {
  return sort && `${sort.field} ${sort.order === 'descend' ? 'desc' : 'asc'}`;
}

function fromSorting(sorting: string | null): Sort | undefined {
  const [field, direction] = sorting?.split(' ') ?? [];
  return field ? { field, order: direction === 'desc' ? 'descend' : 'ascend' } : undefined;
}

/** The address parameters of one list, without its scope's prefix (see `PagedListOptions.scope`). */
export function ownParams(params: URLSearchParams, scope?: string): [string, string][] {
  const prefix = scope === undefined ? '' : `${scope}.`;
  return [...params].flatMap(([name, value]): [string, string][] => {
    if (prefix) return name.startsWith(prefix) ? [[name.slice(prefix.length), value]] : [];
    return name.includes('.') ? [] : [[name, value]];
  });
}

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * The state and data of one server-paged list (`GET <resource>?skipCount&maxResultCount&sorting&filter&…`
 * answering `{ items, totalCount }`): paging, sorting, keyword, extra filters and row selection, with
 * the props to spread on an antd Table. Any change but paging goes back to page 1 and clears the selection.
 *
 * The state lives in the address (`?page=2&size=50&sort=name+desc&q=…&status=…`), so a reload, a shared
 * link or the way back from an edit page shows the same rows.
 */
export function usePagedList<T extends { id: string }, P extends PagedResult<T> = PagedResult<T>>(
  source: ReadEndpoint<P>,
  { scope, defaultSort }: PagedListOptions = {},
) {
  const { t } = useTranslation('resource');
  const [params, changeParams] = useAddressParams();
  const [selectedRowKeys, setSelectedRowKeys] = useState<Key[]>([]);
  const prefix = scope === undefined ? '' : `${scope}.`;
  const own = ownParams(params, scope);
  const param = (name: string) => own.find(([key]) => key === name)?.[1] ?? null;
  const page = pageOf(param('page'));
  const size = Number(param('size'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
  const sort = fromSorting(param('sort') ?? defaultSort ?? null);
  const keyword = param('q') ?? '';
  const filters = Object.fromEntries(own.filter(([name]) => !(PARAMS as readonly string[]).includes(name))) as Record<
    string,
    string | undefined
  >;

  /** Sets (or, with undefined or '', removes) address parameters; any change but paging restarts at page 1. */
  const writeParams = (changes: Record<string, string | number | undefined>) =>
    changeParams(
      (next) => {
        if (!('page' in changes)) next.delete(`${prefix}page`);
        for (const [name, value] of Object.entries(changes)) {
          if (value === undefined || value === '' || (name === 'page' && value === 1)) next.delete(prefix + name);
          else next.set(prefix + name, String(value));
        }
      },
      { replace: true },
    );
  const update = (changes: Record<string, string | number | undefined>) => {
    writeParams(changes);
    setSelectedRowKeys([]);
  };

  const query: Query = {
    skipCount: (page - 1) * pageSize,
    maxResultCount: pageSize,
    sorting: toSorting(sort),
    filter: keyword.trim(),
    ...filters,
  };
  const result = useQuery({ ...resourceQueries.list(source, query), placeholderData: keepPreviousData });
  const items = result.data?.items ?? [];
  const total = result.data?.totalCount ?? 0;

  // After deleting the last rows of the last page, show the page that now is the last.
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const beyondLastPage = result.isSuccess && !result.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (beyondLastPage) writeParams({ page: lastPage });
  });

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const next = Array.isArray(sorter) ? sorter[0] : sorter;
      const field = next?.columnKey === undefined ? undefined : String(next.columnKey);
      update({ sort: next?.order && field ? toSorting({ field, order: next.order }) : undefined });
    } else if (extra.action === 'paginate') {
      const size = pagination.pageSize ?? pageSize;
      update({ size: size === DEFAULT_PAGE_SIZE ? undefined : size, page: size === pageSize ? pagination.current : 1 });
    }
  };

  const tableProps = {
    rowKey: 'id',
    dataSource: items,
    loading: result.isFetching,
    onChange,
    pagination: {
      current: page,
      pageSize,
      total,
      showSizeChanger: {
        showSearch: false,
        options: PAGE_SIZES.map((size) => ({
          value: size,
          label: size === ALL_ROWS ? t('list.allRows') : t('list.pageSize', { count: size }),
        })),
      },
      pageSizeOptions: [...PAGE_SIZES],
      showTotal: (count: number) => t('list.total', { count }),
    },
  } satisfies TableProps<T>;

  return {
    tableProps,
    items,
    total,
    /** The whole answer of the current page (a list may answer more than `items`, such as totals). */
    data: result.data,
    /** Column props making a column sort on the server by `field`, its arrow following the state. */
    sortable: (field: string) => ({
      key: field,
      sorter: true,
      sortOrder: sort?.field === field ? sort.order : null,
    }),
    keyword,
    search: (value: string) => update({ q: value.trim() }),
    filters,
    setFilter: (name: string, value: string | undefined) => update({ [name]: value }),
    /** Several filters at once (a date range's two ends), in one address change. */
    setFilters: (changes: Record<string, string | undefined>) => update(changes),
    /** Every row matching the current keyword, filters and sorting (for an export), page by page. */
    fetchAll: () => fetchAllRows<T>(source, query),
    /** Row selection props for the table. */
    selection: { selectedRowKeys, onChange: (keys: Key[]) => setSelectedRowKeys(keys) },
    selectedRows: items.filter((item) => selectedRowKeys.includes(item.id)),
    clearSelection: () => setSelectedRowKeys([]),
  };
}

export type PagedList<T extends { id: string }, P extends PagedResult<T> = PagedResult<T>> = ReturnType<
  typeof usePagedList<T, P>
>;
