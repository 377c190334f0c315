import { useQuery } from '@tanstack/react-query';
import { AutoComplete, type AutoCompleteProps } from 'antd';
import { EQUIPMENT_ENDPOINTS } from '@armature/domain';
import { api } from '../../lib/api-client.ts';

/** The largest page the API answers: every machine, to collect their models. */
const ALL_MACHINES = 999;

/**
 * An equipment model typed or chosen among the models (`spec`) of the machines the user may read; a
 * user who may not read machines types it.
 */
export function EquipmentModelInput(props: Omit<AutoCompleteProps, 'options'>) {
  const models = useQuery({
    queryKey: ['equipment', 'models'] as const,
    queryFn: async ({ signal }) => {
      const page = await api.call(EQUIPMENT_ENDPOINTS.list, {
        params: {},
        query: { maxResultCount: ALL_MACHINES },
        signal,
      });
      return [...new Set(page.items.map((machine) => machine.spec).filter(Boolean))].sort();
    },
    retry: false,
    meta: { silent: true },
  });
  return (
    <AutoComplete
      {...props}
      options={models.data?.map((model) => ({ value: model }))}
      showSearch={{
        filterOption: (input, option) =>
          String(option?.value ?? '')
            .toLowerCase()
            .includes(input.toLowerCase()),
      }}
    />
  );
}
