import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, DatePicker, Descriptions, Divider, Empty, Flex, Skeleton, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { timelineSegments, type AlarmRecord, type ShiftOee, type TwinDetail, machineLabel } from '@armature/domain';
import { DetailCard } from '../../components/detail-card.tsx';
import { Slot } from '../../components/feature-slots.tsx';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { useLocale } from '../../lib/i18n.ts';
import { formatNumber, wholeNumbers } from '../../lib/number-format.ts';
import { OperationStatusTag } from './equipment-tags.tsx';
import { equipmentQueries } from './equipment.queries.ts';
import { formatClock, formatHours, formatPercent } from './twin-format.ts';
import { useNow } from './use-now.ts';
import { TwinDetailJobs } from './twin-job.tsx';
import { useLiveBoard } from './use-live-board.ts';
import { useAddressParams } from '../../lib/address-params.ts';

// The charting library is its own chunk, fetched when a machine's detail first shows a chart.
const StateTimelineChart = lazy(() =>
  import('./twin-charts.tsx').then((charts) => ({ default: charts.StateTimelineChart })),
);
const CounterChart = lazy(() => import('./twin-charts.tsx').then((charts) => ({ default: charts.CounterChart })));

// Today's figures are read again while the page is open; a past day's do not change.
const TODAY_REFRESH_MS = 15_000;
const DAY = 'YYYY-MM-DD';

type OeeRow = ShiftOee | (TwinDetail['dayOee'] & { name: string; from: null; to: null });

/** A ratio with the computation that gave it: `6.50 h ÷ 8.00 h`. */
function Ratio({ value, formula }: { value: number | null; formula: string }) {
  const locale = useLocale();
  return (
    <Flex vertical>
      <Typography.Text strong>{formatPercent(value, locale)}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        {formula}
      </Typography.Text>
    </Flex>
  );
}

