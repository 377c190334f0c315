import { DatePicker, Input, Select } from 'antd';
import { dayRange, pickerRange } from '../lib/date-range.ts';
import { ReferenceSelect } from './resource/reference-select.tsx';

/** The width of every filter above a list, so their rows line up. */
export const FILTER_WIDTH = 160;

/** What a filter needs of a list (`usePagedList`): its filters, kept in the page address. */
type FilteredList = {
  filters: Record<string, string | undefined>;
  setFilter: (name: string, value: string | undefined) => void;
  setFilters: (changes: Record<string, string | undefined>) => void;
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

/**
 * A filter on a reference (`{name}` = a record id of resource `to`, such as `clientId` → client).
 * `clears` names filters that depend on it (a client's lines), emptied when it changes.
 */
export function ReferenceFilter({
  list,
  name,
  to,
  placeholder,
  clears = [],
}: {
  list: FilteredList;
  name: string;
  to: string;
  placeholder: string;
  clears?: readonly string[];
}) {
  return (
    <ReferenceSelect
      to={to}
      data-testid={`filter-${name}`}
      placeholder={placeholder}
      allowClear
      style={{ width: FILTER_WIDTH }}
      value={list.filters[name]}
      onChange={(value?: string | null) =>
        list.setFilters({
          [name]: value ?? undefined,
          ...Object.fromEntries(clears.map((other) => [other, undefined])),
        })
      }
    />
  );
}

/** The rebar-spec filter (`rebarId`). */
export function SpecFilter({ list, placeholder }: { list: FilteredList; placeholder: string }) {
  return <ReferenceFilter list={list} name="rebarId" to="rebar" placeholder={placeholder} />;
}

/** A filter on one of a few values (a status, a priority), each shown by its label. */
export function ChoiceFilter<V extends string>(props: {
  list: FilteredList;
  name: string;
  placeholder: string;
  values: readonly V[];
  labelOf: (value: V) => string;
}) {
  const { list, name } = props;
  return (
    <Select
      data-testid={`filter-${name}`}
      placeholder={props.placeholder}
      allowClear
      style={{ width: FILTER_WIDTH }}
      value={list.filters[name]}
      options={props.values.map((value) => ({ value, label: props.labelOf(value) }))}
      onChange={(value?: string | null) => list.setFilter(name, value ?? undefined)}
    />
  );
}

/** A range of days on `name`: the filters `{name}From` and `{name}To` (`2026-11-01`). */
export function DayRangeFilter({
  list,
  name,
  placeholder,
}: {
  list: FilteredList;
  name: string;
  placeholder?: [string, string];
}) {
  const [from, to] = [`${name}From`, `${name}To`];
  return (
    <DatePicker.RangePicker
      data-testid={`filter-${name}`}
      placeholder={placeholder}
      value={pickerRange(list.filters[from], list.filters[to])}
      style={{ maxWidth: '100%' }}
      onChange={(range) => {
        const [first, last] = dayRange(range);
        list.setFilters({ [from]: first, [to]: last });
      }}
    />
  );
}
