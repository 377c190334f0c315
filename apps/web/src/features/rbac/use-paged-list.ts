import { useState, type Key } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TableProps } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PagedResult } from '@armature/domain';
import { api, type Query } from '../../lib/api-client.ts';

/** Spec §9: the largest page size means "all rows". */
const ALL_ROWS = PAGE_SIZES[PAGE_SIZES.length - 1];

type Sort = { field: string; order: Exclude<SortOrder, null> };
type Filters = Record<string, string | undefined>;

function toSorting(sort: Sort | undefined): string | undefined {
  return sort && `${sort.field} ${sort.order === 'descend' ? 'desc' : 'asc'}`;
}

/**
 * The state and data of one server-paged list (`GET <resource>?skipCount&maxResultCount&sorting&filter&…`
 * answering `{ items, totalCount }`): paging, sorting, keyword, extra filters and row selection, with
 * the props to spread on an antd Table. Any change but paging goes back to page 1 and clears the selection.
 */
export function usePagedList<T extends { id: string }>(resource: string) {
  const { t } = useTranslation('rbac');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<Sort>();
  const [keyword, setKeyword] = useState('');
  const [filters, setFilters] = useState<Filters>({});
  const [selectedRowKeys, setSelectedRowKeys] = useState<Key[]>([]);

  const query: Query = {
    skipCount: (page - 1) * pageSize,
    maxResultCount: pageSize,
    sorting: toSorting(sort),
    filter: keyword.trim(),
    ...filters,
  };
  const result = useQuery({
    queryKey: [resource, 'list', query],
    queryFn: ({ signal }) => api.get<PagedResult<T>>(resource, query, { signal }),
    placeholderData: keepPreviousData,
  });
  const items = result.data?.items ?? [];
  const total = result.data?.totalCount ?? 0;

  // After deleting the last rows of the last page, show the page that now is the last (state adjusted
  // while rendering, as React recommends over an effect).
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  if (result.isSuccess && !result.isPlaceholderData && page > lastPage) setPage(lastPage);

  const restart = () => {
    setPage(1);
    setSelectedRowKeys([]);
  };

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const next = Array.isArray(sorter) ? sorter[0] : sorter;
      setSort(
        next?.order && next.columnKey !== undefined ? { field: String(next.columnKey), order: next.order } : undefined,
      );
      restart();
    } else if (extra.action === 'paginate') {
      const nextSize = pagination.pageSize ?? pageSize;
      setSelectedRowKeys([]);
      setPageSize(nextSize);
      setPage(nextSize === pageSize ? (pagination.current ?? 1) : 1);
    }
  };

  const tableProps = {
    rowKey: 'id',
    dataSource: items,
    loading: result.isFetching,
    onChange,
    rowSelection: { selectedRowKeys, onChange: (keys: Key[]) => setSelectedRowKeys(keys) },
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
    /** Column props making a column sort on the server by `field`, its arrow following the state. */
    sortable: (field: string) => ({
      key: field,
      sorter: true,
      sortOrder: sort?.field === field ? sort.order : null,
    }),
    keyword,
    search: (value: string) => {
      setKeyword(value);
      restart();
    },
    filters,
    setFilter: (name: string, value: string | undefined) => {
      setFilters((current) => ({ ...current, [name]: value }));
      restart();
    },
    selectedRows: items.filter((item) => selectedRowKeys.includes(item.id)),
    clearSelection: () => setSelectedRowKeys([]),
  };
}

export type PagedList<T extends { id: string }> = ReturnType<typeof usePagedList<T>>;
