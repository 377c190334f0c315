import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Flex, Popover, Typography, theme } from 'antd';
import type { DiagramSegment } from '@armature/domain';
import { BarShape } from '../bar-shape/bar-shape.tsx';

/** The palette colour names the pieces take in turn (`colourIndexOf` gives each order line its index). */
export const DIAGRAM_PALETTE = [
  'blue',
  'green',
  'orange',
  'purple',
  'cyan',
  'magenta',
  'gold',
  'volcano',
  'geekblue',
  'lime',
  'red',
  'yellow',
] as const;

/** What a piece's tooltip says of its order line. */
export type DiagramLineInfo = {
  mark: string;
  length: number;
  /** The document the line belongs to (a demand order's code). */
  orderCode?: string;
  /** Spec name (`HRB400E Φ12`). */
  spec?: string;
  legs?: readonly { length: number; angle: number }[];
  mandrel?: number | null;
  /** Pieces of the line: its quantity. */
  quantity?: number;
};

/** The words of a diagram, in the interface language (the component knows no feature's namespace). */
export type CuttingDiagramLabels = {
  trim: string;
  kerf: string;
  tail: string;
  waste: string;
  /** "× 12 bars" under the bar. */
  repetitions: (count: number) => string;
  /** The accessible name of the drawing ("Bar 12,000 mm: 3 pieces…"). */
  title: string;
  /** Tooltip field names. */
  mark: string;
  length: string;
  order: string;
};

export type CuttingDiagramProps = {
  /** mm. */
  stockLength: number;
  kerf: number;
  endTrim: number;
  /** The bar as the saw cuts it (`diagramSegments`): trim, pieces, kerfs, offcut, covering the bar. */
  segments: readonly DiagramSegment[];
  /** Bars cut this way. */
  count: number;
  /** Palette index per order line (`colourIndexOf` over all the lines of the plan, for stable colours). */
  colours: ReadonlyMap<string, number>;
  /** The order line of a piece, for its tooltip; pieces of unknown lines show their length only. */
  lineOf?: (orderLineId: string) => DiagramLineInfo | undefined;
  labels: CuttingDiagramLabels;
  /** How a length reads (the user's number format). */
  formatLength?: (mm: number) => string;
  /** Shown above the bar, left (the source and length, say). */
  caption?: ReactNode;
  'data-testid'?: string;
};

/**
 * Narrower than this the drawing scrolls sideways instead of squeezing its labels. A card on a 390 px phone gives
 * it about 310 px: the operator sees the whole bar there without scrolling (a piece too thin for its mark keeps it
 * in its tooltip and in the pieces listed under the drawing).
 */
const MIN_WIDTH = 300;
const BAR_HEIGHT = 44;
const TOP = 4;
/** Below the bar: the offcut's word and the bar length. */
const FOOTER = 22;
/** A kerf or trim thinner than this on screen is drawn this wide, so it can be seen. */
const MIN_MARK_PX = 2;

type Drawn = DiagramSegment & { x: number; width: number };

/** Positions in px: to scale, except that kerfs and trims get at least a visible width. */
function layout(segments: readonly DiagramSegment[], stockLength: number, width: number): Drawn[] {
  const scale = stockLength > 0 ? width / stockLength : 0;
  return segments.map((segment) => {
    const x = segment.start * scale;
    const real = segment.length * scale;
    const visible = segment.kind === 'kerf' || segment.kind === 'trim' ? Math.max(real, MIN_MARK_PX) : real;
    return { ...segment, x, width: Math.min(visible, width - x) };
  });
}

