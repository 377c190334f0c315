import { useDeferredValue, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { bomQueries } from './bom.queries.ts';

/**
 * Chooses a part of the library by code or name: the server searches (the library holds thousands),
 * the first matches are offered.
 */
export function PartPicker(props: Omit<SelectProps<string>, 'options' | 'showSearch'>) {
  const [keyword, setKeyword] = useState('');
  const search = useDeferredValue(keyword);
  const parts = useQuery(bomQueries.partSearch(search));
  return (
    <Select<string>
      {...props}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={parts.isFetching}
      options={parts.data?.items.map((part) => ({
        value: part.id,
        label: `${String(part.code)} ${String(part.name)}`,
      }))}
    />
  );
}
