import type { TFunction } from 'i18next';
import { Flex, type TableColumnType } from 'antd';
import { SupersededTag } from '../../components/superseded-tag.tsx';
import type { Bundle, Locale } from '@armature/domain';
import { formatKg, wholeNumbers } from '../../lib/number-format.ts';

/** A bundle as the picker and a note's detail list it: order, mark, spec, length, i/N, pieces, weight. */
export function bundleColumns(t: TFunction<'delivery'>, locale: Locale): TableColumnType<Bundle>[] {
  return [
    { key: 'orderCode', title: t('fields.orderCode'), dataIndex: 'orderCode' },
    {
      key: 'mark',
      title: t('fields.mark'),
      render: (_value, bundle) =>
        bundle.supersededAt === null ? (
          bundle.mark
        ) : (
          <Flex gap={4} wrap>
            {bundle.mark}
            <SupersededTag testId={`bundle-superseded-${bundle.code}`} />
          </Flex>
        ),
    },
    { key: 'spec', title: t('fields.spec'), dataIndex: 'spec' },
    { key: 'length', title: t('fields.length'), dataIndex: 'length', align: 'end', render: wholeNumbers(locale) },
    {
      key: 'bundle',
      title: t('fields.bundle'),
      align: 'end',
      render: (_value, bundle) => `${bundle.number}/${bundle.count}`,
    },
    { key: 'pieces', title: t('fields.pieces'), dataIndex: 'pieces', align: 'end', render: wholeNumbers(locale) },
    {
      key: 'weight',
      title: t('fields.weight'),
      dataIndex: 'weight',
      align: 'end',
      render: (weight: number) => formatKg(weight, locale),
    },
  ];
}

/** How a picked bundle is named: `A1 2/3` (its mark and bundle number). */
export const bundleLabel = (bundle: Pick<Bundle, 'mark' | 'number' | 'count'>) =>
  `${bundle.mark} ${bundle.number}/${bundle.count}`;
