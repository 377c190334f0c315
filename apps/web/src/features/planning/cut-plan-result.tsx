import { useTranslation } from 'react-i18next';
import { useQueries } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import {
  colourIndexOf,
  diagramSegments,
  type CutPlanDetail,
  type PlanGroup,
  type PlanPattern,
  type PlanTotals,
} from '@armature/domain';
import {
  CuttingDiagram,
  DIAGRAM_PALETTE,
  type CuttingDiagramLabels,
  type DiagramLineInfo,
} from '../../components/cutting-diagram/cutting-diagram.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg, formatNumber, wholeNumbers } from '../../lib/number-format.ts';
import { formatCost, formatRate } from './cut-plan-format.ts';
import { BarSourceTag } from './cut-plan-tags.tsx';
import { planningQueries } from './planning.queries.ts';
import { CutPlanPurchases } from './cut-plan-purchases.tsx';

type RawMaterial = PlanTotals['rawMaterials'][number];
type Unplaced = PlanGroup['unplaced'][number];

/**
 * The order lines of the plan's orders, for the diagrams' tooltips (mark, order, shape), and one
 * colour per line across the plan. The plan names its lines by id only; their orders are read
 * (quietly: without the demand-order page the pieces show their lengths alone).
 */
export function usePlanLines(plan: CutPlanDetail | undefined) {
  const orders = useQueries({
    queries: (plan?.orders ?? []).map((order) => ({ ...planningQueries.order(order.id), meta: { silent: true } })),
  });
  const data = orders.map((order) => order.data);
  const lines = new Map<string, DiagramLineInfo>();
  for (const order of data) {
    for (const line of order?.lines ?? []) {
      lines.set(line.id, {
        mark: line.mark,
        length: line.length,
        orderCode: order?.code,
        spec: line.rebarName,
        legs: line.geometry,
        mandrel: line.mandrel,
        quantity: line.quantity,
      });
    }
  }
  // The plan's lines in order of its orders and their line numbers, then any the orders did not give.
  const fromPatterns = (plan?.groups ?? []).flatMap((group) =>
    group.patterns.flatMap((pattern) => pattern.cuts.map((cut) => cut.orderLineId)),
  );
  const used = new Set(fromPatterns);
  const colours = colourIndexOf(
    [...[...lines.keys()].filter((id) => used.has(id)), ...fromPatterns],
    DIAGRAM_PALETTE.length,
  );
  return { lines, colours };
}

function Totals({ totals }: { totals: PlanTotals }) {
  const { t } = useTranslation('cutPlan');
  const locale = useLocale();
  const whole = wholeNumbers(locale);
  const kg = (weight: number) => `${formatKg(weight, locale)} kg`;
  const rawColumns: TableColumnsType<RawMaterial> = [
    {
      title: t('totals.source'),
      dataIndex: 'source',
      render: (_value, row) => <BarSourceTag source={row.source} />,
    },
    {
      title: t('totals.spec'),
      key: 'spec',
      render: (_value, row) =>
        row.grade || row.diameter ? `${row.grade ?? ''} ${row.diameter ? `Φ${row.diameter}` : ''}`.trim() : '—',
    },
    { title: t('totals.length'), dataIndex: 'length', align: 'end', render: whole },
    { title: t('totals.count'), dataIndex: 'count', align: 'end', render: whole },
    {
      title: t('totals.weight'),
      dataIndex: 'weight',
      align: 'end',
      render: (weight: number) => formatKg(weight, locale),
    },
  ];
  return (
    <Card size="small" title={t('totals.title')} data-testid="cut-plan-totals">
      <Flex vertical gap="middle">
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 2, lg: 4 }}
          items={[
            {
              key: 'demand',
              label: t('totals.demandWeight'),
              children: <span data-testid="totals-demand">{kg(totals.demandWeight)}</span>,
            },
            {
              key: 'material',
              label: t('totals.materialWeight'),
              children: <span data-testid="totals-material">{kg(totals.materialWeight)}</span>,
            },
            { key: 'tail', label: t('totals.tailWeight'), children: kg(totals.tailWeight) },
            { key: 'waste', label: t('totals.wasteWeight'), children: kg(totals.wasteWeight) },
            {
              key: 'useRate',
              label: t('totals.useRate'),
              children: <span data-testid="totals-use-rate">{formatRate(totals.useRate, locale)}</span>,
            },
            { key: 'wasteRate', label: t('totals.wasteRate'), children: formatRate(totals.wasteRate, locale) },
            {
              key: 'bars',
              label: t('totals.bars'),
              children: <span data-testid="totals-bars">{whole(totals.bars)}</span>,
            },
            { key: 'cost', label: t('totals.cost'), children: formatCost(totals.cost, locale) },
            { key: 'bound', label: t('totals.lowerBound'), children: formatNumber(totals.lowerBound, locale, 2) },
            {
              key: 'gap',
              label: t('totals.gap'),
              children: (
                <span data-testid="totals-gap">
                  {totals.optimal ? (
                    <Tag color="success" icon={<CheckCircleOutlined />}>
                      {t('totals.optimal')}
                    </Tag>
                  ) : (
                    formatRate(totals.gap, locale, 3)
                  )}
                </span>
              ),
            },
            {
              key: 'saving',
              label: t('totals.saving'),
              span: 2,
              children: (
                <span data-testid="totals-saving">
                  {t('totals.savingValue', {
                    kg: formatKg(totals.saving.kg, locale),
                    percent: formatNumber(totals.saving.percent, locale, 2),
                  })}
                </span>
              ),
            },
          ]}
        />
        <Table<RawMaterial>
          data-testid="cut-plan-raw-materials"
          title={() => t('totals.rawMaterials')}
          size="small"
          rowKey={(row) => `${row.source}-${row.grade ?? ''}-${row.diameter ?? ''}-${row.length}`}
          columns={rawColumns}
          dataSource={totals.rawMaterials}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      </Flex>
    </Card>
  );
}

