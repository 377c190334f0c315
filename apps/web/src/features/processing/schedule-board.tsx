import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DndContext,
  MouseSensor,
  TouchSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { Flex, Segmented, Tooltip, Typography, theme } from 'antd';
import {
  DEFAULT_SHIFT_CALENDAR,
  horizonDays,
  horizonWindows,
  type BoardMachine,
  type DailyPlanDetail,
  type DailyPlanJob,
  type JobMove,
  type ScheduleSlot,
} from '@armature/domain';
import { DIAGRAM_PALETTE } from '../../components/cutting-diagram/cutting-diagram.tsx';
import { formatDuration, formatPlantTime } from '../../lib/plant-time.ts';
import { boardAxis, instantAt, xOf, type BoardAxis } from './board-axis.ts';

/**
 * Zoom levels (px per hour): the horizon at a glance, hours, minutes, and a close-up where a job of a
 * minute or two is wide enough to carry its own label — short jobs are read and grabbed there.
 */
const HOUR_WIDTHS = [44, 180, 720, 2880] as const;
type HourWidth = (typeof HOUR_WIDTHS)[number];
/** A drop snaps to whole quarter hours at a glance, 5 minutes by the hour, a minute closer in. */
const SNAP_MINUTES: Record<HourWidth, number> = { 44: 15, 180: 5, 720: 1, 2880: 1 };
const LABEL_WIDTH = 132;
const ROW_HEIGHT = 52;
const HEADER_HEIGHT = 44;

type Palette = { background: string; border: string };

type BoardProps = {
  detail: DailyPlanDetail;
  /** The slots to draw: the stored ones, or a drop's preview while the server answers. */
  slots: readonly ScheduleSlot[];
  /** The machines' equipment records, when the user may read them (their shifts are shaded). */
  machines: readonly BoardMachine[] | undefined;
  /** Jobs a problem names: outlined in red. */
  problemJobs: ReadonlySet<string>;
  /** Where a job links once released (its task's detail page), if the user may open it. */
  taskUrl?: (taskId: string) => string;
  /** Omitted when the schedule may not change (not a draft, or no permission). */
  onMove?: (move: JobMove) => void;
};

/**
 * The daily schedule's board: a row per machine, the horizon's days side by side, each with the hours
 * its shifts and work span. Jobs are bars coloured by diameter with their label; changeovers are
 * hatched; a machine-day over its shift time is red; jobs with a problem are outlined red. On a draft
 * a job is dragged to another machine or time (mouse, or a long press on a touch screen).
 */
