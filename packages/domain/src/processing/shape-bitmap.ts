import { drawingPoints, type Leg } from '../planning/index.ts';

/** A 1-bit picture, row by row, 8 dots a byte (most significant bit first), as ZPL's ^GF takes it. */
export type Bitmap = { width: number; height: number; bytesPerRow: number; bits: Uint8Array };

/** Where a leg's dimension goes: the middle of the leg pushed outwards, in the picture's dots. */
export type DimensionSpot = { x: number; y: number; text: string };

/**
 * The bar's shape drawn to scale inside `width` × `height` dots, with `margin` dots kept free around it
 * (for the dimensions) and a stroke `stroke` dots thick; and where each leg's length is written. The
 * same projection as the PDF tag (the outline laid level or plumb, y upwards on paper).
 */
export function shapeBitmap(
  legs: readonly Leg[],
  box: { width: number; height: number; margin: number; stroke: number },
): { bitmap: Bitmap; dimensions: DimensionSpot[] } {
  const points = drawingPoints(legs);
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const [spanX, spanY] = [maxX - minX, maxY - minY];
  const scale = Math.min(
    spanX > 0 ? (box.width - 2 * box.margin) / spanX : Infinity,
    spanY > 0 ? (box.height - 2 * box.margin) / spanY : Infinity,
  );
  const s = Number.isFinite(scale) ? scale : 1;
  const ox = (box.width - spanX * s) / 2;
  const oy = (box.height - spanY * s) / 2;
  const dots = points.map((p) => ({ x: ox + (p.x - minX) * s, y: oy + (maxY - p.y) * s }));

  const bytesPerRow = Math.ceil(box.width / 8);
  const bits = new Uint8Array(bytesPerRow * box.height);
  const half = box.stroke / 2;
  for (let index = 0; index < dots.length - 1; index++) {
    const [a, b] = [dots[index]!, dots[index + 1]!];
    const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x) - half));
    const x1 = Math.min(box.width - 1, Math.ceil(Math.max(a.x, b.x) + half));
    const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y) - half));
    const y1 = Math.min(box.height - 1, Math.ceil(Math.max(a.y, b.y) + half));
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++)
        if (distanceToSegment({ x: x + 0.5, y: y + 0.5 }, a, b) <= half)
          bits[y * bytesPerRow + (x >> 3)]! |= 0x80 >> (x & 7);
  }

  const centre = {
    x: dots.reduce((sum, p) => sum + p.x, 0) / dots.length,
    y: dots.reduce((sum, p) => sum + p.y, 0) / dots.length,
  };
  const dimensions = legs.map((leg, index) => {
    const [from, to] = [dots[index]!, dots[index + 1]!];
    const length = Math.hypot(to.x - from.x, to.y - from.y) || 1;
    const middle = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
    let normal = { x: -(to.y - from.y) / length, y: (to.x - from.x) / length };
    const away = (middle.x - centre.x) * normal.x + (middle.y - centre.y) * normal.y;
    if (away < 0 || (Math.abs(away) < 1e-6 && normal.y > 0)) normal = { x: -normal.x, y: -normal.y };
    const push = box.margin / 2;
    return { x: middle.x + normal.x * push, y: middle.y + normal.y * push, text: String(leg.length) };
  });
  return { bitmap: { width: box.width, height: box.height, bytesPerRow, bits }, dimensions };
}

function distanceToSegment(p: { x: number; y: number }, a: { x: number; y: number }, b: { x: number; y: number }) {
  const [dx, dy] = [b.x - a.x, b.y - a.y];
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}
