import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DndContext,
  MouseSensor,
  TouchSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { Flex, Segmented, Typography, theme } from 'antd';
import {
  DEFAULT_SHIFT_CALENDAR,
  horizonDays,
  horizonWindows,
  type BoardMachine,
  type DailyPlanDetail,
  type JobMove,
  type ScheduleSlot,
} from '@armature/domain';
import { boardAxis, instantAt, xOf } from './board-axis.ts';
import { AxisHeader } from './board-axis-header.tsx';
import { HOUR_WIDTHS, LABEL_WIDTH, SNAP_MINUTES, type HourWidth } from './board-layout.ts';
import { MachineRow, RowDays } from './board-machine-row.tsx';
import { usePaletteByDiameter } from './board-palette.ts';
import { SlotBar } from './board-slot-bar.tsx';

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
  /** Shown beside a machine's name (a released schedule's "re-plan around this machine"). */
  machineAction?: (machine: { id: string; name: string; serialNumber: string }) => ReactNode;
  /** A released schedule, to whoever may re-plan: a task not started is moved from its bar. */
  onMoveTask?: (taskId: string) => void;
};

/**
 * The daily schedule's board: a row per machine, the horizon's days side by side, each with the hours
 * its shifts and work span. Jobs are bars coloured by diameter with their label; changeovers are
 * hatched; a machine-day over its shift time is red; jobs with a problem are outlined red. On a draft
 * a job is dragged to another machine or time (mouse, or a long press on a touch screen).
 */
export function ScheduleBoard({
  detail,
  slots,
  machines,
  problemJobs,
  taskUrl,
  onMove,
  machineAction,
  onMoveTask,
}: BoardProps) {
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
  // The first job's work, not a changeover before it: at the close-up a changeover is wider than the view.
  const work = slots.filter((slot) => slot.kind === 'work');
  const firstStart = work.length ? Math.min(...work.map((slot) => slot.from)) : null;
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
                  <Flex gap={4} align="center">
                    <Flex vertical gap={0} style={{ minWidth: 0, flex: 1 }}>
                      <Typography.Text strong ellipsis>
                        {machine.name}
                      </Typography.Text>
                      <Typography.Text type="secondary" ellipsis style={{ fontSize: token.fontSizeSM }}>
                        {machine.serialNumber}
                      </Typography.Text>
                    </Flex>
                    {machineAction?.(machine)}
                  </Flex>
                }
              >
                <RowDays
                  machine={machine}
                  axis={axis}
                  windows={windows.get(machine.id) ?? []}
                  overloaded={(day) => overloads.has(`${machine.id}|${day}`)}
                />
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
                        onMoveTask={slot.kind === 'work' ? onMoveTask : undefined}
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
