import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Input,
  Radio,
  Skeleton,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import {
  DEFAULT_TIME_LIMIT_S,
  plannableLines,
  type CutPlanInput,
  type DemandOrder,
  type DemandOrderLine,
} from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { PickedRowsFooter } from '../../components/form-actions.tsx';
import { useOpenSaved } from '../../components/resource/use-record-form.ts';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg, wholeNumbers } from '../../lib/number-format.ts';
import { cutPlanMutations, cutPlanQueries, refreshPlans } from './cut-plan.queries.ts';
import { SettingsFields, settingsOf, sourceKeysOf, type SettingsValues } from './cut-plan-settings.tsx';
import { idempotencyKeys } from '../../lib/idempotency-keys.ts';
import { planningQueries } from './planning.queries.ts';

type Mode = 'orders' | 'lines';
type Values = SettingsValues & { planDate?: Dayjs | null; remark?: string };
type Line = DemandOrderLine & { remaining: number };

/** The current lines of one order that still have pieces to plan; chosen one by one in lines mode. */
function OrderLines({
  orderId,
  selectable,
  selected,
  onChange,
}: {
  orderId: string;
  selectable: boolean;
  selected: ReadonlySet<string>;
  onChange: (lineIds: string[], chosen: boolean) => void;
}) {
  const { t } = useTranslation('cutPlan');
  const locale = useLocale();
  const whole = wholeNumbers(locale);
  const order = useQuery(planningQueries.order(orderId));
  // A line a revision superseded is planned no more.
  const lines = useMemo<Line[]>(
    () => plannableLines((order.data?.lines ?? []).filter((line) => line.supersededRevision === null)),
    [order.data],
  );
  if (order.isLoading) return <Skeleton active paragraph={{ rows: 2 }} />;
  const columns: TableColumnsType<Line> = [
    { title: '#', dataIndex: 'lineNo', width: 48 },
    { title: t('lines.mark'), dataIndex: 'mark' },
    { title: t('lines.spec'), dataIndex: 'rebarName' },
    { title: t('lines.length'), dataIndex: 'length', align: 'end', render: whole },
    { title: t('lines.quantity'), dataIndex: 'quantity', align: 'end', render: whole },
    { title: t('lines.planned'), dataIndex: 'plannedQuantity', align: 'end', render: whole },
    {
      title: t('lines.remaining'),
      dataIndex: 'remaining',
      align: 'end',
      render: (value: number) => <Typography.Text strong>{whole(value)}</Typography.Text>,
    },
    {
      title: t('lines.weight'),
      dataIndex: 'weight',
      align: 'end',
      render: (weight: number) => formatKg(weight, locale),
    },
  ];
  return (
    <Table<Line>
      data-testid={`order-lines-${order.data?.code ?? orderId}`}
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={lines}
      scroll={{ x: 'max-content' }}
      pagination={lines.length > 20 ? { pageSize: 20, showSizeChanger: false, size: 'small' } : false}
      locale={{ emptyText: t('form.noRemaining') }}
      rowSelection={
        selectable
          ? {
              selectedRowKeys: lines.filter((line) => selected.has(line.id)).map((line) => line.id),
              onSelect: (line, chosen) => onChange([line.id], chosen),
              onSelectAll: (chosen) =>
                onChange(
                  lines.map((line) => line.id),
                  chosen,
                ),
              getCheckboxProps: (line) => ({ 'data-testid': `line-check-${line.lineNo}` }) as object,
            }
          : undefined
      }
      onRow={(line) => ({ 'data-testid': `plan-line-${line.lineNo}` }) as object}
    />
  );
}

/**
 * A new cutting plan (`…/cutPlan/add`): confirmed demand orders, or producing ones with re-planned
 * lines, whole or line by line (only current lines with pieces left to plan), which bars the optimiser may use and how long it may search. Creating it
 * starts the first optimisation and opens the plan, where the run's progress shows live.
 */
