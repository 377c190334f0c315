import type { TableColumnType } from 'antd';
import type { Locale, Resource } from '@armature/domain';
import type { ListColumn } from './export-columns.ts';
import { formatDateTime } from './date-time.ts';
import { FieldCell } from './field-cell.tsx';
import { fieldTitle, fieldValue, shownProperty } from './field-values.ts';
import type { ResourceItem } from './resource-endpoint.ts';
import { CREATION_TIME } from './resource-view-config.ts';

type ColumnOptions = {
  resource: Resource;
  /** Field names (and `creationTime`) in display order. */
  names: readonly string[];
  locale: Locale;
  /** Title of the creation time column (a generic word, not a field of the definition). */
  creationTimeTitle: string;
  /** Joins list values (stock lengths). */
  separator: string;
  /** Column props sorting on the server by a field (`usePagedList().sortable`). */
  sortable: (field: string) => TableColumnType<ResourceItem>;
};

/**
 * The list columns of a resource from its definition: titles in the interface language with the unit,
 * numbers right-aligned, choices as tags, references by their target's display text; every field
 * the server sorts by sorts. Each column keeps its field name as `key` (the column chooser's handle).
 */
export function resourceColumns({
  resource,
  names,
  locale,
  creationTimeTitle,
  separator,
  sortable,
}: ColumnOptions): ListColumn<ResourceItem>[] {
  const sorts = (name: string) => (resource.sortable.includes(name) ? sortable(name) : {});
  return names.flatMap((name): ListColumn<ResourceItem>[] => {
    if (name === CREATION_TIME)
      return [
        {
          key: name,
          title: creationTimeTitle,
          dataIndex: name,
          ...sorts(name),
          render: formatDateTime,
          exportValue: (item) => formatDateTime(item.creationTime),
        },
      ];
    const field = resource.fields[name];
    if (!field) return [];
    const numeric = field.kind === 'int' || field.kind === 'decimal';
    return [
      {
        key: name,
        title: fieldTitle(field, locale),
        dataIndex: shownProperty(name, field),
        align: numeric ? 'end' : undefined,
        ...sorts(name),
        render: (_value, item) => <FieldCell record={item} name={name} field={field} separator={separator} />,
        exportValue: (item) => fieldValue(item, name, field, locale, separator),
      },
    ];
  });
}
