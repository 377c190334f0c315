import type { TableColumnType } from 'antd';
import type { Locale } from '@armature/domain';
import type { ListColumn } from './export-columns.ts';
import { formatKg } from '../../lib/number-format.ts';

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
