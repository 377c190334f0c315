import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { resourceByName } from '@armature/domain';
import { resourceQueries } from './resource.queries.ts';
import { resourceCrud } from './resource-endpoint.ts';

/**
 * The records of resource `to` as select options (`GET /<path>/all`, every record the user may see),
 * labelled by its display field. Cached under the target's path, so writing to it refreshes them.
 */
export function useReferenceOptions(to: string) {
  const target = resourceByName(to);
  return useQuery({
    ...resourceQueries.all(resourceCrud(target).all),
    select: (items) => items.map((item) => ({ value: item.id, label: String(item[target.displayField] ?? item.id) })),
  });
}

/** A searchable select of the records of resource `to`. */
export function ReferenceSelect({ to, ...props }: SelectProps<string> & { to: string }) {
  const options = useReferenceOptions(to);
  return (
    <Select<string>
      showSearch={{ optionFilterProp: 'label' }}
      loading={options.isLoading}
      options={options.data}
      {...props}
    />
  );
}
