import type { CSSProperties } from 'react';
import { Typography, theme } from 'antd';
import type { BoardAxis } from './board-axis.ts';
import { HEADER_HEIGHT, LABEL_WIDTH } from './board-layout.ts';

/** The board's header: each day of the horizon with its hours, above the machines' rows. */
export function AxisHeader({ axis }: { axis: BoardAxis }) {
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
