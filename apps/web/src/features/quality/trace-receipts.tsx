import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Button, Flex, Table } from 'antd';
import { FileProtectOutlined } from '@ant-design/icons';
import type { ForwardTrace } from '@armature/domain';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { INSPECTION_DETAIL, RECEIPT_DETAIL } from './inspection-links.tsx';
import { qualityMutations } from './quality.queries.ts';
import { InspectionResultTag, QualityStatusTag } from './quality-tags.tsx';

type TracedReceipt = ForwardTrace['receipts'][number];

/** Where the heat's forward view is, from the trace page itself. */
export const heatLink = (heatNo: string) => `?heat=${encodeURIComponent(heatNo)}`;

/** Receipts of traced steel: their quality status, inspections (linked) and mill certificates (opened). */
export function TracedReceipts({ receipts }: { receipts: TracedReceipt[] }) {
  const { t } = useTranslation('quality');
  const openCertificate = useMutation(qualityMutations.openCertificate());
  return (
    <Table<TracedReceipt>
      data-testid="trace-receipts"
      size="small"
      rowKey="id"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={receipts}
      columns={[
        {
          title: t('fields.receipt'),
          dataIndex: 'code',
          render: (code: string, receipt) => <Link to={`${RECEIPT_DETAIL}/${receipt.id}`}>{code}</Link>,
        },
        {
          title: t('fields.heatNo'),
          dataIndex: 'heatNo',
          render: (heatNo: string) => <Link to={heatLink(heatNo)}>{heatNo}</Link>,
        },
        { title: t('fields.rebar'), dataIndex: 'rebarName' },
        { title: t('trace.fields.supplier'), dataIndex: 'supplier' },
        { title: t('trace.fields.receiveDate'), dataIndex: 'receiveDate' },
        { title: t('trace.fields.barCount'), dataIndex: 'barCount', align: 'end' },
        {
          title: t('trace.fields.qualityStatus'),
          dataIndex: 'qualityStatus',
          render: (status: TracedReceipt['qualityStatus']) => <QualityStatusTag status={status} />,
        },
        {
          title: t('trace.inspections'),
          key: 'inspections',
          render: (_v, receipt) =>
            receipt.inspections.length === 0 ? (
              t('trace.none')
            ) : (
              <Flex vertical gap={4}>
                {receipt.inspections.map((inspection) => (
                  <span key={inspection.id}>
                    <Link to={`${INSPECTION_DETAIL}/${inspection.id}`}>{inspection.code}</Link>{' '}
                    <InspectionResultTag result={inspection.result} /> {formatDateTime(inspection.inspectedAt)}
                  </span>
                ))}
              </Flex>
            ),
        },
        {
          title: t('trace.certificates'),
          key: 'certificates',
          render: (_v, receipt) =>
            receipt.certificates.length === 0 ? (
              t('trace.none')
            ) : (
              <Flex vertical gap={4} align="start">
                {receipt.certificates.map((file) => (
                  <Button
                    key={file.id}
                    type="link"
                    size="small"
                    icon={<FileProtectOutlined />}
                    loading={openCertificate.isPending && openCertificate.variables.fileId === file.id}
                    onClick={() => openCertificate.mutate({ receiptId: receipt.id, fileId: file.id })}
                  >
                    {file.fileName}
                  </Button>
                ))}
              </Flex>
            ),
        },
      ]}
    />
  );
}
