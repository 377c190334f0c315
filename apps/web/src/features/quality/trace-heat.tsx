import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Flex, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { DELIVERY_PERMISSIONS, machineLabel, pageUrlOf, type ForwardTrace } from '@armature/domain';
import { usePageButtons } from '../../components/page-access.ts';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { qualityMutations } from './quality.queries.ts';
import { TracedReceipts } from './trace-receipts.tsx';

const DELIVERY_DETAIL = `${pageUrlOf(DELIVERY_PERMISSIONS.read)}/detail`;

type TracedBundle = ForwardTrace['bundles'][number];

/** The recall list of a heat: its receipts, then every bundle made of it and where it went. */
export function HeatTrace({ trace }: { trace: ForwardTrace }) {
  const { t } = useTranslation('quality');
  const canExport = usePageButtons().has('export');
  const exportFile = useMutation(qualityMutations.exportHeat());
  return (
    <Flex vertical gap="middle">
      <Card size="small" title={t('trace.receipts')}>
        <TracedReceipts receipts={trace.receipts} />
      </Card>
      <Card
        size="small"
        title={`${t('trace.recall')} · ${t('trace.bundles', { count: trace.bundles.length })}`}
        extra={
          canExport && (
            <Button
              data-testid="trace-export"
              icon={<DownloadOutlined />}
              loading={exportFile.isPending}
              onClick={() => exportFile.mutate(trace.heatNo)}
            >
              {t('actions.export', { ns: 'resource' })}
            </Button>
          )
        }
      >
        <Table<TracedBundle>
          data-testid="trace-bundles"
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={trace.bundles}
          onRow={(bundle) => ({ 'data-testid': `bundle-${bundle.scanId}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            { title: t('trace.fields.mark'), dataIndex: 'mark', fixed: 'start' },
            { title: t('trace.fields.spec'), dataIndex: 'rebarName' },
            { title: t('trace.fields.length'), dataIndex: 'length', align: 'end' },
            { title: t('trace.fields.pieces'), dataIndex: 'pieces', align: 'end' },
            { title: t('trace.fields.order'), dataIndex: 'orderCode' },
            { title: t('trace.fields.project'), dataIndex: 'project' },
            { title: t('trace.fields.task'), dataIndex: 'taskCode' },
            {
              title: t('trace.fields.machine'),
              key: 'machine',
              render: (_v, bundle) => machineLabel({ name: bundle.equipmentName, serialNumber: bundle.serialNumber }),
            },
            {
              title: t('trace.fields.finished'),
              dataIndex: 'finishedAt',
              render: (time: string | null) => (time ? formatDateTime(time) : '—'),
            },
            {
              title: t('trace.fields.delivery'),
              dataIndex: 'delivery',
              render: (delivery: TracedBundle['delivery']) =>
                delivery ? (
                  <>
                    <Link to={`${DELIVERY_DETAIL}/${delivery.id}`}>{delivery.code}</Link>
                    {` · ${delivery.site} · ${formatDateTime(delivery.deliveredAt)}`}
                  </>
                ) : (
                  t('trace.inStock')
                ),
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
