import { useTranslation } from 'react-i18next';
import { Card, Flex, Table, Tag, Timeline, Typography, type TableColumnsType } from 'antd';
import {
  BAR_SOURCE_LABELS,
  TASK_ACTION_LABELS,
  TASK_REASSIGN_LABEL,
  TASK_STATUS_LABELS,
  colourIndexOf,
  diagramSegments,
  type Bundle,
  type StockLogItem,
  type Task,
  type TaskDetail,
  type TaskEvent,
  type TaskOutput,
} from '@armature/domain';
import { BarShape } from '../../components/bar-shape/bar-shape.tsx';
import { SupersededTag } from '../../components/superseded-tag.tsx';
import { CuttingDiagram, type DiagramLineInfo } from '../../components/cutting-diagram/cutting-diagram.tsx';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { ledgerColumns, type LedgerField } from '../../components/stock-ledger/ledger-columns.tsx';
import { weightColumn } from '../../components/resource/weight-column.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { formatNumber, wholeNumbers } from '../../lib/number-format.ts';

/** One of the task page's tables in its card: small, every row on one page, scrolled sideways at 390 px. */
function TableCard<T extends object>(props: {
  title: string;
  testId: string;
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  rows: readonly T[];
  /** What the table says when it has no row (antd's default otherwise). */
  empty?: string;
  extra?: React.ReactNode;
}) {
  return (
    <Card size="small" title={props.title} extra={props.extra}>
      <Table<T>
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid={props.testId}
        rowKey={props.rowKey}
        columns={props.columns}
        dataSource={props.rows}
        locale={props.empty === undefined ? undefined : { emptyText: props.empty }}
      />
    </Card>
  );
}

