import type { Leg } from './demand-order.schema.ts';

/**
 * The geometry of a bent bar, BVBS `G` block style: legs are OUTER dimensions (as BS 8666 and the
 * BVBS guideline 3.1 dimension them), each followed by the signed angle of the bend after it
 * (+ = counter-clockwise); the last leg's angle is 0 and is ignored.
 */

export type Point = { x: number; y: number };

const RADIANS_PER_DEGREE = Math.PI / 180;

/** The bends of a bar: the angles after every leg but the last (a bar ends, it does not bend). */
export function bendAngles(legs: readonly Leg[]): number[] {
  return legs.slice(0, -1).map((leg) => leg.angle);
}

/** A bar with no bend between its legs (one leg, or none, or legs in line). */
export function isStraight(legs: readonly Leg[]): boolean {
  for (let index = 0; index < legs.length - 1; index++) if (legs[index]?.angle !== 0) return false;
  return true;
}

/** The sum of the outer dimensions: what the BVBS guideline's own examples write as the length `l`. */
export function legsSum(legs: readonly Leg[]): number {
  return legs.reduce((sum, leg) => sum + leg.length, 0);
}

/**
 * The vertices of the outer-dimension polyline: the first leg runs along +x from (0, 0), and the
 * heading turns by each leg's angle after it. Rounded to 0.001 mm so that a closed link ends on its
 * start exactly rather than at 1e-13.
 */
export function shapePoints(legs: readonly Leg[]): Point[] {
  const points: Point[] = [{ x: 0, y: 0 }];
  let heading = 0;
  let x = 0;
  let y = 0;
  for (const leg of legs) {
    x += leg.length * Math.cos(heading * RADIANS_PER_DEGREE);
    y += leg.length * Math.sin(heading * RADIANS_PER_DEGREE);
    points.push({ x: roundTo(x, 3), y: roundTo(y, 3) });
    heading += leg.angle;
  }
  return points;
}

/** A closed link (stirrup): its polyline ends within `toleranceMm` of where it starts. */
export function legsClose(legs: readonly Leg[], toleranceMm = 1): boolean {
  const points = shapePoints(legs);
  const last = points[points.length - 1];
  if (legs.length < 3 || !last) return false;
  return Math.hypot(last.x, last.y) <= toleranceMm;
}

/**
 * The mandrel (former) a bar of this diameter is bent on when the schedule gives none: 4d up to Ø16
 * and 7d from Ø20 (Ø18, absent from the British sizes, takes 7d), BS 8666:2020 Table 2 for B500 bars.
 * That is never tighter than GB 50204-2015 §5.3.1 allows for plain and 335/400 MPa bars (2.5d, 4d),
 * the common case here. 500 MPa bars need 6d below Ø28 and 7d from Ø28 under GB: for those the
 * schedule gives the mandrel (BVBS `s`, the sheet's mandrel column).
 */
export function defaultMandrel(diameter: number): number {
  return diameter <= 16 ? 4 * diameter : 7 * diameter;
}

/**
 * What one bend takes off the sum of the outer dimensions. Each adjacent leg's outer dimension runs
 * past the bend's tangent point by `reach`: to where the outer faces meet for a bend up to 90°, and
 * to the outside of the bend (its extreme, (r + d)) for a sharper one, as BS 8666 dimensions hooks and
 * U-bends. The bar's centre line follows the arc of radius r + d/2 instead. So the deduction is
 * 2·reach − θ·(r + d/2), with r the inner radius (mandrel / 2).
 *
 * BS 8666 prints this formula, rounded, for its shapes: 12 (one 90° bend on a radius R) takes off
 * 0.43R + 1.2d = 2(R + d) − π/2·(R + d/2); 13 (a 180° U of outer width B = 2(r + d)) adds
 * 0.57B − 1.6d = π(r + d/2) − 2(r + d). Shape 11 rounds the 90° case to 0.5r + d for the
 * standard radius. A 180° bend on any usual former (r > 0.4d) ADDS length: its deduction is negative.
 */
