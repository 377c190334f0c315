import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDroppable } from '@dnd-kit/core';
import { theme } from 'antd';
import type { ShiftWindow } from '@armature/domain';
import { xOf, type BoardAxis } from './board-axis.ts';
import { LABEL_WIDTH, ROW_HEIGHT } from './board-layout.ts';

/** A machine's row: its label, kept in view while the board scrolls, and the place a job is dropped on. */
export function MachineRow({
  machineId,
  closed,
  label,
  children,
}: {
  machineId: string;
  /** The row's time outside the shifts drawn in it is shaded (known only with the machines' calendars). */
  closed: boolean;
  label: ReactNode;
  children: ReactNode;
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

/**
 * A row's days: its shift time open (plain) while the rest of the row, days off included, stays
 * shaded, and each day it is over its shift time red.
 */
export function RowDays({
  machine,
  axis,
  windows,
  overloaded,
}: {
  machine: { serialNumber: string };
  axis: BoardAxis;
  windows: readonly ShiftWindow[];
  overloaded: (day: string) => boolean;
}) {
  const { t } = useTranslation('processing');
  const { token } = theme.useToken();
  return (
    <>
      {windows.map((window) => (
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
          data-testid={overloaded(day.day) ? `overload-${machine.serialNumber}-${day.day}` : undefined}
          title={overloaded(day.day) ? t('board.overload') : undefined}
          style={{
            position: 'absolute',
            left: day.x,
            width: day.hours * axis.hourWidth,
            top: 0,
            bottom: 0,
            borderLeft: `1px solid ${token.colorBorder}`,
            background: overloaded(day.day) ? token.colorErrorBg : undefined,
          }}
        />
      ))}
    </>
  );
}
