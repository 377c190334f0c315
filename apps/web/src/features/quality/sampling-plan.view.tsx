import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, InputNumber, Table } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import type { SamplingPlan } from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { usePageButtons } from '../../components/page-access.ts';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { qualityKeys, qualityMutations, qualityQueries } from './quality.queries.ts';

const MAX_EVERY_N = 100_000;

/** One row's "every N" field and its save button; the value typed stays until saved. */
function EveryNEditor({ plan, editable }: { plan: SamplingPlan; editable: boolean }) {
  const { t } = useTranslation('quality');
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const [everyN, setEveryN] = useState<number>(plan.everyN);
  const save = useMutation({
    ...qualityMutations.saveSamplingPlan(),
    onSuccess: async () => {
      notify.success(t('sampling.saved', { technique: plan.techniqueName }));
      await queryClient.invalidateQueries({ queryKey: qualityKeys.samplingPlans() });
    },
  });
  if (!editable) return plan.everyN === 0 ? t('sampling.firstOnly') : plan.everyN;
  return (
    <Flex gap="small" align="center">
      <InputNumber<number>
        data-testid={`every-n-${plan.techniqueCode}`}
        aria-label={t('sampling.everyN')}
        min={0}
        max={MAX_EVERY_N}
        precision={0}
        value={everyN}
        onChange={(value) => setEveryN(value ?? 0)}
        style={{ width: 120 }}
      />
      <Button
        data-testid={`save-${plan.techniqueCode}`}
        icon={<SaveOutlined />}
        aria-label={t('actions.save', { ns: 'common' })}
        disabled={everyN === plan.everyN}
        loading={save.isPending}
        onClick={() => save.mutate({ techniqueId: plan.techniqueId, everyN })}
      />
    </Flex>
  );
}

/** Sampling plans (`/intelligentProcess/quality/samplingPlan`): how often each production technique is checked. */
export default function SamplingPlanView() {
  const { t } = useTranslation('quality');
  const editable = usePageButtons().has('update');
  const plans = useQuery(qualityQueries.samplingPlans());
  return (
    <Card title={t('titles.samplingPlans')}>
      <Flex vertical gap="middle">
        <Alert type="info" showIcon title={t('sampling.rule')} />
        <Table<SamplingPlan>
          data-testid="list-table"
          size="small"
          rowKey="techniqueId"
          loading={plans.isLoading}
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={plans.data}
          onRow={(plan) => ({ 'data-testid': `row-${plan.techniqueCode}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            { title: t('sampling.techniqueCode'), dataIndex: 'techniqueCode' },
            { title: t('sampling.technique'), dataIndex: 'techniqueName' },
            {
              title: t('sampling.everyN'),
              key: 'everyN',
              // Re-mounted with the saved value, so the field shows what the server holds.
              render: (_v, plan) => <EveryNEditor key={plan.everyN} plan={plan} editable={editable} />,
            },
            {
              title: t('sampling.lastModified'),
              dataIndex: 'lastModificationTime',
              render: (time: string | null) => (time ? formatDateTime(time) : '—'),
            },
          ]}
        />
      </Flex>
    </Card>
  );
}
