import { useMemo } from 'react';
import { theme } from 'antd';
import { drawingPoints } from '@armature/domain';
import { layoutBarShape, type Point } from './bar-shape-layout.ts';

type Leg = { length: number; angle: number };

/** A thumbnail in a table row, or a drawing on a page / in a dialog. */
const SIZES = {
  small: { width: 96, height: 40 },
  medium: { width: 240, height: 140 },
  large: { width: 560, height: 320 },
};

export type BarShapeProps = {
  /** The legs (mm) and the signed bend angle after each; empty or one leg: a straight bar. */
  legs: readonly Leg[];
  /** A straight bar's length when `legs` is empty (mm). */
  length?: number | null;
  /** Mandrel diameter (mm): the bends are drawn round. */
  mandrel?: number | null;
  size?: keyof typeof SIZES | { width: number; height: number };
  /** Writes each leg's length beside it and each bend's angle inside it. */
  showDimensions?: boolean;
  /** How a length reads (the user's number format); plain digits by default. */
  formatLength?: (mm: number) => string;
  /** The accessible name of the drawing. */
  title?: string;
  'data-testid'?: string;
};

/** The centre line of the bar in mm: the domain's geometry, or a straight line of its length. */
function barPoints(legs: readonly Leg[], length: number | null | undefined): { points: Point[]; legs: Leg[] } {
  if (legs.length > 1) return { points: drawingPoints([...legs]), legs: [...legs] };
  const straight = legs[0]?.length ?? length ?? 0;
  return straight > 0
    ? {
        points: [
          { x: 0, y: 0 },
          { x: straight, y: 0 },
        ],
        legs: [{ length: straight, angle: 0 }],
      }
    : { points: [], legs: [] };
}

/**
 * A bar drawn to scale from its geometry (BVBS-style legs and bend angles): a thumbnail in line tables,
 * a dimensioned drawing on detail pages; later on cutting diagrams and bundle tags. Props only — it
 * knows nothing of demand orders. Colours come from the theme.
 */
export function BarShape({
  legs,
  length,
  mandrel,
  size = 'small',
  showDimensions = false,
  formatLength = String,
  title,
  'data-testid': testId,
}: BarShapeProps) {
  const { token } = theme.useToken();
  const { width, height } = typeof size === 'string' ? SIZES[size] : size;
  const fontSize = showDimensions ? Math.max(11, Math.min(14, width / 40)) : 0;
  const layout = useMemo(() => {
    const bar = barPoints(legs, length);
    return layoutBarShape(bar.points, bar.legs, {
      width,
      height,
      padding: showDimensions ? fontSize * 2.6 : 4,
      mandrel,
      labelOffset: showDimensions ? fontSize : 6,
    });
  }, [legs, length, mandrel, width, height, showDimensions, fontSize]);
  const strokeWidth = showDimensions ? 3 : 2;

  return (
    <svg
      data-testid={testId}
      role="img"
      aria-label={title}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      width={layout.width}
      height={layout.height}
      style={{ maxWidth: '100%', height: 'auto', display: 'block' }}
    >
      {title && <title>{title}</title>}
      <path
        d={layout.path}
        fill="none"
        stroke={token.colorText}
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {layout.bends.map((bend, index) => (
        <circle key={`b${index}`} cx={bend.x} cy={bend.y} r={strokeWidth} fill={token.colorPrimary} />
      ))}
      {showDimensions &&
        layout.legLabels.map((label, index) => (
          <text
            key={`l${index}`}
            data-testid="bar-shape-leg"
            x={label.x}
            y={label.y}
            fontSize={fontSize}
            fill={token.colorText}
            textAnchor="middle"
            dominantBaseline="middle"
            transform={`rotate(${label.rotate} ${label.x} ${label.y})`}
          >
            {formatLength(label.value)}
          </text>
        ))}
      {showDimensions &&
        layout.bends.map((bend, index) => (
          <text
            key={`a${index}`}
            data-testid="bar-shape-angle"
            x={bend.labelX}
            y={bend.labelY}
            fontSize={fontSize * 0.85}
            fill={token.colorPrimary}
            textAnchor="middle"
            dominantBaseline="middle"
          >
            {`${Math.abs(bend.angle)}°`}
          </text>
        ))}
    </svg>
  );
}
