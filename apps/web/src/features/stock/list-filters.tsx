import { Input } from 'antd';
import type { TableColumnType } from 'antd';
import type { Locale } from '@armature/domain';
import type { ListColumn } from '../../components/resource/export-columns.ts';
import { ReferenceSelect } from '../../components/resource/reference-select.tsx';
import { formatKg } from './stock-format.ts';

/** The width of every filter above the stock lists, so their rows line up. */
export const FILTER_WIDTH = 160;

/** What a filter needs of a list (`usePagedList`): its filters, kept in the page address. */
type FilteredList = {
  filters: Record<string, string | undefined>;
  setFilter: (name: string, value: string | undefined) => void;
};

/** A text filter (a substring match on the server), applied on Enter or its search button. */
export function TextFilter({ list, name, placeholder }: { list: FilteredList; name: string; placeholder: string }) {
  return (
    <Input.Search
      // Re-mounted when the address changes it (back button, a cleared filter), as it is uncontrolled.
      key={`${name}:${list.filters[name] ?? ''}`}
      data-testid={`filter-${name}`}
      placeholder={placeholder}
      allowClear
      defaultValue={list.filters[name]}
      onSearch={(value) => list.setFilter(name, value.trim() || undefined)}
      style={{ width: FILTER_WIDTH }}
    />
  );
}

/** The rebar-spec filter (`rebarId`). */
export function SpecFilter({ list, placeholder }: { list: FilteredList; placeholder: string }) {
  return (
    <ReferenceSelect
      to="rebar"
      data-testid="filter-rebarId"
      placeholder={placeholder}
      allowClear
      style={{ width: FILTER_WIDTH }}
      value={list.filters.rebarId}
      onChange={(value?: string | null) => list.setFilter('rebarId', value ?? undefined)}
    />
  );
}

/** A weight column in kilograms (three decimals, the user's number format), sortable when `sortable` is given. */
export function weightColumn<T extends { weight: number }>(
  title: string,
  locale: Locale,
  sortable?: TableColumnType<T>,
): ListColumn<T> {
  return {
    key: 'weight',
    title,
    dataIndex: 'weight',
    align: 'end',
    ...sortable,
    render: (weight: number) => formatKg(weight, locale),
  };
}
