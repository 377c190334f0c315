import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Row, Select, Table } from 'antd';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { MAX_SUBGROUP_SIZE, type Equipment, type PassRate, machineLabel } from '@armature/domain';
import { useChartStyle } from '../../components/chart-style.ts';
import { FILTER_WIDTH } from '../../components/list-filters.tsx';
import { ReferenceSelect } from '../../components/resource/reference-select.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { formatNumber } from '../../lib/number-format.ts';
import { ControlChart } from './control-chart.tsx';
import { qualityQueries, type InspectionFilters } from './quality.queries.ts';

type PassRateRow = PassRate['items'][number];

const percent = (rate: number) => Math.round(rate * 1000) / 10;

function PassRateCard({ filters }: { filters: InspectionFilters }) {
  const { t } = useTranslation('quality');
  const locale = useLocale();
  const { token, axis, grid, tooltip } = useChartStyle();
  const passRate = useQuery(qualityQueries.passRate(filters));
  const rows = passRate.data?.items ?? [];
  return (
    <Card size="small" title={t('stats.passRate')} data-testid="pass-rate" loading={passRate.isLoading}>
      {rows.length === 0 ? (
        <Empty description={t('stats.noData')} />
      ) : (
        <Flex vertical gap="middle">
          <ResponsiveContainer width="100%" height={220}>
            <BarChart data={rows} desc={t('stats.passRate')} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid {...grid} />
              <XAxis dataKey="code" {...axis} />
              <YAxis domain={[0, 1]} width="auto" tickFormatter={(rate: number) => `${percent(rate)}%`} {...axis} />
              <Tooltip
                {...tooltip}
                formatter={(rate) => `${formatNumber(percent(Number(rate)), locale)}%`}
                labelFormatter={(code) => rows.find((row) => row.code === code)?.name ?? String(code)}
              />
              <Bar dataKey="passRate" name={t('stats.rate')} fill={token.colorSuccess} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
          <Table<PassRateRow>
            size="small"
            rowKey="inspectionTypeId"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={rows}
            columns={[
              { title: t('fields.characteristic'), key: 'name', render: (_v, row) => `${row.code} ${row.name}` },
              { title: t('stats.checks'), dataIndex: 'checks', align: 'end' },
              { title: t('stats.passed'), dataIndex: 'passed', align: 'end' },
              {
                title: t('stats.rate'),
                dataIndex: 'passRate',
                align: 'end',
                render: (rate: number) => `${formatNumber(percent(rate), locale)}%`,
              },
            ]}
          />
        </Flex>
      )}
    </Card>
  );
}

const SUBGROUP_SIZES = Array.from({ length: MAX_SUBGROUP_SIZE }, (_, index) => index + 1);

function ControlChartCard({ filters, machines }: { filters: InspectionFilters; machines: Equipment[] }) {
  const { t } = useTranslation('quality');
  // Starts on the characteristic the list is filtered by, if any.
  const [inspectionTypeId, setInspectionTypeId] = useState(filters.inspectionTypeId);
  const [equipmentId, setEquipmentId] = useState(filters.equipmentId);
  const [subgroupSize, setSubgroupSize] = useState(1);
  const chart = useQuery(
    qualityQueries.controlChart(
      inspectionTypeId === undefined
        ? undefined
        : {
            inspectionTypeId,
            equipmentId,
            subgroupSize,
            dateFrom: filters.dateFrom,
            dateTo: filters.dateTo,
            limit: 200,
          },
    ),
  );
  return (
    <Card size="small" title={t('stats.controlChart')} data-testid="control-chart">
      <Flex gap="small" wrap style={{ marginBottom: 12 }}>
        <ReferenceSelect
          to="inspectionType"
          data-testid="chart-characteristic"
          placeholder={t('stats.chooseCharacteristic')}
          style={{ width: FILTER_WIDTH * 1.5, maxWidth: '100%' }}
          value={inspectionTypeId}
          onChange={(value?: string) => setInspectionTypeId(value)}
        />
        {machines.length > 0 && (
          <Select<string>
            data-testid="chart-machine"
            allowClear
            placeholder={t('stats.allMachines')}
            style={{ width: FILTER_WIDTH }}
            value={equipmentId}
            onChange={(value?: string) => setEquipmentId(value)}
            options={machines.map((machine) => ({ value: machine.id, label: machineLabel(machine) }))}
          />
        )}
        <Select<number>
          data-testid="chart-subgroup"
          aria-label={t('stats.subgroupSize')}
          style={{ width: FILTER_WIDTH }}
          value={subgroupSize}
          onChange={setSubgroupSize}
          options={SUBGROUP_SIZES.map((n) => ({
            value: n,
            label: n === 1 ? t('stats.individuals') : t('stats.xbarR', { n }),
          }))}
        />
      </Flex>
      {inspectionTypeId === undefined ? (
        <Empty description={t('stats.chooseCharacteristic')} />
      ) : chart.data && chart.data.points.length > 0 ? (
        <ControlChart chart={chart.data} />
      ) : (
        <Empty description={t('stats.noData')} />
      )}
    </Card>
  );
}

/** The statistics tab: pass rate per characteristic of the filtered records, and a control chart. */
export default function InspectionStats(props: {
  filters: InspectionFilters;
  machines: Equipment[];
  filtersBar: ReactNode;
}) {
  return (
    <Flex vertical gap="middle">
      <Card size="small">
        <Flex gap="small" wrap>
          {props.filtersBar}
        </Flex>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <PassRateCard filters={props.filters} />
        </Col>
        <Col xs={24} xl={14}>
          <ControlChartCard filters={props.filters} machines={props.machines} />
        </Col>
      </Row>
    </Flex>
  );
}