function useWidth(): [RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(MIN_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(MIN_WIDTH, Math.floor(element.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

function PieceTip({
  line,
  length,
  labels,
  formatLength,
}: {
  line: DiagramLineInfo | undefined;
  length: number;
  labels: CuttingDiagramLabels;
  formatLength: (mm: number) => string;
}) {
  return (
    <Flex vertical gap={4} data-testid="diagram-piece-tip" style={{ maxWidth: 260 }}>
      {line && (
        <Typography.Text strong>
          {labels.mark} {line.mark}
          {line.spec ? ` · ${line.spec}` : ''}
        </Typography.Text>
      )}
      <Typography.Text>
        {labels.length} {formatLength(line?.length ?? length)} mm
        {line?.quantity === undefined ? '' : ` × ${line.quantity}`}
      </Typography.Text>
      {line?.orderCode && (
        <Typography.Text type="secondary">
          {labels.order} {line.orderCode}
        </Typography.Text>
      )}
      {line && (
        <BarShape
          data-testid="diagram-piece-shape"
          legs={line.legs ?? []}
          length={line.length}
          mandrel={line.mandrel}
          size="medium"
          showDimensions={(line.legs?.length ?? 0) > 1}
          formatLength={formatLength}
        />
      )}
    </Flex>
  );
}

/**
 * One cutting pattern drawn to scale: the bar with its end trim, the pieces (labelled by mark and
 * coloured per order line), the kerfs between them and the offcut, marked as a reusable tail or
 * waste, with the number of bars cut this way. Hovering (or focusing) a piece shows its order line
 * and shape. Props only: cutting plans, bundle tags and schedules draw with it alike.
 */
export function CuttingDiagram({
  stockLength,
  segments,
  count,
  colours,
  lineOf,
  labels,
  formatLength = String,
  caption,
  'data-testid': testId,
}: CuttingDiagramProps) {
  const { token } = theme.useToken();
  const [ref, width] = useWidth();
  const palette = token as unknown as Record<string, string>;
  const drawn = layout(segments, stockLength, width);
  const height = TOP + BAR_HEIGHT + FOOTER;
  const fontSize = 12;
  const fill = (orderLineId: string | undefined) => {
    const name = DIAGRAM_PALETTE[(orderLineId && colours.get(orderLineId)) || 0] ?? 'blue';
    return {
      background: palette[`${name}3`] ?? token.colorPrimaryBg,
      border: palette[`${name}6`] ?? token.colorPrimary,
    };
  };
  const pieces = segments.filter((segment) => segment.kind === 'piece').length;
  const offcut = drawn.find((segment) => segment.kind === 'offcut');
  // Under the offcut, kept clear of the 0 and the bar length at the ends.
  const offcutLabelX = offcut ? Math.min(Math.max(offcut.x + offcut.width / 2, 90), width - 110) : 0;

  return (
    <Flex vertical gap={2} data-testid={testId} data-count={count} data-pieces={pieces}>
      <Flex justify="space-between" wrap gap="small">
        <Typography.Text>{caption}</Typography.Text>
        <Typography.Text strong data-testid="diagram-count">
          {labels.repetitions(count)}
        </Typography.Text>
      </Flex>
      <div ref={ref} style={{ overflowX: 'auto', maxWidth: '100%' }} data-testid="diagram-scroll">
        <svg
          role="img"
          aria-label={labels.title}
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          style={{ display: 'block' }}
        >
          <title>{labels.title}</title>
          <rect
            x={0.5}
            y={TOP + 0.5}
            width={width - 1}
            height={BAR_HEIGHT - 1}
            fill={token.colorFillTertiary}
            stroke={token.colorBorder}
          />
          {drawn.map((segment, index) => {
            const key = `${segment.kind}-${index}`;
            if (segment.kind === 'trim' || segment.kind === 'kerf') {
              return (
                <rect
                  key={key}
                  data-testid={`diagram-${segment.kind}`}
                  x={segment.x}
                  y={TOP}
                  width={segment.width}
                  height={BAR_HEIGHT}
                  fill={segment.kind === 'trim' ? token.colorTextTertiary : token.colorText}
                >
                  <title>{`${segment.kind === 'trim' ? labels.trim : labels.kerf} ${formatLength(segment.length)} mm`}</title>
                </rect>
              );
            }
            if (segment.kind === 'offcut') {
              const tail = segment.offcutKind === 'tail';
              return (
                <g key={key} data-testid="diagram-offcut" data-kind={segment.offcutKind}>
                  <rect
                    x={segment.x}
                    y={TOP + 1}
                    width={Math.max(segment.width, 0)}
                    height={BAR_HEIGHT - 2}
                    fill={tail ? token.colorSuccessBg : token.colorErrorBg}
                    stroke={tail ? token.colorSuccess : token.colorError}
                    strokeDasharray={tail ? undefined : '4 3'}
                  />
                  {segment.width > 30 && (
                    <text
                      x={segment.x + segment.width / 2}
                      y={TOP + BAR_HEIGHT / 2}
                      fontSize={fontSize}
                      textAnchor="middle"
                      dominantBaseline="middle"
                      fill={tail ? token.colorSuccessText : token.colorErrorText}
                    >
                      {formatLength(segment.length)}
                    </text>
                  )}
                </g>
              );
            }
            const line = segment.orderLineId ? lineOf?.(segment.orderLineId) : undefined;
            const colour = fill(segment.orderLineId);
            const mark = segment.label ?? '';
            const lengthText = formatLength(segment.length);
            const twoLines = segment.width > Math.max(mark.length, lengthText.length) * 7 + 6;
            const oneLine = segment.width > mark.length * 7 + 4;
            return (
              <Popover
                key={key}
                content={<PieceTip line={line} length={segment.length} labels={labels} formatLength={formatLength} />}
                mouseEnterDelay={0.05}
              >
                <g
                  data-testid="diagram-piece"
                  data-order-line={segment.orderLineId}
                  data-length={segment.length}
                  tabIndex={0}
                  role="button"
                  aria-label={`${mark} ${lengthText} mm`}
                  style={{ cursor: 'default', outline: 'none' }}
                >
                  <rect
                    x={segment.x}
                    y={TOP + 1}
                    width={segment.width}
                    height={BAR_HEIGHT - 2}
                    fill={colour.background}
                    stroke={colour.border}
                  />
                  {oneLine && (
                    <text
                      x={segment.x + segment.width / 2}
                      y={TOP + BAR_HEIGHT / 2 - (twoLines ? 7 : 0)}
                      fontSize={fontSize}
                      fontWeight={600}
                      textAnchor="middle"
                      dominantBaseline="middle"
                      fill={token.colorText}
                    >
                      {mark}
                    </text>
                  )}
                  {twoLines && (
                    <text
                      x={segment.x + segment.width / 2}
                      y={TOP + BAR_HEIGHT / 2 + 8}
                      fontSize={fontSize - 1}
                      textAnchor="middle"
                      dominantBaseline="middle"
                      fill={token.colorTextSecondary}
                    >
                      {lengthText}
                    </text>
                  )}
                </g>
              </Popover>
            );
          })}
          <text x={2} y={TOP + BAR_HEIGHT + 15} fontSize={fontSize - 1} fill={token.colorTextSecondary}>
            0
          </text>
          {offcut && (
            <text
              data-testid="diagram-offcut-label"
              x={offcutLabelX}
              y={TOP + BAR_HEIGHT + 15}
              fontSize={fontSize - 1}
              textAnchor="middle"
              fill={offcut.offcutKind === 'tail' ? token.colorSuccessText : token.colorErrorText}
            >
              {`${offcut.offcutKind === 'tail' ? labels.tail : labels.waste} ${formatLength(offcut.length)} mm`}
            </text>
          )}
          <text
            x={width - 2}
            y={TOP + BAR_HEIGHT + 15}
            fontSize={fontSize - 1}
            textAnchor="end"
            fill={token.colorTextSecondary}
          >
            {`${formatLength(stockLength)} mm`}
          </text>
        </svg>
      </div>
    </Flex>
  );
}
