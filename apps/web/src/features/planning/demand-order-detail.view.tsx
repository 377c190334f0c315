import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Flex, Modal, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { CheckOutlined, DownloadOutlined, EditOutlined, StopOutlined } from '@ant-design/icons';
import {
  CUT_PLAN_PERMISSIONS,
  DEMAND_ORDER_STATUS_LABELS,
  localizedName,
  pageUrlOf,
  type DemandOrderDetail,
  type DemandOrderLine,
  type DiameterTotal,
} from '@armature/domain';
import { BarShape } from '../../components/bar-shape/bar-shape.tsx';
import { fieldItems } from '../../components/resource/field-set.tsx';
import { DetailCard } from '../../components/detail-card.tsx';
import { BatchTagMenu } from '../../components/tag-print/batch-tag-menu.tsx';
import { useListPath } from '../../components/resource/use-record-form.ts';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg, formatNumber, wholeNumbers } from '../../lib/number-format.ts';
import { CutPlanStatusTag } from './cut-plan-tags.tsx';
import { useDemandOrderFields } from './demand-order-fields.tsx';
import { planningMutations, planningQueries, type ExportFormat } from './planning.queries.ts';
import { StatusHistory } from '../../components/status-history.tsx';
import { useOrderActions } from './use-order-actions.tsx';
import { SupersededTag } from '../../components/superseded-tag.tsx';
import { RevisionHistory } from './revision-history.tsx';
import { REVISABLE_STATUSES, RevisionImport } from './revision-import.tsx';
import { SupersededBundles } from './superseded-bundles.tsx';
import { historyNoteText } from './revision-format.ts';
import { OrderRush } from './order-rush.tsx';
import { OrderDrops } from './order-drops.tsx';

const CUT_PLAN_DETAIL = `${pageUrlOf(CUT_PLAN_PERMISSIONS.read)}/detail`;
const SHAPE_DIALOG_WIDTH = 'min(640px, calc(100vw - 32px))';

/** A line's shape drawn large with its dimensions. */
function ShapeDialog({ line, onClose }: { line: DemandOrderLine; onClose: () => void }) {
  const { t } = useTranslation('planning');
  const locale = useLocale();
  return (
    <Modal
      open
      width={SHAPE_DIALOG_WIDTH}
      title={t('detail.shapeTitle', { mark: line.mark, spec: line.rebarName })}
      footer={null}
      onCancel={onClose}
    >
      <Flex vertical gap="middle" align="center" data-testid="shape-dialog">
        <BarShape
          data-testid="shape-large"
          legs={line.geometry}
          length={line.length}
          mandrel={line.mandrel}
          size="large"
          showDimensions
          formatLength={(mm) => formatNumber(mm, locale, 0)}
          title={line.shapeCode ?? undefined}
        />
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 3 }}
          items={[
            { key: 'shapeCode', label: t('fields.shapeCode'), children: line.shapeCode ?? t('shape.straight') },
            { key: 'length', label: t('fields.length'), children: formatNumber(line.length, locale, 0) },
            {
              key: 'mandrel',
              label: t('fields.mandrel'),
              children: line.mandrel === null ? '—' : `${formatNumber(line.mandrel, locale, 0)} mm`,
            },
          ]}
        />
      </Flex>
    </Modal>
  );
}

/**
 * A demand order (`…/demandOrder/detail/:id`): its header and status, the status history, the lines with
 * their shapes (a click draws one large with its dimensions), the totals by diameter, the cutting plans
 * that use it, the exports, all tags of its bundles once some are made, and the actions its status allows.
 * With the import button: a revised bar list imported onto a confirmed, planned or producing order (the
 * diff, then apply), and the superseded bundles disposed of; the revision history for every reader.
 */
