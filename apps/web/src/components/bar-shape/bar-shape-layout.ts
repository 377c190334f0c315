/** A point of a bar's centre line: millimetres (y up) in, screen pixels (y down) out. */
export type Point = { x: number; y: number };
/** One leg as the drawing labels it: its length (mm) and the bend (degrees, signed) after it. */
export type LegLabelSource = { length: number; angle: number };

export type LegLabel = { x: number; y: number; rotate: number; value: number };
export type BendMark = { x: number; y: number; labelX: number; labelY: number; angle: number };

export type BarShapeLayout = {
  width: number;
  height: number;
  /** The SVG path of the bar: straight legs, bends rounded to the mandrel's radius at the drawing's scale. */
  path: string;
  /** Where each leg's dimension goes: beside its middle, on the side away from the shape, along it. */
  legLabels: LegLabel[];
  /** Each bend, with where its angle is written (inside the bend). */
  bends: BendMark[];
  /** Pixels per millimetre. */
  scale: number;
};

export type LayoutOptions = {
  width: number;
  height: number;
  /** Room kept around the bar (for the labels), px. */
  padding: number;
  /** Mandrel (bending pin) diameter, mm: bends are drawn as arcs of its radius. */
  mandrel?: number | null;
  /** How far labels sit from the bar, px. */
  labelOffset?: number;
};

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * Fits a bar's centre line (points in mm, as the domain's `shapePoints` gives them) into a `width` ×
 * `height` box to scale, keeping proportions and centring it, and places the leg dimensions and bend
 * angles. Pure, so cutting diagrams and bundle tags can reuse it; `legs` give the labelled values
 * (the detailer's outer dimensions, not the centre-line distances).
 */
export function layoutBarShape(
  points: readonly Point[],
  legs: readonly LegLabelSource[],
  { width, height, padding, mandrel, labelOffset = 10 }: LayoutOptions,
): BarShapeLayout {
  if (points.length < 2) return { width, height, path: '', legLabels: [], bends: [], scale: 0 };
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs);
  const minY = Math.min(...ys);
  const maxY = Math.max(...ys);
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const room = { x: Math.max(1, width - 2 * padding), y: Math.max(1, height - 2 * padding) };
  const scale = Math.min(spanX > 0 ? room.x / spanX : Infinity, spanY > 0 ? room.y / spanY : Infinity);
  const s = Number.isFinite(scale) ? scale : 1;
  // Centred in the box; y flips (the domain's y points up, the screen's down).
  const offsetX = (width - spanX * s) / 2;
  const offsetY = (height - spanY * s) / 2;
  const screen = points.map((point) => ({
    x: offsetX + (point.x - minX) * s,
    y: offsetY + (maxY - point.y) * s,
  }));
  const centre = {
    x: screen.reduce((sum, point) => sum + point.x, 0) / screen.length,
    y: screen.reduce((sum, point) => sum + point.y, 0) / screen.length,
  };

  const legLabels: LegLabel[] = [];
  for (let index = 0; index < screen.length - 1; index += 1) {
    const from = screen[index]!;
    const to = screen[index + 1]!;
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    const length = Math.hypot(dx, dy) || 1;
    const middle = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
    // The normal pointing away from the shape's centre (upwards for a straight bar).
    let normal = { x: -dy / length, y: dx / length };
    const away = (middle.x - centre.x) * normal.x + (middle.y - centre.y) * normal.y;
    if (away < 0 || (Math.abs(away) < 1e-6 && normal.y > 0)) normal = { x: -normal.x, y: -normal.y };
    let rotate = (Math.atan2(dy, dx) * 180) / Math.PI;
    if (rotate > 90) rotate -= 180;
    if (rotate <= -90) rotate += 180;
    legLabels.push({
      x: round(middle.x + normal.x * labelOffset),
      y: round(middle.y + normal.y * labelOffset),
      rotate: round(rotate),
      value: legs[index]?.length ?? Math.round(length / s),
    });
  }

  const bends: BendMark[] = [];
  for (let index = 1; index < screen.length - 1; index += 1) {
    const point = screen[index]!;
    const towardCentre = { x: centre.x - point.x, y: centre.y - point.y };
    const distance = Math.hypot(towardCentre.x, towardCentre.y) || 1;
    bends.push({
      x: round(point.x),
      y: round(point.y),
      labelX: round(point.x + (towardCentre.x / distance) * labelOffset * 1.6),
      labelY: round(point.y + (towardCentre.y / distance) * labelOffset * 1.6),
      angle: legs[index - 1]?.angle ?? 0,
    });
  }

  return { width, height, path: barPath(screen, ((mandrel ?? 0) / 2) * s), legLabels, bends, scale: s };
}

/** The bar through `points` (px), each inner corner rounded with radius `radius` where the legs allow it. */
export function barPath(points: readonly Point[], radius: number): string {
  const first = points[0];
  if (!first) return '';
  const parts = [`M${round(first.x)} ${round(first.y)}`];
  for (let index = 1; index < points.length - 1; index += 1) {
    const previous = points[index - 1]!;
    const point = points[index]!;
    const next = points[index + 1]!;
    const inLength = Math.hypot(point.x - previous.x, point.y - previous.y);
    const outLength = Math.hypot(next.x - point.x, next.y - point.y);
    if (radius <= 0 || inLength === 0 || outLength === 0) {
      parts.push(`L${round(point.x)} ${round(point.y)}`);
      continue;
    }
    const u = { x: (point.x - previous.x) / inLength, y: (point.y - previous.y) / inLength };
    const v = { x: (next.x - point.x) / outLength, y: (next.y - point.y) / outLength };
    const turn = Math.acos(Math.max(-1, Math.min(1, u.x * v.x + u.y * v.y)));
    const tangent = Math.tan(turn / 2);
    // A straight-through joint or a folded-back hook: nothing to round.
    if (turn < 1e-3 || !Number.isFinite(tangent) || tangent > 50) {
      parts.push(`L${round(point.x)} ${round(point.y)}`);
      continue;
    }
    const cut = Math.min(radius * tangent, inLength / 2, outLength / 2);
    const arcRadius = cut / tangent;
    const start = { x: point.x - u.x * cut, y: point.y - u.y * cut };
    const end = { x: point.x + v.x * cut, y: point.y + v.y * cut };
    const sweep = u.x * v.y - u.y * v.x > 0 ? 1 : 0;
    parts.push(
      `L${round(start.x)} ${round(start.y)}`,
      `A${round(arcRadius)} ${round(arcRadius)} 0 0 ${sweep} ${round(end.x)} ${round(end.y)}`,
    );
  }
  const last = points[points.length - 1]!;
  if (points.length > 1) parts.push(`L${round(last.x)} ${round(last.y)}`);
  return parts.join(' ');
}