export function ScheduleBoard({ detail, slots, machines, problemJobs, taskUrl, onMove }: BoardProps) {
  const { t } = useTranslation('processing');
  const { token } = theme.useToken();
  const [hourWidth, setHourWidth] = useState<HourWidth>(HOUR_WIDTHS[0]);
  const horizon = useMemo(
    () => ({ firstDay: detail.firstDay, days: detail.days, timeZone: detail.timeZone }),
    [detail.firstDay, detail.days, detail.timeZone],
  );
  const windows = useMemo(() => {
    const byId = new Map((machines ?? []).map((machine) => [machine.id, machine]));
    return new Map(
      detail.machines.map((machine) => {
        const record = byId.get(machine.id);
        return [machine.id, record ? horizonWindows(record.shiftCalendar, horizon) : []];
      }),
    );
  }, [detail.machines, machines, horizon]);
  const axis = useMemo(
    () =>
      boardAxis({
        days: horizonDays(horizon),
        timeZone: horizon.timeZone,
        // Without the machines' calendars (a user who may not read them), the usual two shifts show.
        spans: [
          ...(machines ? [...windows.values()].flat() : horizonWindows(DEFAULT_SHIFT_CALENDAR, horizon)),
          ...slots,
        ],
        hourWidth,
      }),
    [horizon, windows, slots, hourWidth, machines],
  );
  const jobs = useMemo(() => new Map(detail.jobs.map((job) => [job.id, job])), [detail.jobs]);
  const orderCodes = useMemo(() => new Map(detail.orders.map((order) => [order.id, order.code])), [detail.orders]);
  const scroller = useRef<HTMLDivElement>(null);
  const firstStart = slots.length ? Math.min(...slots.map((slot) => slot.from)) : null;
  // Each zoom opens on the first job, not on the start of a day that may have nothing in it.
  useEffect(() => {
    if (scroller.current && firstStart !== null)
      scroller.current.scrollLeft = Math.max(0, xOf(axis, firstStart) - axis.hourWidth / 4);
    // Only when the zoom changes or the board first shows: a drag must not move the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hourWidth, firstStart === null]);
  const paletteOf = usePaletteByDiameter(detail.jobs);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 300, tolerance: 8 } }),
  );

  const drop = (event: DragEndEvent) => {
    const data = event.active.data.current as { jobId: string; x: number } | undefined;
    if (!onMove || !data || !event.over) return;
    onMove({
      jobId: data.jobId,
      machineId: String(event.over.id),
      start: instantAt(axis, data.x + event.delta.x, SNAP_MINUTES[hourWidth]),
    });
  };

  const overloads = new Set(
    detail.evaluation.loads.filter((load) => load.overload).map((load) => `${load.machineId}|${load.day}`),
  );
  const firstWork = new Map<string, ScheduleSlot>();
  for (const slot of slots) {
    const first = firstWork.get(slot.jobId);
    if (slot.kind === 'work' && (!first || slot.from < first.from)) firstWork.set(slot.jobId, slot);
  }

  return (
    <Flex vertical gap="small">
      <Segmented<HourWidth>
        data-testid="board-zoom"
        value={hourWidth}
        onChange={setHourWidth}
        options={HOUR_WIDTHS.map((width) => ({
          value: width,
          label: <span data-testid={`board-zoom-${width}`}>{t(`board.zoom.${width}`)}</span>,
        }))}
        style={{ alignSelf: 'start' }}
      />
      <div
        ref={scroller}
        data-testid="schedule-board"
        style={{ overflowX: 'auto', border: `1px solid ${token.colorBorderSecondary}` }}
      >
        <DndContext sensors={sensors} collisionDetection={pointerWithin} onDragEnd={drop}>
          <div style={{ width: LABEL_WIDTH + axis.width, position: 'relative' }}>
            <AxisHeader axis={axis} />
            {detail.machines.map((machine) => (
              <MachineRow
                key={machine.id}
                machineId={machine.id}
                closed={machines !== undefined}
                label={
                  <Flex vertical gap={0}>
                    <Typography.Text strong ellipsis>
                      {machine.name}
                    </Typography.Text>
                    <Typography.Text type="secondary" ellipsis style={{ fontSize: token.fontSizeSM }}>
                      {machine.serialNumber}
                    </Typography.Text>
                  </Flex>
                }
              >
                {/* Shift time is open (plain); the rest of the row, days off included, stays shaded. */}
                {(windows.get(machine.id) ?? []).map((window) => (
                  <div
                    key={`${window.day}-${window.name}-${window.from}`}
                    data-testid="board-shift"
                    style={{
                      position: 'absolute',
                      left: xOf(axis, window.from),
                      width: Math.max(0, xOf(axis, window.to) - xOf(axis, window.from)),
                      top: 0,
                      bottom: 0,
                      background: token.colorBgContainer,
                    }}
                  />
                ))}
                {axis.days.map((day) => (
                  <div
                    key={day.day}
                    data-testid={
                      overloads.has(`${machine.id}|${day.day}`)
                        ? `overload-${machine.serialNumber}-${day.day}`
                        : undefined
                    }
                    title={overloads.has(`${machine.id}|${day.day}`) ? t('board.overload') : undefined}
                    style={{
                      position: 'absolute',
                      left: day.x,
                      width: day.hours * hourWidth,
                      top: 0,
                      bottom: 0,
                      borderLeft: `1px solid ${token.colorBorder}`,
                      background: overloads.has(`${machine.id}|${day.day}`) ? token.colorErrorBg : undefined,
                    }}
                  />
                ))}
                {slots
                  .filter((slot) => slot.machineId === machine.id)
                  .map((slot) => {
                    const job = jobs.get(slot.jobId);
                    if (!job) return null;
                    return (
                      <SlotBar
                        key={`${slot.jobId}-${slot.kind}-${slot.from}`}
                        slot={slot}
                        job={job}
                        axis={axis}
                        palette={paletteOf(job.diameter)}
                        first={firstWork.get(slot.jobId) === slot}
                        problem={problemJobs.has(slot.jobId)}
                        draggable={onMove !== undefined && slot.kind === 'work'}
                        dragX={xOf(axis, firstWork.get(slot.jobId)?.from ?? slot.from)}
                        taskUrl={taskUrl}
                        orders={job.orderIds.map((id) => orderCodes.get(id) ?? id).join(', ')}
                        timeZone={detail.timeZone}
                      />
                    );
                  })}
              </MachineRow>
            ))}
          </div>
        </DndContext>
      </div>
    </Flex>
  );
}