export function bendDeduction(angleDegrees: number, diameter: number, mandrel: number): number {
  const angle = Math.abs(angleDegrees);
  if (angle === 0) return 0;
  const innerRadius = mandrel / 2;
  const outerRadius = innerRadius + diameter;
  const reach = angle <= 90 ? outerRadius * Math.tan((angle * RADIANS_PER_DEGREE) / 2) : outerRadius;
  const arc = angle * RADIANS_PER_DEGREE * (innerRadius + diameter / 2);
  return 2 * reach - arc;
}

/**
 * The cut length (mm, whole) of a bar whose outer dimensions are `legs`, bent on a mandrel of
 * `mandrel` mm: the sum of the legs less each bend's deduction (BS 8666 "total length measured along
 * the centre line"). A straight bar's developed length is its leg.
 */
export function developedLength(legs: readonly Leg[], diameter: number, mandrel: number): number {
  let length = 0;
  legs.forEach((leg, index) => {
    length += leg.length;
    if (index < legs.length - 1) length -= bendDeduction(leg.angle, diameter, mandrel);
  });
  return Math.round(length);
}

/**
 * BS 8666:2020 shape codes derived from the bend pattern. Only the codes whose geometry the
 * standard's figures and length formulas pin down are derived; every other shape is the standard's
 * 99 ("all other shapes", sketched), which the drawing already is, so it is left null rather than
 * guessed. A hook is an end bend of 135° (the figures of 47 and 51 turn the ends into the core) or of
 * 90° lying along a side (the older overlapping ends, same length formula):
 *
 * | code | bends (in order)                                   | BS 8666 length formula          |
 * |------|----------------------------------------------------|---------------------------------|
 * | 00   | none                                               | A                               |
 * | 11   | one 90°                                            | A + (B) − 0.5r − d              |
 * | 13   | one 180° (U of width 2(r + d))                     | A + 0.57B + (C) − 1.6d          |
 * | 21   | two 90°, same sense (U / channel)                  | A + B + (C) − r − 2d            |
 * | 23   | two 90°, opposite senses (Z / step)                | A + B + (C) − r − 2d            |
 * | 47   | hook, two 90°, hook, same sense (open link)        | 2A + B + 2(C) + 1.5r − 3d       |
 * | 51   | hook, three 90°, hook, same sense, closed link     | 2(A + B + (C)) − 2.5r − 5d      |
 * | 63   | six 90°, same sense, closed link                   | 2A + 3B + 2(C) − 3r − 6d        |
 *
 * Not derived: 12 (needs a radius larger than the standard one: legs carry none), 14/15/26 (angles
 * other than 90°: the standard dimensions them as projections), 33 and 180° end hooks, 3D shapes (98).
 * Sources: BS 8666:2005/2020 shape tables as reproduced by UK bar suppliers
 * (midlandsteelreinforcement.co.uk, valbruna.co.uk, fendersteel.co.uk).
 */
export function shapeCodeOf(legs: readonly Leg[]): string | null {
  const bends = bendAngles(legs).filter((angle) => angle !== 0);
  if (bends.length === 0) return '00';
  const sameSense = bends.every((angle) => Math.sign(angle) === Math.sign(bends[0] ?? 0));
  if (isHookedLink(bends)) {
    if (!sameSense) return null;
    if (bends.length === 4) return '47';
    if (bends.length === 5 && isClosedLink(legs)) return '51';
    return null;
  }
  const allRight = bends.every((angle) => Math.abs(angle) === 90);
  if (bends.length === 1) return allRight ? '11' : Math.abs(bends[0] ?? 0) === 180 ? '13' : null;
  if (!allRight) return null;
  if (bends.length === 2) return sameSense ? '21' : '23';
  if (bends.length === 5 && sameSense && isClosedLink(legs)) return '51';
  if (bends.length === 6 && sameSense && isClosedLink(legs)) return '63';
  return null;
}

/** Right-angled corners between two 135° end hooks: the links of shapes 47 (open) and 51 (closed). */
function isHookedLink(bends: readonly number[]): boolean {
  const corners = bends.slice(1, -1);
  return (
    bends.length >= 4 &&
    Math.abs(bends[0] ?? 0) === 135 &&
    Math.abs(bends.at(-1) ?? 0) === 135 &&
    corners.every((angle) => Math.abs(angle) === 90)
  );
}

