import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, DatePicker, Flex, Form, InputNumber, Select, Table, Typography } from 'antd';
import { ScheduleOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { MAX_HORIZON_DAYS, type CutPlan, type DailyPlanCreateInput, machineLabel } from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { PickedRowsFooter } from '../../components/form-actions.tsx';
import { useOpenSaved } from '../../components/resource/use-record-form.ts';
import { idempotencyKeys } from '../../lib/idempotency-keys.ts';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg } from '../../lib/number-format.ts';
import { dailyPlanMutations, processingQueries, refreshProcessing } from './processing.queries.ts';

type Values = { firstDay: Dayjs; days: number; machineIds?: string[]; remark?: string };

/**
 * A new daily schedule (`…/dailyPlan/add`): its first day and length, the approved cutting plans it
 * takes, the machines it may use (all of the line by default) and a remark. The server schedules it at
 * once; the page then opens its board.
 */
export default function DailyPlanFormView() {
  const { t } = useTranslation(['processing', 'resource']);
  const locale = useLocale();
  const openSaved = useOpenSaved();
  const queryClient = useQueryClient();
  const { notify } = useFeedback();
  const [form] = Form.useForm<Values>();
  const [planIds, setPlanIds] = useState<string[]>([]);
  const [keyFor] = useState(() => idempotencyKeys());
  const plans = useQuery(processingQueries.approvedCutPlans());
  const machines = useQuery(processingQueries.machines());
  const create = useMutation({ ...dailyPlanMutations.create(keyFor), meta: { form } });

  const submit = async (values: Values) => {
    const body: DailyPlanCreateInput = {
      firstDay: values.firstDay.format('YYYY-MM-DD'),
      days: values.days,
      cutPlanIds: planIds,
      machineIds: values.machineIds?.length ? values.machineIds : undefined,
      remark: values.remark?.trim() || null,
    };
    const plan = await create.mutateAsync(body).catch(() => undefined);
    if (!plan) return;
    notify.success(t('plan.created', { code: plan.code }));
    void refreshProcessing(queryClient);
    openSaved(plan.id);
  };

  return (
    <Card data-testid="daily-plan-form" title={t('plan.addTitle')}>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ firstDay: dayjs(), days: 1 }}
        onFinish={(values) => void submit(values)}
      >
        <Flex vertical gap="middle">
          <Flex gap="middle" wrap>
            <Form.Item
              name="firstDay"
              label={t('plan.firstDay')}
              rules={[{ required: true }]}
              style={{ marginBottom: 0 }}
            >
              <DatePicker data-testid="field-firstDay" allowClear={false} />
            </Form.Item>
            <Form.Item name="days" label={t('plan.days')} rules={[{ required: true }]} style={{ marginBottom: 0 }}>
              <InputNumber data-testid="field-days" min={1} max={MAX_HORIZON_DAYS} precision={0} />
            </Form.Item>
            {!machines.isError && (
              <Form.Item
                name="machineIds"
                label={t('plan.machines')}
                extra={t('plan.machinesHint')}
                style={{ flex: '1 1 280px', marginBottom: 0 }}
              >
                <Select
                  data-testid="field-machineIds"
                  mode="multiple"
                  allowClear
                  loading={machines.isLoading}
                  placeholder={t('plan.allMachines')}
                  optionFilterProp="label"
                  options={(machines.data ?? []).map((machine) => ({
                    value: machine.id,
                    label: machineLabel(machine),
                  }))}
                />
              </Form.Item>
            )}
          </Flex>
          <Typography.Text type="secondary">{t('plan.cutPlansHint')}</Typography.Text>
          <Table<CutPlan>
            data-testid="plan-cut-plans"
            size="small"
            rowKey="id"
            loading={plans.isFetching}
            dataSource={plans.data?.items ?? []}
            scroll={{ x: 'max-content' }}
            pagination={false}
            locale={{ emptyText: t('plan.noCutPlans') }}
            columns={[
              { title: t('plan.code'), dataIndex: 'code' },
              { title: t('plan.planDate'), dataIndex: 'planDate' },
              { title: t('plan.specs'), dataIndex: 'specs', ellipsis: true },
              {
                title: t('plan.orders'),
                dataIndex: 'orderCodes',
                ellipsis: true,
                render: (codes: string[]) => codes.join(', '),
              },
              {
                title: t('plan.demandWeight'),
                dataIndex: 'demandWeight',
                align: 'end',
                render: (weight: number | null) => (weight === null ? '—' : formatKg(weight, locale)),
              },
            ]}
            rowSelection={{
              selectedRowKeys: planIds,
              onChange: (keys) => setPlanIds(keys.map(String)),
              getCheckboxProps: (plan) => ({ 'data-testid': `cut-plan-check-${plan.code}` }) as object,
            }}
            onRow={(plan) => ({ 'data-testid': `cut-plan-${plan.code}` }) as object}
          />
          <PickedRowsFooter
            remarkLabel={t('plan.remark')}
            saving={create.isPending}
            submitLabel={t('plan.submit')}
            submitIcon={<ScheduleOutlined />}
            nothingPicked={planIds.length === 0}
          />
        </Flex>
      </Form>
    </Card>
  );
}
