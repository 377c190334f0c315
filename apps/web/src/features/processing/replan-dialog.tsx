import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Flex, List, Modal, Spin, Tag, Typography } from 'antd';
import {
  UNSCHEDULED_REASON_LABELS,
  lateDropOf,
  replanSummary,
  type ReplanProposal,
  type ReplanRequestInput,
} from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { ApiError } from '../../lib/api-client.ts';
import { idempotencyKeys } from '../../lib/idempotency-keys.ts';
import { useLocale } from '../../lib/i18n.ts';
import { formatDuration } from '../../lib/plant-time.ts';
import { refreshProcessing, taskMutations } from './processing.queries.ts';

const MINUTE = 60_000;

/** The proposal's cost in plain words: what moves, which orders get later, the changeovers it adds. */
function CostInWords({ proposal }: { proposal: ReplanProposal }) {
  const { t } = useTranslation('processing');
  const sum = replanSummary(proposal);
  const sentences = [
    t('replan.cost.moved', { count: sum.moved }),
    sum.pushed > 0 && t('replan.cost.pushed', { count: sum.pushed }),
    sum.ordersLater > 0
      ? t('replan.cost.later', { count: sum.ordersLater, days: sum.daysLater })
      : t('replan.cost.noneLater'),
    sum.ordersSooner > 0 && t('replan.cost.sooner', { count: sum.ordersSooner }),
    sum.changeovers !== 0 &&
      t(sum.changeovers > 0 ? 'replan.cost.moreChangeovers' : 'replan.cost.fewerChangeovers', {
        count: Math.abs(sum.changeovers),
      }),
    sum.unplaced > 0 && t('replan.cost.unplaced', { count: sum.unplaced }),
  ].filter((sentence): sentence is string => typeof sentence === 'string');
  return (
    <Alert
      data-testid="replan-cost"
      type={sum.unplaced > 0 ? 'warning' : sum.ordersLater > 0 ? 'info' : 'success'}
      showIcon
      title={sentences.join(' ')}
    />
  );
}

const arrow = (before: string | number, after: string | number) => `${before} → ${after}`;

/** The proposal: moves, work without a place (with why), orders' days late and each machine's load. */
function ProposalView({ proposal }: { proposal: ReplanProposal }) {
  const { t } = useTranslation('processing');
  const locale = useLocale();
  const days = (value: number | null) => (value === null ? t('replan.notPlaced') : t('replan.days', { count: value }));
  const hours = (minutes: number) => formatDuration(minutes * MINUTE, t);
  return (
    <Flex vertical gap="middle" data-testid="replan-proposal">
      <CostInWords proposal={proposal} />
      {proposal.unplaced.length > 0 && (
        <Alert
          data-testid="replan-unplaced"
          type="error"
          showIcon
          title={t('replan.unplacedTitle')}
          description={proposal.unplaced
            .map((item) => `${item.code}: ${UNSCHEDULED_REASON_LABELS[item.reason][locale]}`)
            .join(' · ')}
        />
      )}
      <List
        data-testid="replan-moves"
        size="small"
        header={<Typography.Text strong>{t('replan.moves', { count: proposal.moves.length })}</Typography.Text>}
        dataSource={proposal.moves}
        renderItem={(move) => (
          <List.Item data-testid={`replan-move-${move.code}`} style={{ display: 'block' }}>
            <Flex gap={4} wrap align="center">
              <Typography.Text strong>{move.code}</Typography.Text>
              {move.orderCodes.length > 0 && (
                <Typography.Text type="secondary">{move.orderCodes.join(', ')}</Typography.Text>
              )}
              <Tag color={move.asked ? 'blue' : 'orange'}>{t(move.asked ? 'replan.asked' : 'replan.pushed')}</Tag>
            </Flex>
            <Typography.Text style={{ overflowWrap: 'anywhere' }}>
              {move.fromStart
                ? `${move.fromMachine ?? '—'} · ${formatDateTime(move.fromStart)} → `
                : `${t('replan.newWork')} → `}
              <Typography.Text strong data-testid="replan-move-to">
                {move.machine} · {formatDateTime(move.start)}
              </Typography.Text>
            </Typography.Text>
          </List.Item>
        )}
      />
      {proposal.orders.length > 0 && (
        <List
          data-testid="replan-orders"
          size="small"
          header={<Typography.Text strong>{t('replan.orders')}</Typography.Text>}
          dataSource={proposal.orders}
          renderItem={(order) => (
            <List.Item data-testid={`replan-order-${order.code}`} style={{ display: 'block' }}>
              <Typography.Text strong>{order.code}</Typography.Text>{' '}
              <Typography.Text type="secondary">
                {order.dueDate ? t('replan.due', { date: order.dueDate }) : t('replan.noDue')}
              </Typography.Text>
              <div>
                {t('replan.late', { change: arrow(days(order.daysLateBefore), days(order.daysLateAfter)) })}
                {lateDropOf(order) && (
                  <Typography.Text type="danger" data-testid={`replan-late-drop-${order.code}`}>
                    {' · '}
                    {t('replan.lateDrop', { date: lateDropOf(order) })}
                  </Typography.Text>
                )}
              </div>
            </List.Item>
          )}
        />
      )}
      <List
        data-testid="replan-machines"
        size="small"
        header={<Typography.Text strong>{t('replan.machines')}</Typography.Text>}
        dataSource={proposal.machines}
        renderItem={(machine) => (
          <List.Item data-testid={`replan-load-${machine.machineId}`} style={{ display: 'block' }}>
            <Typography.Text strong>{machine.machine}</Typography.Text>
            <div>
              {t('replan.changeovers', { change: arrow(machine.changeoversBefore, machine.changeoversAfter) })}
              {' · '}
              {t('replan.work', { change: arrow(hours(machine.workMinutesBefore), hours(machine.workMinutesAfter)) })}
            </div>
          </List.Item>
        )}
      />
    </Flex>
  );
}