/** What the task makes: a cut task's bar as the saw cuts it, a bend task's shape per output. */
export function TaskDrawing({ task }: { task: Task }) {
  const { t } = useTranslation('processing');
  const locale = useLocale();
  const formatLength = (mm: number) => formatNumber(mm, locale, 0);
  const lines = new Map<string, DiagramLineInfo>(
    task.outputs.map((output) => [
      output.orderLineId,
      {
        mark: output.mark,
        length: output.length,
        orderCode: output.orderCode,
        legs: output.geometry,
        mandrel: output.mandrel,
      },
    ]),
  );
  if (task.pattern) {
    const pattern = task.pattern;
    let segments;
    try {
      // The task carries no kerf or trim: the pieces and the offcut are drawn to scale without them.
      segments = diagramSegments({
        stockLength: pattern.stockLength,
        kerf: 0,
        endTrim: 0,
        cuts: pattern.cuts,
        offcutKind: pattern.offcutKind,
      });
    } catch {
      segments = null;
    }
    const pieces = pattern.cuts.reduce((sum, cut) => sum + cut.count, 0);
    return (
      <Card size="small" title={t('taskDetail.diagram')} data-testid="task-drawing">
        {segments && (
          <CuttingDiagram
            data-testid="cutting-diagram"
            stockLength={pattern.stockLength}
            kerf={0}
            endTrim={0}
            segments={segments}
            count={task.repetitions}
            colours={colourIndexOf(pattern.cuts.map((cut) => cut.orderLineId))}
            lineOf={(id) => lines.get(id)}
            formatLength={formatLength}
            labels={{
              trim: t('diagram.trim'),
              kerf: t('diagram.kerf'),
              tail: t('diagram.tail'),
              waste: t('diagram.waste'),
              repetitions: (count) => t('diagram.repetitions', { count }),
              title: t('diagram.title', { length: formatLength(pattern.stockLength), count: pieces }),
              mark: t('diagram.mark'),
              length: t('diagram.length'),
              order: t('diagram.order'),
            }}
            caption={
              <>
                <Tag>{BAR_SOURCE_LABELS[pattern.source][locale]}</Tag>
                {`${formatLength(pattern.stockLength)} mm`}
                {pattern.heatNo && (
                  <Typography.Text type="secondary">{` · ${t('diagram.heatNo', { heatNo: pattern.heatNo })}`}</Typography.Text>
                )}
              </>
            }
          />
        )}
      </Card>
    );
  }
  return (
    <Card size="small" title={t('taskDetail.shape')} data-testid="task-drawing">
      <Flex gap="middle" wrap>
        {task.outputs.map((output) => (
          <Flex key={output.orderLineId} vertical align="center" data-testid="task-shape">
            <BarShape
              legs={output.geometry}
              length={output.length}
              mandrel={output.mandrel}
              size="medium"
              showDimensions
              formatLength={formatLength}
              title={output.shapeCode ?? undefined}
            />
            <Typography.Text>{`${output.mark} · ${formatLength(output.length)} mm`}</Typography.Text>
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}

/** The pieces per order line: how many in all, made so far, and where they go next. */
export function OutputsCard({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('processing');
  const whole = wholeNumbers(useLocale());
  const columns: TableColumnsType<TaskOutput> = [
    { title: t('output.order'), dataIndex: 'orderCode' },
    { title: t('output.project'), dataIndex: 'project', ellipsis: true },
    {
      title: t('output.mark'),
      key: 'mark',
      render: (_v, output) => (
        <Flex gap={4} wrap>
          {output.mark}
          {output.supersededRevision !== null && <SupersededTag revision={output.supersededRevision} />}
        </Flex>
      ),
    },
    {
      title: t('output.shape'),
      key: 'shape',
      render: (_v, output) => (
        <BarShape legs={output.geometry} length={output.length} mandrel={output.mandrel} size="small" />
      ),
    },
    { title: t('output.length'), dataIndex: 'length', align: 'end', render: whole },
    { title: t('output.perRepetition'), dataIndex: 'perRepetition', align: 'end', render: whole },
    { title: t('output.pieces'), dataIndex: 'pieces', align: 'end', render: whole },
    { title: t('output.produced'), dataIndex: 'produced', align: 'end', render: whole },
    {
      title: t('output.stage'),
      dataIndex: 'stage',
      render: (stage: TaskOutput['stage']) => t(`output.stages.${stage}`),
    },
  ];
  return (
    <TableCard<TaskOutput>
      title={t('taskDetail.outputs')}
      testId="task-outputs"
      rowKey="orderLineId"
      columns={columns}
      rows={task.outputs}
    />
  );
}

/** A re-plan's planned starts (`fromStart`, `start`) read as plant times; other values as they are. */
const INSTANTS = new Set(['fromStart', 'start']);
const shown = (key: string, value: unknown) =>
  INSTANTS.has(key) && typeof value === 'string' ? formatDateTime(value) : String(value);

/** Who did what to the task, and when (reports with their counts, a failure with its reason). */
export function EventsCard({ events }: { events: readonly TaskEvent[] }) {
  const { t } = useTranslation('processing');
  const locale = useLocale();
  const actionLabel = (event: TaskEvent) =>
    event.action === 'report' ||
    event.action === 'telemetry' ||
    event.action === 'inspection' ||
    event.action === 'replan'
      ? t(`events.${event.action}`)
      : event.action === 'reassign'
        ? TASK_REASSIGN_LABEL[locale]
        : TASK_ACTION_LABELS[event.action][locale];
  const details = (event: TaskEvent) =>
    Object.entries(event.data ?? {})
      .filter(([, value]) => value !== null && typeof value !== 'object')
      .map(([key, value]) => `${t(`events.fields.${key}`, { defaultValue: key })}: ${shown(key, value)}`)
      .join(' · ');
  return (
    <Card size="small" title={t('taskDetail.events')} data-testid="task-events">
      <Timeline
        items={events.map((event, index) => ({
          key: index,
          content: (
            <Flex vertical gap={0} data-testid="task-event" data-action={event.action}>
              <span>
                <Typography.Text strong>{actionLabel(event)}</Typography.Text>
                {event.toStatus &&
                  ` · ${event.fromStatus ? `${TASK_STATUS_LABELS[event.fromStatus][locale]} → ` : ''}${TASK_STATUS_LABELS[event.toStatus][locale]}`}
              </span>
              <Typography.Text type="secondary">{`${formatDateTime(event.time)} · ${event.userName ?? '—'}`}</Typography.Text>
              {details(event) && <Typography.Text italic>{details(event)}</Typography.Text>}
            </Flex>
          ),
        }))}
      />
    </Card>
  );
}

/** The fields of the moves a task caused, labelled by `processing`'s `moves.*`. */
const MOVE_FIELDS = [
  'time',
  'kind',
  'direction',
  'spec',
  'length',
  'quantity',
  'weight',
  'reason',
  'operator',
] as const satisfies readonly LedgerField[];

/** The ledger rows the task caused: bars consumed, pieces, offcuts and waste. */
export function StockMovesCard({ moves }: { moves: readonly StockLogItem[] }) {
  const { t } = useTranslation('processing');
  const locale = useLocale();
  const columns = ledgerColumns({
    locale,
    fields: MOVE_FIELDS,
    label: (field) => t(`moves.${field as (typeof MOVE_FIELDS)[number]}`),
  });
  return (
    <TableCard<StockLogItem>
      title={t('taskDetail.stockMoves')}
      testId="task-stock-moves"
      rowKey="id"
      columns={columns}
      rows={moves}
      empty={t('taskDetail.noMoves')}
    />
  );
}

/** The bundles the task made, each with its tag; `actions` prints them. */
export function BundlesCard({ bundles, actions }: { bundles: readonly Bundle[]; actions: React.ReactNode }) {
  const { t } = useTranslation('processing');
  const locale = useLocale();
  const whole = wholeNumbers(locale);
  const columns: TableColumnsType<Bundle> = [
    { title: t('bundles.number'), key: 'number', render: (_v, bundle) => `${bundle.number}/${bundle.count}` },
    { title: t('output.order'), dataIndex: 'orderCode' },
    {
      title: t('output.mark'),
      key: 'mark',
      render: (_v, bundle) => (
        <Flex gap={4} wrap>
          {bundle.mark}
          {bundle.supersededAt !== null && <SupersededTag testId={`bundle-superseded-${bundle.code}`} />}
        </Flex>
      ),
    },
    { title: t('task.spec'), dataIndex: 'spec' },
    { title: t('output.length'), dataIndex: 'length', align: 'end', render: whole },
    { title: t('output.pieces'), dataIndex: 'pieces', align: 'end', render: whole },
    weightColumn(t('moves.weight'), locale),
    {
      title: t('bundles.status'),
      dataIndex: 'status',
      render: (status: Bundle['status']) => t(`bundles.statuses.${status}`),
    },
  ];
  return (
    <TableCard<Bundle>
      title={t('taskDetail.bundles')}
      testId="task-bundles"
      rowKey="id"
      columns={columns}
      rows={bundles}
      empty={t('taskDetail.noBundles')}
      extra={actions}
    />
  );
}