/**
 * A closed link: the outline between its end legs is a closed ring, the last corner landing back on
 * the first (the ends overlap there, or hook into the core from it). Checked loosely (10 mm) because
 * schedules round the legs.
 */
function isClosedLink(legs: readonly Leg[]): boolean {
  const points = shapePoints(legs);
  const firstCorner = points[1];
  const lastCorner = points[points.length - 2];
  if (!firstCorner || !lastCorner || legs.length < 5) return false;
  const hooked = Math.abs(legs[0]?.angle ?? 0) === 135;
  // Overlapping 90° ends run along a side: the ring closes anywhere on the first leg's line.
  return hooked
    ? Math.hypot(lastCorner.x - firstCorner.x, lastCorner.y - firstCorner.y) <= 10
    : points.some((point, index) => index >= 4 && Math.abs(point.y) <= 10);
}

/**
 * The outline as a drawing shows it: `shapePoints` turned so that most of the bar's length runs
 * level or plumb. `shapePoints` lays the first leg along +x, which tilts a stirrup starting with a
 * 135° hook by 45°; the turn chosen is the one (within ±45°) that squares the greatest total length
 * of legs, so a cranked bar keeps its level legs and only the stirrup turns.
 */
export function drawingPoints(legs: readonly Leg[]): Point[] {
  const points = shapePoints(legs);
  const squared = new Map<number, number>();
  let heading = 0;
  for (const leg of legs) {
    const turn = turnToAxis(heading);
    squared.set(turn, (squared.get(turn) ?? 0) + leg.length);
    heading += leg.angle;
  }
  let best = 0;
  for (const [turn, length] of squared) if (length > (squared.get(best) ?? 0)) best = turn;
  if (best === 0) return points;
  const cos = Math.cos(best * RADIANS_PER_DEGREE);
  const sin = Math.sin(best * RADIANS_PER_DEGREE);
  return points.map((point) => ({
    x: roundTo(point.x * cos - point.y * sin, 3),
    y: roundTo(point.x * sin + point.y * cos, 3),
  }));
}

/** The turn, in [−45°, 45°), that lays a leg of this heading level or plumb. */
function turnToAxis(heading: number): number {
  const offset = ((heading % 90) + 90) % 90;
  return roundTo(offset > 45 ? 90 - offset : -offset, 6);
}

/** `300:90; 1000:90; 300`: the sheet column `geometry`. The last leg's angle is left out when 0. */
export function formatLegs(legs: readonly Leg[]): string {
  return legs
    .map((leg, index) =>
      index === legs.length - 1 && leg.angle === 0 ? `${leg.length}` : `${leg.length}:${leg.angle}`,
    )
    .join('; ');
}

const NUMBER = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;

/**
 * Reads `formatLegs`' text back; decimal commas and spaces are accepted (`300 : 90 ; 1000,5`).
 * A leg without an angle is straight on (angle 0). Null when a leg is unreadable, not positive, or an
 * angle is outside ±180°. An empty text is no legs.
 */
export function parseLegs(text: string): Leg[] | null {
  const parts = text
    .split(/[;；\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
  const legs: Leg[] = [];
  for (const part of parts) {
    const [lengthText = '', angleText = '0', ...rest] = part.split(/[:：]/).map((piece) => piece.replace(/\s+/g, ''));
    const length = readNumber(lengthText);
    const angle = readNumber(angleText === '' ? '0' : angleText);
    if (rest.length > 0 || length === null || angle === null) return null;
    if (length <= 0 || Math.abs(angle) > 180) return null;
    legs.push({ length, angle });
  }
  return legs;
}

/**
 * A number as files write it: decimal point or comma, optional sign, spaces between digit groups
 * (French sheets write `1 000,5`, with a no-break space). Null when it is not one.
 */
export function readNumber(text: string): number | null {
  let trimmed = text.trim();
  if (/[ \u00a0\u202f]/.test(trimmed)) trimmed = trimmed.replace(DIGIT_GROUP_SPACE, '');
  if (!NUMBER.test(trimmed)) return null;
  return Number(trimmed.includes(',') ? trimmed.replace(',', '.') : trimmed);
}

const DIGIT_GROUP_SPACE = /(?<=\d)[ \u00a0\u202f](?=\d{3}(?!\d))/g;

export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded;
}