function Group({
  group,
  settings,
  lines,
  colours,
}: {
  group: PlanGroup;
  settings: CutPlanDetail['settings'];
  lines: ReadonlyMap<string, DiagramLineInfo>;
  colours: ReadonlyMap<string, number>;
}) {
  const { t } = useTranslation('cutPlan');
  const locale = useLocale();
  const whole = wholeNumbers(locale);
  const formatLength = (mm: number) => formatNumber(mm, locale, 0);
  const bars = group.patterns.reduce((sum, pattern) => sum + pattern.count, 0);
  const labelsOf = (pattern: PlanPattern, pieces: number): CuttingDiagramLabels => ({
    trim: t('diagram.trim'),
    kerf: t('diagram.kerf'),
    tail: t('diagram.tail'),
    waste: t('diagram.waste'),
    repetitions: (count) => t('diagram.repetitions', { count }),
    title: t('diagram.title', { length: formatLength(pattern.stockLength), count: pieces }),
    mark: t('diagram.mark'),
    length: t('diagram.length'),
    order: t('diagram.order'),
  });
  const unplacedColumns: TableColumnsType<Unplaced> = [
    { title: t('diagram.mark'), key: 'mark', render: (_value, row) => lines.get(row.orderLineId)?.mark ?? '—' },
    { title: t('diagram.order'), key: 'order', render: (_value, row) => lines.get(row.orderLineId)?.orderCode ?? '—' },
    { title: t('totals.length'), dataIndex: 'length', align: 'end', render: whole },
    { title: t('totals.count'), dataIndex: 'count', align: 'end', render: whole },
    {
      title: t('groups.reason'),
      dataIndex: 'reason',
      render: (reason: Unplaced['reason']) => t(`groups.reasons.${reason}`),
    },
  ];
  const spec = `${group.grade} Φ${group.diameter}`;
  return (
    <Card
      size="small"
      data-testid={`cut-plan-group-${group.diameter}`}
      title={spec}
      extra={
        <Flex gap="small" wrap>
          <Typography.Text type="secondary">{t('groups.bars', { count: bars })}</Typography.Text>
          {group.optimal ? (
            <Tag color="success">{t('totals.optimal')}</Tag>
          ) : (
            <Tag>{t('groups.gap', { gap: formatNumber(group.gap * 100, locale, 3) })}</Tag>
          )}
        </Flex>
      }
    >
      <Flex vertical gap="large">
        {group.patterns.map((pattern, index) => {
          let segments;
          try {
            segments = diagramSegments({
              stockLength: pattern.stockLength,
              kerf: settings.kerf,
              endTrim: settings.endTrim,
              cuts: pattern.cuts.map((cut) => ({ ...cut, mark: lines.get(cut.orderLineId)?.mark })),
              offcutKind: pattern.offcutKind,
            });
          } catch {
            return null;
          }
          const pieces = pattern.cuts.reduce((sum, cut) => sum + cut.count, 0);
          return (
            <CuttingDiagram
              key={index}
              data-testid="cutting-diagram"
              stockLength={pattern.stockLength}
              kerf={settings.kerf}
              endTrim={settings.endTrim}
              segments={segments}
              count={pattern.count}
              colours={colours}
              lineOf={(id) => lines.get(id)}
              labels={labelsOf(pattern, pieces)}
              formatLength={formatLength}
              caption={
                <>
                  <BarSourceTag source={pattern.source} />
                  {`${formatLength(pattern.stockLength)} mm`}
                  {pattern.heatNo && (
                    <Typography.Text type="secondary">{` · ${t('groups.heatNo', { heatNo: pattern.heatNo })}`}</Typography.Text>
                  )}
                  {pattern.lotCode && (
                    <Typography.Text
                      type="secondary"
                      data-testid="pattern-lot"
                    >{` · ${pattern.lotCode}`}</Typography.Text>
                  )}
                </>
              }
            />
          );
        })}
        {group.unplaced.length > 0 && (
          <Table<Unplaced>
            data-testid="cut-plan-unplaced"
            title={() => <Typography.Text type="danger">{t('groups.unplaced')}</Typography.Text>}
            size="small"
            rowKey={(row) => `${row.orderLineId}-${row.length}`}
            columns={unplacedColumns}
            dataSource={group.unplaced}
            pagination={false}
            scroll={{ x: 'max-content' }}
          />
        )}
      </Flex>
    </Card>
  );
}

/** The current run's result: totals, raw materials by source, and per spec the diagrams and what was not placed. */
export function CutPlanResult({ plan }: { plan: CutPlanDetail }) {
  const { t } = useTranslation('cutPlan');
  const { lines, colours } = usePlanLines(plan);
  if (!plan.totals && plan.groups.length === 0) {
    return (
      <Empty data-testid="cut-plan-no-result" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noResult')} />
    );
  }
  return (
    <Flex vertical gap="middle" data-testid="cut-plan-result">
      <CutPlanPurchases plan={plan} />
      {plan.totals && <Totals totals={plan.totals} />}
      <Typography.Text type="secondary">{t('groups.legend')}</Typography.Text>
      {plan.groups.map((group) => (
        <Group key={group.rebarId} group={group} settings={plan.settings} lines={lines} colours={colours} />
      ))}
    </Flex>
  );
}
