import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Flex, Modal, Select, Table, Tag } from 'antd';
import type { BomCompare, DesignBom } from '@armature/domain';
import { useLocale } from '../../lib/i18n.ts';
import { formatNumber } from '../../lib/number-format.ts';
import { versionLabel } from './bom-tags.tsx';
import { bomQueries } from './bom.queries.ts';

const CHANGE_COLORS = { added: 'green', removed: 'red', changed: 'orange', same: 'default' } as const;
type Row = BomCompare['rows'][number];

/** This version beside another (of this BOM or another one): added, removed and changed quantities by part path. */
export function CompareDialog({ bom, onClose }: { bom: DesignBom; onClose: () => void }) {
  const { t } = useTranslation('bom');
  const locale = useLocale();
  const boms = useQuery(bomQueries.designBoms());
  const [right, setRight] = useState<string>();
  const compare = useQuery(bomQueries.compare(bom.id, right));
  const quantity = (value: number | null) => (value === null ? '' : formatNumber(value, locale));
  const summary = compare.data?.summary;
  return (
    <Modal
      open
      width="min(960px, 100vw)"
      title={t('compare.title', { code: versionLabel(bom) })}
      footer={null}
      onCancel={onClose}
    >
      <Flex vertical gap="middle">
        <Select<string>
          data-testid="compare-with"
          placeholder={t('compare.pick')}
          showSearch={{ optionFilterProp: 'label' }}
          value={right}
          onChange={setRight}
          loading={boms.isLoading}
          options={boms.data
            ?.filter((other) => other.id !== bom.id)
            .map((other) => ({ value: other.id, label: `${versionLabel(other)} ${other.name}` }))}
        />
        {summary && (
          <Flex gap="small" wrap data-testid="compare-summary">
            <Tag color={CHANGE_COLORS.added}>{t('compare.added', { count: summary.added })}</Tag>
            <Tag color={CHANGE_COLORS.removed}>{t('compare.removed', { count: summary.removed })}</Tag>
            <Tag color={CHANGE_COLORS.changed}>{t('compare.changed', { count: summary.changed })}</Tag>
          </Flex>
        )}
        {right && (
          <Table<Row>
            data-testid="compare-table"
            size="small"
            loading={compare.isFetching}
            rowKey={(row) => row.path.join('/')}
            scroll={{ x: 'max-content', y: 480 }}
            pagination={false}
            dataSource={compare.data?.rows}
            columns={[
              { title: t('compare.path'), dataIndex: 'path', render: (path: string[]) => path.join(' › ') },
              {
                title: t('fields.part'),
                dataIndex: 'partName',
                render: (_value, row) => `${row.partCode} ${row.partName}`,
              },
              {
                title: compare.data ? versionLabel(compare.data.left) : '',
                dataIndex: 'leftQuantity',
                align: 'end',
                render: quantity,
              },
              {
                title: compare.data ? versionLabel(compare.data.right) : '',
                dataIndex: 'rightQuantity',
                align: 'end',
                render: quantity,
              },
              {
                title: t('compare.change'),
                dataIndex: 'change',
                render: (change: Row['change']) => (
                  <Tag color={CHANGE_COLORS[change]}>{t(`compare.changes.${change}`)}</Tag>
                ),
              },
            ]}
          />
        )}
      </Flex>
    </Modal>
  );
}
