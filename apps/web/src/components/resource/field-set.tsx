import type { ComponentProps, ReactNode } from 'react';
import type { DescriptionsProps, TableColumnType } from 'antd';
import type { ExportValue, ListColumn } from './export-columns.ts';
import { formatDateTime } from './date-time.ts';
import { ChoiceFilter } from '../list-filters.tsx';

/** What a list column sets beyond its field: where it sits and how wide it is, on which screens it shows. */
type ColumnLayout<T> = Pick<ListColumn<T>, 'fixed' | 'width' | 'ellipsis' | 'responsive' | 'align'>;

/**
 * One field of an entity, declared once for its list column, its detail item and its exported cell.
 * Without `render` the record's `dataIndex` value shows as it is; without `exportValue` that value is
 * the exported cell (a number stays a number).
 */
export type EntityField<T> = {
  title: string;
  /** The record's property the field shows (the column's `dataIndex`). */
  dataIndex?: keyof T & string;
  /** The content of the list cell, and of the detail item unless `detail` says otherwise. */
  render?: (row: T) => ReactNode;
  /** The detail item's content where the detail shows more than the list (a unit, a test id). */
  detail?: (row: T) => ReactNode;
  exportValue?: (row: T) => ExportValue;
  /** The server sorts the list by the field's key. */
  sortable?: boolean;
  column?: ColumnLayout<T>;
  /** The detail item takes its whole row (a remark). */
  wide?: boolean;
  /** The values a list filters the field by (`FieldChoiceFilter`), with their labels. */
  choices?: { values: readonly string[]; label: (value: string) => string };
};

export type FieldSet<T, K extends string = string> = Record<K, EntityField<T>>;

/**
 * An entity's fields, keyed by the name its list sorts by: `defineFields<CutPlan>()({ code: …, status: … })`.
 * The list takes its columns (`fieldColumns`) and the detail its items (`fieldItems`) from the same set,
 * each in its own order, so a title, a tag or an exported label is written once.
 */
export const defineFields =
  <T,>() =>
  <K extends string>(fields: FieldSet<T, K>): FieldSet<T, K> =>
    fields;

/** The list columns of the named fields, in that order; a sortable field sorts on the server. */
export function fieldColumns<T, K extends string>(
  fields: FieldSet<T, K>,
  keys: readonly K[],
  sortable: (name: string) => TableColumnType<T>,
): ListColumn<T>[] {
  return keys.map((key) => fieldColumn(key, fields[key], sortable));
}

/**
 * One field's list column, for a list that declares only some of its columns as fields (a shared
 * creation time); without `sortable` the column does not sort, whatever the field says.
 */
export function fieldColumn<T>(
  key: string,
  field: EntityField<T>,
  sortable?: (name: string) => TableColumnType<T>,
): ListColumn<T> {
  const { title, dataIndex, render, exportValue, column } = field;
  return {
    key,
    title,
    ...(dataIndex && { dataIndex }),
    ...column,
    ...(field.sortable && sortable?.(key)),
    ...(render && { render: (_value: unknown, row: T) => render(row) }),
    ...(exportValue && { exportValue }),
  };
}

export type DetailItem = NonNullable<DescriptionsProps['items']>[number];

/**
 * The detail items of a record, in the given order: a field's key gives its item from the set, an item
 * written out is a detail-only one (links to the plan's orders, the settings).
 */
export function fieldItems<T, K extends string>(
  fields: FieldSet<T, K>,
  row: T,
  entries: readonly (K | DetailItem)[],
): DetailItem[] {
  return entries.map((entry) => {
    if (typeof entry !== 'string') return entry;
    const { title, dataIndex, render, detail, wide } = fields[entry];
    const show = detail ?? render;
    return {
      key: entry,
      label: title,
      children: show ? show(row) : dataIndex && (row[dataIndex] as ReactNode),
      ...(wide && { span: 'filled' as const }),
    };
  });
}

/**
 * A workflow status: its tag in the list and on the detail (where tests read it by `detail-status`),
 * its label in the export.
 */
function statusField<T extends { status: S }, S extends string = T['status']>(
  title: string,
  tag: (status: S) => ReactNode,
  label: (status: S) => string,
  values: readonly S[],
): EntityField<T> {
  return {
    title,
    choices: { values, label: (value) => label(value as S) },
    dataIndex: 'status',
    sortable: true,
    render: (row) => tag(row.status),
    detail: (row) => (
      <span data-testid="detail-status" data-status={row.status}>
        {tag(row.status)}
      </span>
    ),
    exportValue: (row) => label(row.status),
  };
}

/** The list's filter on a field with `choices`: its title as the placeholder, its values' labels as options. */
export function FieldChoiceFilter<T, K extends string>(props: {
  list: ComponentProps<typeof ChoiceFilter>['list'];
  fields: FieldSet<T, K>;
  name: K;
}) {
  const { title, choices } = props.fields[props.name];
  if (!choices) return null;
  return (
    <ChoiceFilter
      list={props.list}
      name={props.name}
      placeholder={title}
      values={choices.values}
      labelOf={choices.label}
    />
  );
}

/** A document's number: the list's first column, kept in view when the table scrolls; sorts on the server. */
function codeField<T extends { code: string }>(title: string): EntityField<T> {
  return { title, dataIndex: 'code', sortable: true, column: { fixed: 'start' } };
}

/** A document's name: cut short in the list (the detail shows it whole). */
function nameField<T extends { name: string }>(title: string, column?: ColumnLayout<T>): EntityField<T> {
  return { title, dataIndex: 'name', sortable: true, column: { ellipsis: true, ...column } };
}

/** A document's free remark: the detail gives it a whole row. */
function remarkField<T extends { remark: string | null }>(title: string, column?: ColumnLayout<T>): EntityField<T> {
  return { title, dataIndex: 'remark', wide: true, ...(column && { column }) };
}

/** When the record was made, on the plant's clock, to the minute (shown and exported alike). */
function creationTimeField<T extends { creationTime: string }>(title: string): EntityField<T> {
  return {
    title,
    dataIndex: 'creationTime',
    sortable: true,
    render: (row) => formatDateTime(row.creationTime),
    exportValue: (row) => formatDateTime(row.creationTime),
  };
}

/** Who made the record, by name. */
function creatorField<T extends { creatorName: string | null }>(
  title: string,
  column?: ColumnLayout<T>,
): EntityField<T> {
  return { title, dataIndex: 'creatorName', ...(column && { column }) };
}

/**
 * A document's common fields (its number, name, status, creator, creation time and remark), one maker
 * each, so that every area's list, detail and export titles and shows them alike:
 * `documentField.code<CutPlan>(t('fields.code'))`.
 */
export const documentField = {
  code: codeField,
  name: nameField,
  status: statusField,
  creator: creatorField,
  creationTime: creationTimeField,
  remark: remarkField,
};