/**
 * A re-plan of released work, shown before it is applied: the proposal is asked for as the dialog opens,
 * Apply sends it back with its stamp. When the work changed in between (409 `replan_stale`) the dialog
 * says so and shows the fresh proposal, to be read and applied again; work without a place cannot be
 * applied. `onClose(true)` once applied.
 */
export function ReplanDialog({
  request,
  title,
  onClose,
}: {
  request: ReplanRequestInput;
  title: string;
  onClose: (applied: boolean) => void;
}) {
  const { t } = useTranslation('processing');
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const [keyFor] = useState(() => idempotencyKeys());
  const [stale, setStale] = useState(false);
  const preview = useMutation(taskMutations.replanPreview());
  const apply = useMutation(taskMutations.replanApply(keyFor));
  const { mutate } = preview;
  const requestKey = JSON.stringify(request);
  useEffect(() => mutate(JSON.parse(requestKey) as ReplanRequestInput), [mutate, requestKey]);

  const proposal = preview.data;
  const applyIt = () => {
    if (!proposal) return;
    setStale(false);
    apply.mutate(
      { ...request, stamp: proposal.stamp },
      {
        onSuccess: async (applied) => {
          notify.success(t('replan.applied', { count: applied.moves.length }));
          await refreshProcessing(queryClient);
          onClose(true);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'replan_stale') {
            setStale(true);
            preview.mutate(request);
          }
        },
      },
    );
  };
  const failure =
    preview.error ?? (apply.error instanceof ApiError && apply.error.code === 'replan_stale' ? null : apply.error);
  return (
    <Modal
      open
      title={title}
      width={720}
      okText={t('replan.apply')}
      okButtonProps={{
        'data-testid': 'replan-apply',
        disabled: !proposal || proposal.unplaced.length > 0 || preview.isPending,
      }}
      cancelButtonProps={{ 'data-testid': 'replan-close' }}
      confirmLoading={apply.isPending}
      onOk={applyIt}
      onCancel={() => onClose(false)}
    >
      <Flex vertical gap="middle" data-testid="replan-dialog">
        {stale && <Alert data-testid="replan-stale" type="warning" showIcon title={t('replan.stale')} />}
        {failure && <Alert data-testid="replan-error" type="error" showIcon title={failure.message} />}
        {preview.isPending ? (
          <Spin data-testid="replan-loading" />
        ) : (
          proposal && !preview.error && <ProposalView proposal={proposal} />
        )}
      </Flex>
    </Modal>
  );
}