export default function CutPlanFormView() {
  const { t } = useTranslation(['cutPlan', 'resource']);
  const locale = useLocale();
  const openSaved = useOpenSaved();
  const queryClient = useQueryClient();
  const { notify } = useFeedback();
  const [form] = Form.useForm<Values>();
  const [mode, setMode] = useState<Mode>('orders');
  const [keyword, setKeyword] = useState('');
  const [orderIds, setOrderIds] = useState<string[]>([]);
  const [lineIds, setLineIds] = useState<Set<string>>(new Set());
  const [keyFor] = useState(() => idempotencyKeys());
  const orders = useQuery(cutPlanQueries.ordersToPlan(keyword));
  const create = useMutation({ ...cutPlanMutations.create(keyFor), meta: { form } });
  const chosen = mode === 'orders' ? orderIds.length : lineIds.size;

  const columns: TableColumnsType<DemandOrder> = [
    { title: t('fields.code'), dataIndex: 'code' },
    { title: t('form.project'), dataIndex: 'project', ellipsis: true },
    { title: t('form.element'), dataIndex: 'element', ellipsis: true },
    { title: t('form.demandDate'), dataIndex: 'demandDate' },
    { title: t('form.lineCount'), dataIndex: 'lineCount', align: 'end', render: wholeNumbers(locale) },
    {
      title: t('fields.demandWeight'),
      dataIndex: 'totalWeight',
      align: 'end',
      render: (weight: number) => formatKg(weight, locale),
    },
  ];

  const submit = async (values: Values) => {
    const settings = settingsOf(values);
    const body: CutPlanInput = {
      ...settings,
      ...(mode === 'orders' ? { demandOrderIds: orderIds } : { orderLineIds: [...lineIds] }),
      planDate: values.planDate?.format('YYYY-MM-DD'),
      remark: values.remark?.trim() || null,
    };
    // Creating the plan starts its first run; its progress shows on the plan's page.
    const plan = await create.mutateAsync(body).catch(() => undefined);
    if (!plan) return;
    notify.success(t('form.created', { code: plan.code }));
    void refreshPlans(queryClient);
    openSaved(plan.id);
  };

  const changeLines = (ids: string[], chosenNow: boolean) =>
    setLineIds((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (chosenNow) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  return (
    <Card data-testid="cut-plan-form" title={t('form.title')}>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ sources: sourceKeysOf(), timeLimitS: DEFAULT_TIME_LIMIT_S }}
        onFinish={(values) => void submit(values)}
      >
        <Flex vertical gap="middle">
          <Flex gap="middle" wrap align="center">
            <Radio.Group
              data-testid="plan-mode"
              optionType="button"
              value={mode}
              onChange={(event) => setMode(event.target.value as Mode)}
              options={[
                { value: 'orders', label: t('form.byOrders') },
                { value: 'lines', label: t('form.byLines') },
              ]}
            />
            <Input.Search
              data-testid="order-search"
              allowClear
              placeholder={t('form.searchOrders')}
              onSearch={setKeyword}
              style={{ width: 280, maxWidth: '100%' }}
            />
            <Typography.Text data-testid="plan-chosen" type="secondary">
              {mode === 'orders'
                ? t('form.chosenOrders', { count: orderIds.length })
                : t('form.chosenLines', { count: lineIds.size })}
            </Typography.Text>
          </Flex>
          <Typography.Text type="secondary">
            {t(mode === 'orders' ? 'form.ordersHint' : 'form.linesHint')}
          </Typography.Text>
          <Table<DemandOrder>
            data-testid="plan-orders"
            size="small"
            rowKey="id"
            loading={orders.isFetching}
            columns={columns}
            dataSource={orders.data?.items ?? []}
            scroll={{ x: 'max-content' }}
            pagination={false}
            locale={{ emptyText: t('form.noOrders') }}
            rowSelection={
              mode === 'orders'
                ? {
                    selectedRowKeys: orderIds,
                    onChange: (keys) => setOrderIds(keys.map(String)),
                    getCheckboxProps: (order) => ({ 'data-testid': `order-check-${order.code}` }) as object,
                  }
                : undefined
            }
            expandable={{
              expandedRowRender: (order) => (
                <OrderLines
                  orderId={order.id}
                  selectable={mode === 'lines'}
                  selected={lineIds}
                  onChange={changeLines}
                />
              ),
              expandIcon: ({ expanded, onExpand, record }) => (
                <Button
                  size="small"
                  type="link"
                  data-testid={`order-expand-${record.code}`}
                  onClick={(event) => onExpand(record, event)}
                >
                  {expanded ? t('form.collapse') : t('form.expand')}
                </Button>
              ),
            }}
            onRow={(order) => ({ 'data-testid': `plan-order-${order.code}` }) as object}
          />
          <Flex gap="middle" wrap>
            <SettingsFields testIdPrefix="field" hint={t('form.timeLimitHint')} />
            <Form.Item name="planDate" label={t('fields.planDate')} style={{ flex: '0 1 200px', marginBottom: 0 }}>
              <DatePicker data-testid="field-planDate" style={{ width: '100%' }} />
            </Form.Item>
          </Flex>
          <PickedRowsFooter
            remarkLabel={t('fields.remark')}
            saving={create.isPending}
            submitLabel={t('form.submit')}
            submitIcon={<ThunderboltOutlined />}
            nothingPicked={chosen === 0}
          />
        </Flex>
      </Form>
    </Card>
  );
}
