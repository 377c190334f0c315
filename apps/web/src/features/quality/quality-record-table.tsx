import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Empty, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { QUALITY_PERMISSIONS, pageUrlOf, type Inspection } from '@armature/domain';
import { useHolds } from '../../components/page-access.ts';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { InspectionResultTag } from './quality-tags.tsx';
import { recordQueries } from './quality-record.queries.ts';

const INSPECTION_DETAIL = `${pageUrlOf(QUALITY_PERMISSIONS.read)}/detail`;

/** The failed characteristics of a record (its codes), or nothing when all passed. */
const failedCodes = (inspection: Inspection) =>
  inspection.checks
    .filter((check) => check.result === 'fail')
    .map((check) => check.code)
    .join(', ');

/**
 * The inspection records of a receipt or a task, newest first, each opening its detail on the
 * inspections page; a task's show the piece checked and the pieces scrapped.
 */
export function QualityRecordTable({ owner, id }: { owner: 'receiptId' | 'taskId'; id: string }) {
  const { t } = useTranslation('quality');
  // A stock keeper inspects receipts without reading the inspection records (the API would refuse).
  const mayRead = useHolds(QUALITY_PERMISSIONS.read);
  const records = useQuery({ ...recordQueries.records(owner, id), enabled: mayRead });
  const columns: ColumnsType<Inspection> = [
    {
      title: t('fields.code'),
      dataIndex: 'code',
      render: (code: string, inspection) => <Link to={`${INSPECTION_DETAIL}/${inspection.id}`}>{code}</Link>,
    },
    { title: t('fields.inspectedAt'), dataIndex: 'inspectedAt', render: formatDateTime },
    {
      title: t('fields.result'),
      dataIndex: 'result',
      render: (_value, inspection) => <InspectionResultTag result={inspection.result} testId="record-result" />,
    },
    ...(owner === 'taskId'
      ? [
          { title: t('fields.pieceNo'), dataIndex: 'pieceNo', align: 'end' as const },
          { title: t('fields.scrapPieces'), dataIndex: 'scrapPieces', align: 'end' as const },
        ]
      : []),
    { title: t('receipt.failedChecks'), key: 'failed', render: (_value, inspection) => failedCodes(inspection) },
    { title: t('fields.inspector'), dataIndex: 'inspectorName' },
    { title: t('fields.remark'), dataIndex: 'remark', ellipsis: true },
  ];
  if (!mayRead) return <Empty data-testid="records-hidden" description={t('receipt.recordsHidden')} />;
  return (
    <Table<Inspection>
      data-testid={`${owner === 'receiptId' ? 'receipt' : 'task'}-inspections`}
      size="small"
      rowKey="id"
      pagination={false}
      scroll={{ x: 'max-content' }}
      loading={records.isLoading}
      columns={columns}
      dataSource={records.data?.items}
    />
  );
}

/** The receipt page's inspections tab. */
export const ReceiptRecords = ({ receiptId }: { receiptId: string }) => (
  <QualityRecordTable owner="receiptId" id={receiptId} />
);

/** The task page's inspections. */
export const TaskRecords = ({ taskId }: { taskId: string }) => <QualityRecordTable owner="taskId" id={taskId} />;
