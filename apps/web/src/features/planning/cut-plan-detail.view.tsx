import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Flex, Form, Modal, Typography } from 'antd';
import { CheckOutlined, DownloadOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import {
  CUT_PLAN_STATUS_LABELS,
  DEMAND_ORDER_PERMISSIONS,
  cutPlanActionsIn,
  pageUrlOf,
  type CutPlanDetail,
  type OptimizeSettings,
} from '@armature/domain';
import { DIALOG_WIDTH, useFeedback } from '../../components/feedback.tsx';
import { usePageButtons } from '../../components/page-access.ts';
import { fieldItems } from '../../components/resource/field-set.tsx';
import { DetailCard } from '../../components/detail-card.tsx';
import { DetailDeleteButton } from '../../components/detail-delete-button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useLocale } from '../../lib/i18n.ts';
import { formatNumber } from '../../lib/number-format.ts';
import {
  cutPlanMutations,
  cutPlanQueries,
  isActiveJob,
  isDeletablePlan,
  refreshPlans,
  type ExportFormat,
} from './cut-plan.queries.ts';
import { CutPlanJob } from './cut-plan-job.tsx';
import { useLiveJob } from './cut-plan-live.ts';
import { CutPlanResult } from './cut-plan-result.tsx';
import { CutPlanRuns, ReoptimizeForm } from './cut-plan-runs.tsx';
import { useSourcesText } from './cut-plan-settings.tsx';
import { useCutPlanFields } from './cut-plan-fields.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { StatusHistory } from '../../components/status-history.tsx';

const ORDER_DETAIL = `${pageUrlOf(DEMAND_ORDER_PERMISSIONS.read)}/detail`;

/** Asks why the plan is cancelled (kept in its history), then cancels it, releasing its reservations. */
function CancelDialog({ plan, onClose }: { plan: CutPlanDetail; onClose: () => void }) {
  const { t } = useTranslation('cutPlan');
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ reason?: string }>();
  const cancel = useMutation({
    ...cutPlanMutations.cancel(),
    onSuccess: async () => {
      notify.success(t('actions.cancelled', { code: plan.code }));
      await refreshPlans(queryClient);
      onClose();
    },
    meta: { form },
  });
  return (
    <ReasonDialog
      form={form}
      title={t('actions.cancelTitle', { code: plan.code })}
      okText={t('actions.cancelPlan')}
      explanation={t(plan.status === 'approved' ? 'actions.cancelExplainApproved' : 'actions.cancelExplain')}
      pending={cancel.isPending}
      onSubmit={(reason) => cancel.mutate({ id: plan.id, reason })}
      onClose={onClose}
    />
  );
}

/**
 * A cutting plan (`…/cutPlan/detail/:id`): its header and settings, the live optimisation, the result
 * (totals, cutting diagrams per spec, unplaced pieces), the runs with a comparison and a form to run
 * again, the status history, and the actions its status and the user's buttons allow.
 */
