import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDraggable } from '@dnd-kit/core';
import { Button, Flex, Popover, Tooltip, Typography, theme } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { isReplannableTask, type DailyPlanJob, type ScheduleSlot } from '@armature/domain';
import { formatDuration, formatPlantTime } from '../../lib/plant-time.ts';
import { xOf, type BoardAxis } from './board-axis.ts';
import { ROW_HEIGHT, type Palette } from './board-layout.ts';
import { missingMaterialLines } from './task-material-tag.tsx';

/**
 * A slot of the board: a job's work (coloured by diameter, its label and task on its first slot,
 * dragged on a draft; framed red with a warning sign when its bars are missing) or a changeover
 * (hatched), with what it is — and what bars it lacks — in a tooltip. Once released, a task not started
 * opens, on a click or a tap, its latest start and the move to another machine or day (`onMoveTask`).
 */
export function SlotBar(props: {
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
  /** Given when the user may re-plan released tasks: moving the job's task. */
  onMoveTask?: (taskId: string) => void;
}) {
  const { t } = useTranslation('processing');
  const { token } = theme.useToken();
  const { slot, job, axis, palette } = props;
  const [menuOpen, setMenuOpen] = useState(false);
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `${slot.jobId}@${slot.from}`,
    data: { jobId: slot.jobId, x: props.dragX },
    disabled: !props.draggable,
  });
  const left = xOf(axis, slot.from);
  const width = Math.max(3, xOf(axis, slot.to) - left);
  const setup = slot.kind === 'setup';
  const missing = !setup && job.material && !job.material.ok ? missingMaterialLines(job.material, t) : [];
  const style: CSSProperties = {
    position: 'absolute',
    left,
    width,
    // The bar covers its time exactly: its padding and frame inside that width, not past its end (a frame
    // drawn as an inset shadow, which a few-pixel bar of a short job cannot be widened by).
    boxSizing: 'border-box',
    top: setup ? 12 : 6,
    height: setup ? ROW_HEIGHT - 24 : ROW_HEIGHT - 14,
    borderRadius: 3,
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    fontSize: token.fontSizeSM,
    lineHeight: '18px',
    padding: width > 12 ? '0 3px' : 0,
    zIndex: isDragging ? 5 : 1,
    cursor: props.draggable ? 'grab' : undefined,
    touchAction: props.draggable ? 'none' : undefined,
    transform: transform ? `translate(${transform.x}px, ${transform.y}px)` : undefined,
    opacity: isDragging ? 0.8 : 1,
    ...(setup
      ? {
          background: `repeating-linear-gradient(45deg, ${token.colorFillSecondary} 0 4px, ${token.colorBgContainer} 4px 8px)`,
          outline: `1px dashed ${token.colorBorder}`,
          outlineOffset: -1,
        }
      : {
          background: palette.background,
          boxShadow: `inset 0 0 0 ${props.problem || missing.length ? `2px ${token.colorError}` : `1px ${palette.border}`}`,
          color: token.colorText,
        }),
  };
  // The first slot starts the job: past its latest start, its order (or the job waiting for it) runs late.
  const startsLate = !setup && props.first && job.latestStart !== null && slot.from > job.latestStart;
  const latest = job.latestStart !== null && (
    <div data-testid="board-job-latest-start">
      {t('board.tipLatestStart', { when: formatPlantTime(job.latestStart, props.timeZone) })}
      {startsLate && ` · ${t('board.startsLate')}`}
    </div>
  );
  const when = `${formatPlantTime(slot.from, props.timeZone)} – ${formatPlantTime(slot.to, props.timeZone).slice(11)} (${formatDuration(slot.to - slot.from, t)})`;
  const tip = setup ? (
    `${t('board.setup', { diameter: job.diameter })} · ${when}`
  ) : (
    <div data-testid="board-job-tip">
      <div>{job.label}</div>
      <div>{t('board.tipOrders', { orders: props.orders })}</div>
      <div>{t('board.tipSpec', { spec: `${job.grade} Φ${job.diameter}`, pieces: job.pieces })}</div>
      <div>{when}</div>
      {latest}
      {job.taskCode && <div>{job.taskCode}</div>}
      {missing.length > 0 && (
        <div data-testid="board-job-material">
          <div>{t('material.missing')}</div>
          {missing.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </div>
      )}
    </div>
  );
  const movable = !setup && props.onMoveTask !== undefined && job.taskId !== null && isReplannableTask(job.taskStatus);
  const bar = (
    // The tooltip steps aside while the task's menu is open over it.
    <Tooltip title={tip} open={menuOpen ? false : undefined}>
      <div
        ref={setNodeRef}
        data-testid={setup ? 'board-setup' : 'board-job'}
        data-job={slot.jobId}
        data-from={slot.from}
        data-problem={props.problem || undefined}
        data-material-missing={missing.length > 0 || undefined}
        data-starts-late={startsLate || undefined}
        data-movable={movable || undefined}
        style={movable ? { ...style, cursor: 'pointer' } : style}
        {...(props.draggable ? { ...listeners, ...attributes } : {})}
      >
        {!setup && props.first && (
          <>
            <span>{`${missing.length ? '⚠ ' : ''}${startsLate ? '⏰ ' : ''}Φ${job.diameter} ${job.label}`}</span>
            {job.taskId && job.taskCode && (
              <div>
                {/* A task to move opens its menu on a tap, which links to it: no second link under the finger. */}
                {props.taskUrl && !movable ? (
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
  if (!movable) return bar;
  const menu = (
    <Flex vertical gap="small" data-testid="board-task-menu" style={{ maxWidth: 280 }}>
      <Typography.Text strong>{`${job.taskCode} · Φ${job.diameter} ${job.label}`}</Typography.Text>
      <div>{when}</div>
      {latest}
      <Flex gap="small" wrap>
        <Button
          data-testid="board-move-task"
          type="primary"
          icon={<SwapOutlined />}
          onClick={() => {
            setMenuOpen(false);
            props.onMoveTask!(job.taskId!);
          }}
        >
          {t('board.moveTask')}
        </Button>
        {props.taskUrl && (
          <Link data-testid="board-task-open" to={props.taskUrl(job.taskId!)} style={{ alignSelf: 'center' }}>
            {t('board.openTask')}
          </Link>
        )}
      </Flex>
    </Flex>
  );
  return (
    <Popover trigger="click" open={menuOpen} onOpenChange={setMenuOpen} content={menu}>
      {bar}
    </Popover>
  );
}
