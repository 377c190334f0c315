import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Flex, Form, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import {
  compareRuns,
  type ComparedFigure,
  type CutPlanDetail,
  type CutPlanRun,
  type OptimizeSettings,
  type RunDifference,
} from '@armature/domain';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg, formatNumber, wholeNumbers } from '../../lib/number-format.ts';
import { formatCost, formatRate } from './cut-plan-format.ts';
import { SettingsFields, settingsOf, sourceKeysOf, useSourcesText, type SettingsValues } from './cut-plan-settings.tsx';
import { JobStateTag } from './cut-plan-tags.tsx';

/** A draft optimised again with other settings: which bars, how long. */
export function ReoptimizeForm({
  plan,
  onSubmit,
  pending,
}: {
  plan: CutPlanDetail;
  onSubmit: (settings: OptimizeSettings) => void;
  pending: boolean;
}) {
  const { t } = useTranslation('cutPlan');
  const [form] = Form.useForm<SettingsValues>();
  return (
    <Card size="small" title={t('runs.reoptimize')} data-testid="reoptimize">
      <Form<SettingsValues>
        form={form}
        layout="vertical"
        initialValues={{
          sources: sourceKeysOf(plan.sources),
          timeLimitS: plan.timeLimitS,
        }}
        onFinish={(values) => onSubmit(settingsOf(values))}
      >
        <Flex gap="middle" wrap align="end">
          <SettingsFields testIdPrefix="reoptimize" />
          <Button data-testid="reoptimize-submit" htmlType="submit" icon={<ReloadOutlined />} loading={pending}>
            {t('runs.reoptimizeSubmit')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

function useFigureFormat() {
  const locale = useLocale();
  return (figure: ComparedFigure, value: number): string => {
    switch (figure) {
      case 'bars':
        return wholeNumbers(locale)(value);
      case 'cost':
        return formatCost(value, locale);
      case 'useRate':
        return formatRate(value, locale);
      case 'gap':
        return formatRate(value, locale, 3);
      default:
        return `${formatKg(value, locale)} kg`;
    }
  };
}

/** Two runs side by side: each figure of both, b − a, and which is better on it. */
function RunComparison({ a, b }: { a: CutPlanRun; b: CutPlanRun }) {
  const { t } = useTranslation('cutPlan');
  const locale = useLocale();
  const format = useFigureFormat();
  if (!a.totals || !b.totals) return null;
  const rows = compareRuns(a.totals, b.totals);
  const signed = (row: RunDifference) => {
    const text = format(row.figure, Math.abs(row.difference));
    return row.difference > 0 ? `+${text}` : row.difference < 0 ? `−${text}` : formatNumber(0, locale, 0);
  };
  const cell = (row: RunDifference, side: 'a' | 'b') => (
    <Typography.Text strong={row.better === side} type={row.better === side ? 'success' : undefined}>
      {format(row.figure, row[side])}
    </Typography.Text>
  );
  const columns: TableColumnsType<RunDifference> = [
    { title: t('runs.figure'), dataIndex: 'figure', render: (figure: ComparedFigure) => t(`runs.figures.${figure}`) },
    { title: t('runs.run', { number: a.number }), key: 'a', align: 'end', render: (_value, row) => cell(row, 'a') },
    { title: t('runs.run', { number: b.number }), key: 'b', align: 'end', render: (_value, row) => cell(row, 'b') },
    { title: t('runs.difference'), key: 'difference', align: 'end', render: (_value, row) => signed(row) },
    {
      title: t('runs.better'),
      dataIndex: 'better',
      render: (better: RunDifference['better']) =>
        better === null ? (
          '—'
        ) : (
          <Tag color="success">{t('runs.run', { number: better === 'a' ? a.number : b.number })}</Tag>
        ),
    },
  ];
  return (
    <Table<RunDifference>
      data-testid="run-comparison"
      title={() => t('runs.comparisonTitle', { a: a.number, b: b.number })}
      size="small"
      rowKey="figure"
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      onRow={(row) => ({ 'data-testid': `compare-${row.figure}` }) as object}
    />
  );
}

/** Every run of the plan, the current one marked; two chosen are compared side by side. */
export function CutPlanRuns({ plan }: { plan: CutPlanDetail }) {
  const { t } = useTranslation('cutPlan');
  const locale = useLocale();
  const [chosen, setChosen] = useState<string[]>([]);
  const runs = [...plan.runs].sort((x, y) => x.number - y.number);
  const compared = chosen.map((id) => runs.find((run) => run.id === id)).filter((run) => run !== undefined);
  const sourcesText = useSourcesText();
  const columns: TableColumnsType<CutPlanRun> = [
    {
      title: t('runs.number'),
      dataIndex: 'number',
      render: (number: number, run) => (
        <Flex gap={4} align="center">
          {number}
          {run.id === plan.currentRunId && <Tag color="blue">{t('runs.current')}</Tag>}
        </Flex>
      ),
    },
    {
      title: t('runs.settings'),
      key: 'settings',
      render: (_value, run) => `${sourcesText(run.settings.sources)} · ${run.settings.timeLimitS} s`,
    },
    { title: t('runs.state'), key: 'state', render: (_value, run) => <JobStateTag state={run.job.state} /> },
    {
      title: t('runs.figures.bars'),
      key: 'bars',
      align: 'end',
      render: (_value, run) => (run.totals ? wholeNumbers(locale)(run.totals.bars) : '—'),
    },
    {
      title: t('runs.figures.cost'),
      key: 'cost',
      align: 'end',
      render: (_value, run) => formatCost(run.totals?.cost, locale),
    },
    {
      title: t('runs.figures.wasteWeight'),
      key: 'waste',
      align: 'end',
      render: (_value, run) => (run.totals ? formatKg(run.totals.wasteWeight, locale) : '—'),
    },
    {
      title: t('runs.figures.useRate'),
      key: 'useRate',
      align: 'end',
      render: (_value, run) => formatRate(run.totals?.useRate, locale),
    },
    {
      title: t('runs.figures.gap'),
      key: 'gap',
      align: 'end',
      render: (_value, run) =>
        run.totals ? (run.totals.optimal ? t('totals.optimal') : formatRate(run.totals.gap, locale, 3)) : '—',
    },
    { title: t('runs.time'), dataIndex: 'creationTime', render: formatDateTime },
  ];
  return (
    <Card size="small" title={t('runs.title')} data-testid="cut-plan-runs">
      <Flex vertical gap="middle">
        <Table<CutPlanRun>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={runs}
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowSelection={{
            selectedRowKeys: chosen,
            // The two most recently ticked are compared.
            onChange: (keys) => setChosen(keys.map(String).slice(-2)),
            getCheckboxProps: (run) => ({ disabled: !run.totals, 'data-testid': `run-check-${run.number}` }) as object,
          }}
          onRow={(run) => ({ 'data-testid': `run-${run.number}` }) as object}
        />
        {compared.length === 2 && compared[0] && compared[1] ? (
          <RunComparison a={compared[0]} b={compared[1]} />
        ) : (
          runs.length > 1 && <Typography.Text type="secondary">{t('runs.compareHint')}</Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