export default function CutPlanDetailView() {
  const { t } = useTranslation(['cutPlan', 'resource', 'common']);
  const locale = useLocale();
  const { id } = useParams();
  const queryClient = useQueryClient();
  const { notify, confirm } = useFeedback();
  const buttons = usePageButtons();
  const detail = useQuery(cutPlanQueries.plan(id));
  const plan = detail.data;
  const { job, reconnecting } = useLiveJob(plan);
  const [cancelling, setCancelling] = useState(false);
  const [stockGone, setStockGone] = useState<string>();
  const optimize = useMutation({ ...cutPlanMutations.optimize(), onSettled: () => refreshPlans(queryClient) });
  const cancelRun = useMutation({ ...cutPlanMutations.cancelRun(), onSettled: () => refreshPlans(queryClient) });
  const approve = useMutation(cutPlanMutations.approve());
  const remove = useMutation(cutPlanMutations.remove());
  const exportFile = useMutation(cutPlanMutations.exportFile(id ?? '', plan?.code ?? 'cut-plan'));

  const actions = plan ? cutPlanActionsIn(plan.status) : [];
  const running = isActiveJob(job?.state);
  const may = {
    optimize: buttons.has('optimize') && actions.includes('optimize'),
    approve: buttons.has('approve') && actions.includes('approve') && !running && Boolean(plan?.totals),
    cancel: buttons.has('cancel') && actions.includes('cancel'),
    delete: buttons.has('delete') && plan !== undefined && isDeletablePlan(plan),
    export: buttons.has('export') && Boolean(plan?.totals),
  };

  const runAgain = (settings?: OptimizeSettings) => {
    if (!plan) return;
    optimize.mutate(
      { id: plan.id, settings },
      { onSuccess: () => notify.success(t('runs.started', { code: plan.code })) },
    );
  };

  const approvePlan = (value: CutPlanDetail) =>
    confirm({
      title: t('actions.approveTitle', { code: value.code }),
      content: t('actions.approveExplain'),
      onOk: () =>
        approve.mutateAsync({ id: value.id, runId: value.currentRunId ?? undefined }).then(
          async () => {
            notify.success(t('actions.approved', { code: value.code }));
            await refreshPlans(queryClient);
          },
          async (error: unknown) => {
            if (error instanceof ApiError && error.code === 'cut_plan_stock_gone') setStockGone(error.message);
            else notify.error(errorMessage(error));
            await refreshPlans(queryClient);
          },
        ),
    });

  const sourcesText = useSourcesText();
  const fields = useCutPlanFields();
  const header = (value: CutPlanDetail) =>
    fieldItems(fields, value, [
      'status',
      'planDate',
      'specs',
      {
        key: 'orders',
        label: t('fields.orders'),
        children: (
          <Flex gap="small" wrap data-testid="detail-orders">
            {value.orders.map((order) => (
              <Link key={order.id} to={`${ORDER_DETAIL}/${order.id}`} title={order.project}>
                {order.code}
              </Link>
            ))}
          </Flex>
        ),
      },
      'demandWeight',
      {
        key: 'settings',
        label: t('fields.settings'),
        children: (
          <span data-testid="detail-settings">
            {t('detail.settingsValue', {
              kerf: formatNumber(value.settings.kerf, locale, 0),
              endTrim: formatNumber(value.settings.endTrim, locale, 0),
              minTail: formatNumber(value.settings.minTailLength, locale, 0),
              waste: formatNumber(value.settings.wasteLength, locale, 0),
            })}
          </span>
        ),
      },
      { key: 'sources', label: t('fields.sources'), children: sourcesText(value.sources) },
      { key: 'timeLimitS', label: t('fields.timeLimitS'), children: `${value.timeLimitS} s` },
      'creator',
      'creationTime',
      'remark',
    ]);

  const toolbar = (
    <>
      {plan && may.export && (
        <>
          {(['xlsx', 'pdf'] as ExportFormat[]).map((format) => (
            <Button
              key={format}
              data-testid={`export-${format}`}
              icon={<DownloadOutlined />}
              loading={exportFile.isPending && exportFile.variables === format}
              onClick={() => exportFile.mutate(format)}
            >
              {t(format === 'xlsx' ? 'actions.exportXlsx' : 'actions.exportPdf')}
            </Button>
          ))}
        </>
      )}
      {plan && may.approve && (
        <Button
          data-testid="detail-approve"
          type="primary"
          icon={<CheckOutlined />}
          onClick={() => void approvePlan(plan)}
        >
          {t('actions.approve')}
        </Button>
      )}
      {plan && may.cancel && (
        <Button data-testid="detail-cancel" danger icon={<StopOutlined />} onClick={() => setCancelling(true)}>
          {t('actions.cancelPlan')}
        </Button>
      )}
      {plan && may.delete && (
        <DetailDeleteButton
          title={t('actions.deleteTitle', { code: plan.code })}
          explain={t('actions.deleteExplain')}
          deleted={t('actions.deleted', { code: plan.code })}
          remove={() => remove.mutateAsync(plan.id)}
          refresh={() => refreshPlans(queryClient)}
        />
      )}
    </>
  );

  return (
    <DetailCard
      title={plan && t('detail.title', { code: plan.code })}
      buttons={toolbar}
      loading={detail.isLoading}
      failed={detail.isError}
    >
      {plan && (
        <Flex vertical gap="middle">
          <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} items={header(plan)} />
          {job && plan.job.id !== null && (
            <CutPlanJob
              job={job}
              reconnecting={reconnecting}
              cancelling={cancelRun.isPending}
              onCancelRun={may.optimize ? () => cancelRun.mutate(plan.id) : undefined}
            />
          )}
          {!running && <CutPlanResult plan={plan} />}
          {may.optimize && !running && (
            <ReoptimizeForm plan={plan} pending={optimize.isPending} onSubmit={(settings) => runAgain(settings)} />
          )}
          {plan.runs.length > 0 && <CutPlanRuns plan={plan} />}
          <StatusHistory entries={plan.history} labels={CUT_PLAN_STATUS_LABELS} />
        </Flex>
      )}
      {plan && cancelling && <CancelDialog plan={plan} onClose={() => setCancelling(false)} />}
      {plan && stockGone && (
        <Modal
          open
          className="armature-confirm"
          width={DIALOG_WIDTH}
          title={t('actions.stockGoneTitle')}
          onCancel={() => setStockGone(undefined)}
          footer={
            <Flex gap="small" justify="end" wrap>
              <Button onClick={() => setStockGone(undefined)}>{t('common:actions.close')}</Button>
              {may.optimize && (
                <Button
                  data-testid="stock-gone-reoptimize"
                  type="primary"
                  icon={<ReloadOutlined />}
                  onClick={() => {
                    setStockGone(undefined);
                    runAgain();
                  }}
                >
                  {t('actions.reoptimize')}
                </Button>
              )}
            </Flex>
          }
        >
          <Typography.Paragraph data-testid="stock-gone-message">{stockGone}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">{t('actions.stockGoneExplain')}</Typography.Paragraph>
        </Modal>
      )}
    </DetailCard>
  );
}