export default function DemandOrderDetailView() {
  const { t } = useTranslation(['planning', 'resource']);
  const locale = useLocale();
  const { id } = useParams();
  const navigate = useNavigate();
  const listPath = useListPath();
  const detail = useQuery(planningQueries.order(id));
  const order = detail.data;
  const orderActions = useOrderActions((action) => {
    if (action === 'delete') void navigate(listPath);
  });
  const { may, buttons } = orderActions;
  const techniques = useQuery(planningQueries.techniques());
  const [shown, setShown] = useState<DemandOrderLine>();
  const exportFile = useMutation(planningMutations.exportFile(id ?? '', order?.code ?? 'demand-order'));
  const techniqueNames = new Map((techniques.data ?? []).map((item) => [item.id, localizedName(item, locale)]));
  const whole = wholeNumbers(locale);
  const fields = useDemandOrderFields();

  const lineColumns: TableColumnsType<DemandOrderLine> = [
    { title: '#', dataIndex: 'lineNo', width: 48 },
    {
      title: t('fields.mark'),
      key: 'mark',
      render: (_value, line) => (
        <Flex gap={4} wrap>
          {line.mark}
          {line.supersededRevision !== null && (
            <SupersededTag revision={line.supersededRevision} testId={`line-superseded-${line.lineNo}`} />
          )}
        </Flex>
      ),
    },
    { title: t('fields.spec'), dataIndex: 'rebarName' },
    {
      title: t('fields.shape'),
      key: 'shape',
      render: (_value, line) => (
        <Button
          data-testid={`shape-${line.lineNo}`}
          type="text"
          aria-label={t('detail.showShape', { mark: line.mark })}
          onClick={() => setShown(line)}
          style={{ height: 'auto', padding: 2 }}
        >
          <Flex vertical align="center">
            <BarShape legs={line.geometry} length={line.length} mandrel={line.mandrel} size="small" />
            {line.shapeCode && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {line.shapeCode}
              </Typography.Text>
            )}
          </Flex>
        </Button>
      ),
    },
    { title: t('fields.length'), dataIndex: 'length', align: 'end', render: whole },
    {
      title: t('fields.quantityFormula'),
      key: 'quantity',
      align: 'end',
      render: (_value, line) => `${whole(line.members)} × ${whole(line.barsPerMember)} = ${whole(line.quantity)}`,
    },
    {
      title: t('fields.weight'),
      dataIndex: 'weight',
      align: 'end',
      render: (weight: number) => formatKg(weight, locale),
    },
    {
      title: t('fields.techniques'),
      key: 'techniques',
      render: (_value, line) =>
        line.techniqueIds.map((techniqueId) => <Tag key={techniqueId}>{techniqueNames.get(techniqueId) ?? '…'}</Tag>),
    },
    { title: t('fields.piecesPerBundle'), dataIndex: 'piecesPerBundle', align: 'end', render: whole },
    { title: t('fields.plannedQuantity'), dataIndex: 'plannedQuantity', align: 'end', render: whole },
    { title: t('fields.producedQuantity'), dataIndex: 'producedQuantity', align: 'end', render: whole },
    { title: t('fields.remark'), dataIndex: 'remark', ellipsis: true },
  ];

  const totalColumns: TableColumnsType<DiameterTotal> = [
    { title: t('fields.diameter'), dataIndex: 'diameter', render: (diameter: number) => `Φ${diameter}` },
    { title: t('totals.pieces'), dataIndex: 'pieces', align: 'end', render: whole },
    {
      title: t('totals.metres'),
      dataIndex: 'metres',
      align: 'end',
      render: (metres: number) => formatNumber(metres, locale, 3),
    },
    {
      title: t('totals.weight'),
      dataIndex: 'weight',
      align: 'end',
      render: (weight: number) => formatKg(weight, locale),
    },
  ];

  const download = (format: ExportFormat) => exportFile.mutate(format);
  const header = (value: DemandOrderDetail) =>
    fieldItems(fields, value, [
      'code',
      'status',
      'project',
      'element',
      'customer',
      'demandDate',
      'priority',
      'source',
      'lineCount',
      'totalQuantity',
      'totalWeight',
      'creator',
      'creationTime',
      'remark',
    ]);

  const actions = (
    <>
      {order && buttons.has('export') && (
        <>
          <Button
            data-testid="export-xlsx"
            icon={<DownloadOutlined />}
            loading={exportFile.isPending && exportFile.variables === 'xlsx'}
            onClick={() => download('xlsx')}
          >
            {t('detail.exportXlsx')}
          </Button>
          <Button
            data-testid="export-bvbs"
            icon={<DownloadOutlined />}
            loading={exportFile.isPending && exportFile.variables === 'bvbs'}
            onClick={() => download('bvbs')}
          >
            {t('detail.exportBvbs')}
          </Button>
        </>
      )}
      {order?.lines.some((line) => line.producedQuantity > 0) && (
        <BatchTagMenu selection={{ orderId: order.id }} testId="order-tags" />
      )}
      {order && buttons.has('import') && REVISABLE_STATUSES.has(order.status) && <RevisionImport order={order} />}
      {order && <OrderRush order={order} />}
      {order && may.update(order) && (
        <Button
          data-testid="detail-edit"
          icon={<EditOutlined />}
          onClick={() => void navigate(`${listPath.split('?')[0]}/update/${order.id}`, { state: { back: listPath } })}
        >
          {t('resource:actions.edit')}
        </Button>
      )}
      {order && may.confirm(order) && (
        <Button
          data-testid="detail-confirm"
          type="primary"
          icon={<CheckOutlined />}
          onClick={() => void orderActions.confirm(order)}
        >
          {t('actions.confirm')}
        </Button>
      )}
      {order && may.cancel(order) && (
        <Button data-testid="detail-cancel" danger icon={<StopOutlined />} onClick={() => orderActions.cancel(order)}>
          {t('actions.cancelOrder')}
        </Button>
      )}
    </>
  );

  return (
    <DetailCard
      title={order && t('detail.title', { code: order.code })}
      buttons={actions}
      loading={detail.isLoading}
      failed={detail.isError}
    >
      {order && (
        <Flex vertical gap="middle">
          <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} items={header(order)} />
          <Table<DemandOrderLine>
            data-testid="detail-lines"
            title={() => t('detail.lines')}
            size="small"
            rowKey="id"
            columns={lineColumns}
            dataSource={order.lines}
            scroll={{ x: 'max-content' }}
            pagination={order.lines.length > 50 ? { pageSize: 50, showSizeChanger: false, size: 'small' } : false}
            // A superseded line stays in the list, dimmed: its plan and pieces are history.
            onRow={(line) =>
              ({
                'data-testid': `detail-line-${line.lineNo}`,
                style: line.supersededRevision === null ? undefined : { opacity: 0.6 },
              }) as object
            }
          />
          <Flex gap="middle" wrap align="start">
            <Table<DiameterTotal>
              data-testid="detail-totals"
              title={() => t('detail.totals')}
              size="small"
              rowKey="diameter"
              columns={totalColumns}
              dataSource={order.totals}
              pagination={false}
              scroll={{ x: 'max-content' }}
              style={{ flex: '1 1 320px', minWidth: 0 }}
              onRow={(total) => ({ 'data-testid': `total-${total.diameter}` }) as object}
            />
            <Card
              size="small"
              title={t('detail.cutPlans')}
              data-testid="detail-cut-plans"
              style={{ flex: '1 1 240px', minWidth: 0 }}
            >
              {order.cutPlans.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noCutPlans')} />
              ) : (
                <Flex gap="small" wrap>
                  {order.cutPlans.map((plan) => (
                    <Link key={plan.id} to={`${CUT_PLAN_DETAIL}/${plan.id}`} data-testid={`cut-plan-${plan.code}`}>
                      {plan.code} <CutPlanStatusTag status={plan.status} testId={`cut-plan-status-${plan.code}`} />
                    </Link>
                  ))}
                </Flex>
              )}
            </Card>
          </Flex>
          <OrderDrops
            orderId={order.id}
            marks={[...new Set(order.lines.map((line) => line.mark))]}
            mayEdit={buttons.has('update')}
          />
          <SupersededBundles orderId={order.id} mayDispose={buttons.has('import')} />
          <Flex gap="middle" wrap align="start">
            <div style={{ flex: '2 1 320px', minWidth: 0 }}>
              <RevisionHistory orderId={order.id} />
            </div>
            <div style={{ flex: '1 1 240px', minWidth: 0 }}>
              <StatusHistory
                entries={order.history}
                labels={DEMAND_ORDER_STATUS_LABELS}
                formatNote={(note) => historyNoteText(note, (key, values) => t(key, values))}
              />
            </div>
          </Flex>
        </Flex>
      )}
      {shown && <ShapeDialog line={shown} onClose={() => setShown(undefined)} />}
      {orderActions.dialogs}
    </DetailCard>
  );
}
