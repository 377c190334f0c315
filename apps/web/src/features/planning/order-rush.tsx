import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Modal, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { HourglassOutlined, ThunderboltOutlined } from '@ant-design/icons';
import {
  DAILY_PLAN_PERMISSIONS,
  ORDER_RUSH_ENDPOINTS,
  lateDropOf,
  type DemandOrderDetail,
  type OrderRush,
  type ReplanMoveView,
} from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { useHolds } from '../../components/page-access.ts';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { ApiError, api } from '../../lib/api-client.ts';
import { idempotencyKeys } from '../../lib/idempotency-keys.ts';
import { refreshOrders } from './planning.queries.ts';

const DIALOG_WIDTH = 'min(960px, calc(100vw - 32px))';

/** Orders a rush can take: a draft (confirmed on the way), a confirmed one, a producing one with lines to plan. */
const RUSHABLE: ReadonlySet<string> = new Set(['draft', 'confirmed', 'producing']);

const days = (value: number | null) => (value === null ? '—' : String(value));

/** The proposal's cost and moves: orders made late (days before → after), then every task that moves. */
function RushProposal({ rush }: { rush: OrderRush }) {
  const { t } = useTranslation('planning');
  const { proposal } = rush;
  const moves: TableColumnsType<ReplanMoveView> = [
    {
      title: t('rush.task'),
      dataIndex: 'code',
      render: (code: string, move) => (
        <Flex gap={4} wrap>
          {code}
          <Tag color={move.asked ? 'red' : 'orange'}>{move.asked ? t('rush.own') : t('rush.pushed')}</Tag>
        </Flex>
      ),
    },
    { title: t('rush.machine'), dataIndex: 'machine' },
    {
      title: t('rush.start'),
      key: 'start',
      render: (_, move) =>
        move.fromStart
          ? `${formatDateTime(move.fromStart)} → ${formatDateTime(move.start)}`
          : formatDateTime(move.start),
    },
  ];
  return (
    <Flex vertical gap="middle" data-testid="rush-proposal">
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'plan', label: t('rush.cutPlan'), children: rush.cutPlanCode },
          { key: 'schedule', label: t('rush.schedule'), children: rush.dailyPlanCode },
          {
            key: 'pieces',
            label: t('rush.pieces'),
            children: <span data-testid="rush-pieces">{`${rush.placedPieces} / ${rush.pieces}`}</span>,
          },
        ]}
      />
      {rush.placedPieces < rush.pieces && (
        <Alert type="warning" showIcon title={t('rush.short', { count: rush.pieces - rush.placedPieces })} />
      )}
      {proposal.unplaced.length > 0 && (
        <Alert type="error" showIcon title={t('rush.unplaced', { count: proposal.unplaced.length })} />
      )}
      <Table
        data-testid="rush-orders"
        size="small"
        rowKey="orderId"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={proposal.orders}
        columns={[
          { title: t('rush.order'), dataIndex: 'code' },
          { title: t('rush.due'), dataIndex: 'dueDate', render: (due: string | null) => due ?? '—' },
          {
            title: t('rush.late'),
            key: 'late',
            render: (_, order) => {
              const worse = (order.daysLateAfter ?? 0) > (order.daysLateBefore ?? 0);
              return (
                <Typography.Text type={worse ? 'danger' : undefined}>
                  {`${days(order.daysLateBefore)} → ${days(order.daysLateAfter)}`}
                  {lateDropOf(order) && ` · ${t('rush.lateDrop', { date: lateDropOf(order) })}`}
                </Typography.Text>
              );
            },
          },
        ]}
      />
      <Table
        data-testid="rush-moves"
        size="small"
        rowKey={(move) => `${move.code}/${move.start}`}
        pagination={proposal.moves.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        dataSource={proposal.moves}
        columns={moves}
      />
    </Flex>
  );
}

/**
 * "Rush" on a draft, confirmed or producing order (for who may draft schedules): one click marks it
 * urgent, plans its open lines from free stock and offcuts, drafts a schedule and shows the rush
 * re-plan's proposal — the orders it makes late and the tasks it pushes — to apply or drop. Closed
 * without either ("Decide later", or the page left), the rush waits: the order page finds it again
 * (`GET …/rush`) and offers it back with a fresh proposal. Applied after the work changed (409
 * `replan_stale`: the dialog stayed open, or was reopened from a stale page), the dialog fetches the fresh
 * proposal and says so, to be read and applied again, as the re-plan dialog does.
 */
