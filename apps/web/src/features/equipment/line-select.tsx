import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { productResource } from '@armature/domain';
import { resourceQueries } from '../../components/resource/resource.queries.ts';
import { resourceCrud } from '../../components/resource/resource-endpoint.ts';

/**
 * The processing lines (products) a machine can be installed on: those of `clientId`, or every line the
 * user sees while no client is chosen (a filter). Shares the cache of every product select.
 */
export function LineSelect({ clientId, ...props }: SelectProps<string> & { clientId: string | null | undefined }) {
  const lines = useQuery({
    ...resourceQueries.all(resourceCrud(productResource).all),
    select: (products) =>
      products
        .filter((product) => !clientId || product.clientId === clientId)
        .map((product) => ({ value: product.id, label: `${product.name} (${product.code})` })),
  });
  return (
    <Select<string>
      showSearch={{ optionFilterProp: 'label' }}
      loading={lines.isLoading}
      options={lines.data}
      {...props}
    />
  );
}