/** One colour per diameter of the schedule, from the diagram palette, in diameter order. */
function usePaletteByDiameter(jobs: readonly DailyPlanJob[]): (diameter: number) => Palette {
  const { token } = theme.useToken();
  const palette = token as unknown as Record<string, string>;
  const diameters = [...new Set(jobs.map((job) => job.diameter))].sort((a, b) => a - b);
  return (diameter) => {
    const name = DIAGRAM_PALETTE[diameters.indexOf(diameter) % DIAGRAM_PALETTE.length] ?? 'blue';
    return {
      background: palette[`${name}3`] ?? token.colorPrimaryBg,
      border: palette[`${name}6`] ?? token.colorPrimary,
    };
  };
}

function AxisHeader({ axis }: { axis: BoardAxis }) {
  const { token } = theme.useToken();
  const sticky: CSSProperties = {
    position: 'sticky',
    left: 0,
    zIndex: 3,
    width: LABEL_WIDTH,
    background: token.colorBgContainer,
  };
  return (
    <div style={{ display: 'flex', height: HEADER_HEIGHT, borderBottom: `1px solid ${token.colorBorder}` }}>
      <div style={sticky} />
      <div style={{ position: 'relative', width: axis.width }}>
        {axis.days.map((day) => (
          <div
            key={day.day}
            data-testid={`board-day-${day.day}`}
            style={{
              position: 'absolute',
              left: day.x,
              width: day.hours * axis.hourWidth,
              height: HEADER_HEIGHT,
              borderLeft: `1px solid ${token.colorBorder}`,
            }}
          >
            <Typography.Text strong style={{ paddingInlineStart: 4, fontSize: token.fontSizeSM }}>
              {day.day}
            </Typography.Text>
            <div style={{ position: 'absolute', top: 22, left: 0, right: 0, height: 20 }}>
              {Array.from({ length: day.hours }, (_, hour) => (
                <span
                  key={hour}
                  style={{
                    position: 'absolute',
                    left: hour * axis.hourWidth,
                    width: axis.hourWidth,
                    fontSize: token.fontSizeSM,
                    color: token.colorTextSecondary,
                    borderLeft: hour > 0 ? `1px dotted ${token.colorBorderSecondary}` : undefined,
                    paddingInlineStart: 2,
                  }}
                >
                  {String((day.startHour + hour) % 24).padStart(2, '0')}
                </span>
              ))}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

function MachineRow({
  machineId,
  closed,
  label,
  children,
}: {
  machineId: string;
  /** The row's time outside the shifts drawn in it is shaded (known only with the machines' calendars). */
  closed: boolean;
  label: React.ReactNode;
  children: React.ReactNode;
}) {
  const { token } = theme.useToken();
  const { setNodeRef, isOver } = useDroppable({ id: machineId });
  return (
    <div style={{ display: 'flex', height: ROW_HEIGHT, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
      <div
        style={{
          position: 'sticky',
          left: 0,
          zIndex: 2,
          width: LABEL_WIDTH,
          flex: `0 0 ${LABEL_WIDTH}px`,
          padding: '4px 8px',
          background: token.colorBgContainer,
          borderInlineEnd: `1px solid ${token.colorBorder}`,
          overflow: 'hidden',
        }}
      >
        {label}
      </div>
      <div
        ref={setNodeRef}
        data-testid={`board-row-${machineId}`}
        style={{
          position: 'relative',
          flex: 1,
          background: isOver ? token.colorPrimaryBg : closed ? token.colorFillTertiary : undefined,
        }}
      >
        {children}
      </div>
    </div>
  );
}

function SlotBar(props: {
  slot: ScheduleSlot;
  job: DailyPlanJob;
  axis: BoardAxis;
  palette: Palette;
  first: boolean;
  problem: boolean;
  draggable: boolean;
  /** Where the job's work begins on the axis: a drag moves that start. */
  dragX: number;
  taskUrl?: (taskId: string) => string;
  /** The codes of the orders the job serves. */
  orders: string;
  timeZone: string;
}) {
  const { t } = useTranslation('processing');
  const { token } = theme.useToken();
  const { slot, job, axis, palette } = props;
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `${slot.jobId}@${slot.from}`,
    data: { jobId: slot.jobId, x: props.dragX },
    disabled: !props.draggable,
  });
  const left = xOf(axis, slot.from);
  const width = Math.max(3, xOf(axis, slot.to) - left);
  const setup = slot.kind === 'setup';
  const style: CSSProperties = {
    position: 'absolute',
    left,
    width,
    top: setup ? 12 : 6,
    height: setup ? ROW_HEIGHT - 24 : ROW_HEIGHT - 14,
    borderRadius: 3,
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    fontSize: token.fontSizeSM,
    lineHeight: '18px',
    padding: '0 3px',
    zIndex: isDragging ? 5 : 1,
    cursor: props.draggable ? 'grab' : undefined,
    touchAction: props.draggable ? 'none' : undefined,
    transform: transform ? `translate(${transform.x}px, ${transform.y}px)` : undefined,
    opacity: isDragging ? 0.8 : 1,
    ...(setup
      ? {
          background: `repeating-linear-gradient(45deg, ${token.colorFillSecondary} 0 4px, ${token.colorBgContainer} 4px 8px)`,
          border: `1px dashed ${token.colorBorder}`,
        }
      : {
          background: palette.background,
          border: props.problem ? `2px solid ${token.colorError}` : `1px solid ${palette.border}`,
          color: token.colorText,
        }),
  };
  const when = `${formatPlantTime(slot.from, props.timeZone)} – ${formatPlantTime(slot.to, props.timeZone).slice(11)} (${formatDuration(slot.to - slot.from, t)})`;
  const tip = setup ? (
    `${t('board.setup', { diameter: job.diameter })} · ${when}`
  ) : (
    <div data-testid="board-job-tip">
      <div>{job.label}</div>
      <div>{t('board.tipOrders', { orders: props.orders })}</div>
      <div>{t('board.tipSpec', { spec: `${job.grade} Φ${job.diameter}`, pieces: job.pieces })}</div>
      <div>{when}</div>
      {job.taskCode && <div>{job.taskCode}</div>}
    </div>
  );
  return (
    <Tooltip title={tip}>
      <div
        ref={setNodeRef}
        data-testid={setup ? 'board-setup' : 'board-job'}
        data-job={slot.jobId}
        data-problem={props.problem || undefined}
        style={style}
        {...(props.draggable ? { ...listeners, ...attributes } : {})}
      >
        {!setup && props.first && (
          <>
            <span>{`Φ${job.diameter} ${job.label}`}</span>
            {job.taskId && job.taskCode && (
              <div>
                {props.taskUrl ? (
                  <Link data-testid="board-task-link" to={props.taskUrl(job.taskId)}>
                    {job.taskCode}
                  </Link>
                ) : (
                  job.taskCode
                )}
              </div>
            )}
          </>
        )}
      </div>
    </Tooltip>
  );
}