export function OrderRush({ order }: { order: DemandOrderDetail }) {
  const { t } = useTranslation('planning');
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const mayRush = useHolds(DAILY_PLAN_PERMISSIONS.add);
  const [keyFor] = useState(() => idempotencyKeys());
  const [rush, setRush] = useState<OrderRush>();
  const [stale, setStale] = useState(false);
  const params = { id: order.id };
  const pendingKey = ['demandOrder', order.id, 'rush'];
  const pending = useQuery({
    queryKey: pendingKey,
    queryFn: () => api.call(ORDER_RUSH_ENDPOINTS.open, { params }),
    enabled: mayRush,
  });
  const refresh = () =>
    Promise.all([refreshOrders(queryClient), queryClient.invalidateQueries({ queryKey: pendingKey })]);
  const close = () => {
    setRush(undefined);
    setStale(false);
  };
  const done = async (message: string) => {
    notify.success(message);
    close();
    await refresh();
  };
  const start = useMutation({
    mutationFn: () => api.call(ORDER_RUSH_ENDPOINTS.rush, { params, headers: { 'Idempotency-Key': keyFor(order.id) } }),
    onSuccess: async (answer) => {
      setRush(answer);
      await refresh();
    },
  });
  const apply = useMutation({
    mutationFn: (answer: OrderRush) =>
      api.call(ORDER_RUSH_ENDPOINTS.apply, {
        params,
        body: { dailyPlanId: answer.dailyPlanId, stamp: answer.proposal.stamp },
      }),
    onSuccess: () => done(t('rush.applied', { code: order.code })),
    onError: async (error) => {
      if (!(error instanceof ApiError && error.code === 'replan_stale')) return;
      const fresh = await queryClient.fetchQuery({
        queryKey: pendingKey,
        queryFn: () => api.call(ORDER_RUSH_ENDPOINTS.open, { params }),
      });
      setStale(fresh.rush !== null);
      setRush(fresh.rush ?? undefined);
    },
    // A stale proposal is answered in the dialog; any other refusal is shown there too.
    meta: { silent: true },
  });
  const applyFailure =
    apply.error instanceof ApiError && apply.error.code === 'replan_stale' ? null : (apply.error ?? null);
  const drop = useMutation({
    mutationFn: (answer: OrderRush) =>
      api.call(ORDER_RUSH_ENDPOINTS.drop, { params, body: { dailyPlanId: answer.dailyPlanId } }),
    onSuccess: () => done(t('rush.dropped', { code: order.code })),
  });
  if (!mayRush) return null;
  const waiting = pending.data?.rush ?? undefined;
  // The dialog outlives the button: the rush itself plans the order, so it is no longer rushable once the
  // proposal is shown (hiding the whole component with the button closed the dialog before it was seen).
  return (
    <>
      {waiting && !rush && (
        <Button data-testid="order-rush-pending" danger icon={<HourglassOutlined />} onClick={() => setRush(waiting)}>
          {t('rush.reopen')}
        </Button>
      )}
      {RUSHABLE.has(order.status) && !waiting && (
        <Button
          data-testid="order-rush"
          danger
          icon={<ThunderboltOutlined />}
          loading={start.isPending}
          onClick={() => start.mutate()}
        >
          {t('rush.action')}
        </Button>
      )}
      {rush && (
        <Modal
          open
          width={DIALOG_WIDTH}
          title={t('rush.title', { code: order.code })}
          // Closing keeps the draft: the order page offers it back.
          onCancel={close}
          maskClosable={false}
          footer={
            <Flex gap="small" justify="end" wrap>
              <Button data-testid="rush-later" onClick={close}>
                {t('rush.later')}
              </Button>
              <Button data-testid="rush-drop" loading={drop.isPending} onClick={() => drop.mutate(rush)}>
                {t('rush.drop')}
              </Button>
              <Button
                data-testid="rush-apply"
                type="primary"
                danger
                loading={apply.isPending}
                disabled={rush.proposal.unplaced.length > 0}
                onClick={() => apply.mutate(rush)}
              >
                {t('rush.apply')}
              </Button>
            </Flex>
          }
        >
          <Flex vertical gap="middle">
            {stale && (
              <Alert data-testid="rush-stale" type="warning" showIcon title={t('replan.stale', { ns: 'processing' })} />
            )}
            {applyFailure && <Alert data-testid="rush-error" type="error" showIcon title={applyFailure.message} />}
            <RushProposal rush={rush} />
          </Flex>
        </Modal>
      )}
    </>
  );
}