/** OEE per shift and for the day, each ratio with its inputs, under the formula. */
function OeeTable({ detail }: { detail: TwinDetail }) {
  const { t } = useTranslation('equipment');
  const locale = useLocale();
  const whole = wholeNumbers(locale);
  const hours = (ms: number) => formatHours(ms, locale);
  const rows: OeeRow[] = [...detail.shifts, { ...detail.dayOee, name: t('oee.day'), from: null, to: null }];
  return (
    <>
      <Alert
        data-testid="oee-formula"
        type="info"
        title={t('oee.formula')}
        description={
          <Flex vertical>
            <span>{t('oee.availabilityFormula')}</span>
            <span>{t('oee.performanceFormula')}</span>
            <span>{t('oee.qualityFormula')}</span>
          </Flex>
        }
        style={{ marginBottom: 12 }}
      />
      <Table<OeeRow>
        data-testid="oee-table"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowKey={(row) => `${row.name}-${row.from ?? 'day'}`}
        dataSource={rows}
        locale={{ emptyText: t('oee.noShifts') }}
        columns={[
          {
            title: t('oee.shift'),
            key: 'shift',
            render: (_value, row) => (
              <Flex vertical>
                <Typography.Text strong>{row.name}</Typography.Text>
                {row.from && row.to && (
                  <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                    {formatClock(Date.parse(row.from), detail.timeZone)} –{' '}
                    {formatClock(Date.parse(row.to), detail.timeZone)}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
          { title: t('oee.planned'), key: 'planned', align: 'end', render: (_value, row) => hours(row.plannedMs) },
          { title: t('oee.run'), key: 'run', align: 'end', render: (_value, row) => hours(row.runMs) },
          { title: t('oee.totalPieces'), dataIndex: 'totalPieces', align: 'end', render: whole },
          { title: t('oee.goodPieces'), dataIndex: 'goodPieces', align: 'end', render: whole },
          {
            title: t('oee.idealRate'),
            dataIndex: 'idealRate',
            align: 'end',
            render: (rate: number | null) => (rate === null ? t('oee.noIdealRate') : formatNumber(rate, locale)),
          },
          {
            title: t('oee.availabilityShort'),
            key: 'availability',
            render: (_value, row) => (
              <Ratio value={row.availability} formula={`${hours(row.runMs)} ÷ ${hours(row.plannedMs)}`} />
            ),
          },
          {
            title: t('oee.performanceShort'),
            key: 'performance',
            render: (_value, row) => (
              <Ratio
                value={row.performance}
                formula={`${whole(row.totalPieces)} ÷ (${row.idealRate === null ? '—' : formatNumber(row.idealRate, locale)} × ${hours(row.runMs)})`}
              />
            ),
          },
          {
            title: t('oee.qualityShort'),
            key: 'quality',
            render: (_value, row) => (
              <Ratio value={row.quality} formula={`${whole(row.goodPieces)} ÷ ${whole(row.totalPieces)}`} />
            ),
          },
          {
            title: t('oee.oeeShort'),
            key: 'oee',
            render: (_value, row) => (
              <Ratio
                value={row.oee}
                formula={`${formatPercent(row.availability, locale)} × ${formatPercent(row.performance, locale)} × ${formatPercent(row.quality, locale)}`}
              />
            ),
          },
        ]}
      />
    </>
  );
}

function AlarmTable({ alarms }: { alarms: AlarmRecord[] }) {
  const { t } = useTranslation('equipment');
  return (
    <Table<AlarmRecord>
      data-testid="alarm-table"
      size="small"
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      rowKey={(alarm) => `${alarm.code}-${alarm.raisedAt}`}
      dataSource={alarms}
      locale={{ emptyText: t('alarms.none') }}
      columns={[
        { title: t('alarms.code'), dataIndex: 'code' },
        { title: t('alarms.text'), dataIndex: 'text' },
        {
          title: t('alarms.severity'),
          dataIndex: 'severity',
          render: (severity: AlarmRecord['severity']) => (
            <Tag color={severity === 'info' ? 'blue' : severity === 'warning' ? 'gold' : 'red'}>
              {t(`alarms.severities.${severity}`)}
            </Tag>
          ),
        },
        { title: t('alarms.raisedAt'), dataIndex: 'raisedAt', render: formatDateTime },
        {
          title: t('alarms.clearedAt'),
          dataIndex: 'clearedAt',
          render: (time: string | null) => (time ? formatDateTime(time) : <Tag color="red">{t('alarms.active')}</Tag>),
        },
      ]}
    />
  );
}

/**
 * A machine's digital twin for one plant day (`…/digitalTwinOverview/detail/:id?day=`): its jobs (a
 * machine that takes them over MQTT: the current one and the queue, live), its state timeline as a
 * chart, the day's counters with the pieces per 15 minutes, the alarm history, and OEE per shift with
 * the formula and its inputs.
 */
export default function TwinDetailView() {
  const { t } = useTranslation('equipment');
  const locale = useLocale();
  const whole = wholeNumbers(locale);
  const { id } = useParams();
  const [params, changeParams] = useAddressParams();
  const day = params.get('day') ?? undefined;
  const detail = useQuery({
    ...equipmentQueries.twinDetail(id, day),
    refetchInterval: day === undefined ? TODAY_REFRESH_MS : false,
  });
  const now = useNow(TODAY_REFRESH_MS);
  const value = detail.data;
  // The machine's jobs move by the second: they follow the board's live stream, the day's figures the refresh.
  const { board } = useLiveBoard();
  const liveCard = board.data?.items.find((card) => card.equipmentId === id) ?? value?.card;
  const segments = value ? timelineSegments(value.intervals, value.dayFrom, value.dayTo, now) : [];

  const dayPicker = (
    <DatePicker
      data-testid="twin-day"
      allowClear={false}
      value={value ? dayjs(value.day) : day ? dayjs(day) : null}
      disabledDate={(candidate) => candidate.isAfter(dayjs(), 'day')}
      onChange={(picked) => picked && changeParams((next) => next.set('day', picked.format(DAY)), { replace: true })}
    />
  );

  return (
    <DetailCard
      title={
        value && (
          <Flex gap={8} align="center" wrap>
            <span>{machineLabel(value.card)}</span>
            <OperationStatusTag status={value.card.operationStatus} />
          </Flex>
        )
      }
      buttons={
        <>
          {value && id && (
            <Slot
              name="machineReplan"
              props={{ equipmentId: id, machine: machineLabel(value.card), open: params.get('view') === 'replan' }}
            />
          )}
          {dayPicker}
        </>
      }
      loading={detail.isLoading}
      failed={detail.isError}
    >
      {value && (
        <>
          {value.card.activeAlarm && (
            <Alert
              data-testid="twin-detail-alarm"
              type="error"
              showIcon
              title={`${value.card.activeAlarm.code} · ${value.card.activeAlarm.text}`}
              style={{ marginBottom: 12 }}
            />
          )}
          {liveCard?.telemetry && (
            <>
              <Divider titlePlacement="start">{t('jobs.title')}</Divider>
              <TwinDetailJobs card={liveCard} />
            </>
          )}
          <Divider titlePlacement="start">{t('timeline.title', { day: value.day })}</Divider>
          <div data-testid="state-timeline" data-segments={segments.length}>
            {segments.length === 0 ? (
              <Empty description={t('timeline.empty')} />
            ) : (
              <Suspense fallback={<Skeleton active paragraph={{ rows: 1 }} />}>
                <StateTimelineChart
                  segments={segments}
                  dayFrom={Date.parse(value.dayFrom)}
                  dayTo={Date.parse(value.dayTo)}
                  timeZone={value.timeZone}
                  description={t('timeline.description')}
                />
              </Suspense>
            )}
          </div>
          <Divider titlePlacement="start">{t('counters.title')}</Divider>
          <Descriptions
            data-testid="twin-counters"
            size="small"
            column={{ xs: 2, sm: 4 }}
            items={[
              { key: 'pieces', label: t('counters.pieces'), children: whole(value.counters.pieces) },
              { key: 'good', label: t('counters.good'), children: whole(value.counters.good) },
              { key: 'scrap', label: t('counters.scrap'), children: whole(value.counters.scrap) },
              { key: 'resets', label: t('counters.resets'), children: whole(value.counters.resets) },
            ]}
          />
          {value.counters.buckets.length > 0 && (
            <Suspense fallback={<Skeleton active />}>
              <CounterChart
                buckets={value.counters.buckets}
                timeZone={value.timeZone}
                description={t('counters.description')}
              />
            </Suspense>
          )}
          <Divider titlePlacement="start">{t('oee.title')}</Divider>
          <OeeTable detail={value} />
          <Divider titlePlacement="start">{t('alarms.title')}</Divider>
          <AlarmTable alarms={value.alarms} />
        </>
      )}
    </DetailCard>
  );
}
