import { InputNumber, Select } from 'antd';
import type { FieldDef, Resource } from '@armature/domain';
import { useLocale } from '../../lib/i18n.ts';
import { numericKeysOnly } from './numeric-keys.ts';
import { ReferenceSelect } from './reference-select.tsx';
import type { ResourceItem } from './resource-endpoint.ts';
import type { PagedList } from './use-paged-list.ts';

type FilterProps = { name: string; field: FieldDef; list: PagedList<ResourceItem> };

const WIDTH = 180;

/** The filter of one field: a choice, a referenced record or an exact number; empty means all. */
function FieldFilter({ name, field, list }: FilterProps) {
  const locale = useLocale();
  const common = {
    'data-testid': `filter-${name}`,
    placeholder: field.label[locale],
    allowClear: true,
    style: { width: WIDTH },
    value: list.filters[name],
    onChange: (value?: string | null) => list.setFilter(name, value ?? undefined),
  };
  switch (field.kind) {
    case 'enum':
      return (
        <Select
          {...common}
          options={Object.entries(field.options).map(([value, label]) => ({ value, label: label[locale] }))}
        />
      );
    case 'reference':
      return <ReferenceSelect {...common} to={field.to} />;
    case 'int':
      return (
        <InputNumber<number>
          data-testid={common['data-testid']}
          placeholder={common.placeholder}
          style={common.style}
          min={field.min}
          max={field.max}
          precision={0}
          suffix={field.unit}
          value={list.filters[name] === undefined ? null : Number(list.filters[name])}
          onChange={(value) => list.setFilter(name, value === null ? undefined : String(value))}
          onKeyDown={numericKeysOnly({ decimals: false, negative: field.min < 0 })}
        />
      );
    default:
      return null;
  }
}

/** One filter per `filterable` field of the resource, addressed in the list's query and its url. */
export function ResourceFilters({ resource, list }: { resource: Resource; list: PagedList<ResourceItem> }) {
  return resource.filterable.map((name) => {
    const field = resource.fields[name];
    return field && <FieldFilter key={name} name={name} field={field} list={list} />;
  });
}
