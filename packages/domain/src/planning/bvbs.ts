import { bendDeduction, defaultMandrel, readNumber, roundTo } from './bar-shape.ts';
import type { Leg } from './demand-order.schema.ts';

/**
 * BVBS ("ABS") bar lists, guideline 3.1 (May 2021): one record per line, `BF2D@` then blocks, each an
 * uppercase id followed by `<lowercase key><value>@` fields, ending with the checksum block `C..@`.
 * Real files deviate from the guideline; this reader tolerates what they do (decimal commas, empty
 * fields, LF, blank lines, `a`/`t` in the header) and keeps what it does not understand (the private
 * block) verbatim.
 */

/** Every super-group of the guideline; only the bent bars (BF2D, BF3D) are bar records for us. */
export const BVBS_GROUPS = ['BF2D', 'BF3D', 'BFWE', 'BFMA', 'BFGT', 'BFAU'] as const;
export type BvbsBarGroup = 'BF2D' | 'BF3D';

export type BvbsField = { key: string; value: string };

export type BvbsRecord = {
  kind: 'record';
  lineNo: number;
  /** The line as read (without its line end). */
  raw: string;
  group: BvbsBarGroup;
  /** Header fields in file order (`j r i p l n e d g s v`, and any optional ones). */
  header: BvbsField[];
  /** The outer-dimension legs; arcs become short tangent legs, a BF3D bar is flattened. */
  legs: Leg[];
  /** Cut length along the centre line from the record's own geometry (arcs and 3D included), mm. */
  developedLength: number | null;
  /** The same geometry as the guideline's `l` counts it: outer dimensions plus arcs, mm. */
  outerLength: number | null;
  /** A leg, radius, angle or coordinate that is not a number. */
  geometryUnreadable: boolean;
  /** The coupler block (`M…@`) as read, or null. */
  coupler: string | null;
  /** The private block (`P…@`) as read, or null: written back unchanged. */
  privateBlock: string | null;
  checksum: { found: number | null; expected: number };
};

export type BvbsUnknownLine = { kind: 'unknown'; lineNo: number; raw: string };
export type BvbsLine = BvbsRecord | BvbsUnknownLine;

const CHECKSUM_OFFSET = 96;
const CHECKSUM_MODULUS = 32;

/**
 * The guideline's checksum: 96 − (Σ character codes up to and including the `C`) mod 32, so 65–96.
 * Characters outside ASCII (the guideline allows none, Chinese marks happen) count by their UTF-8
 * bytes, which is what a reader of our UTF-8 files sums.
 */
export function bvbsChecksum(textUpToAndIncludingC: string): number {
  let sum = 0;
  for (let index = 0; index < textUpToAndIncludingC.length; index++) {
    const code = textUpToAndIncludingC.charCodeAt(index);
    if (code < 0x80) {
      sum += code;
      continue;
    }
    const codePoint = textUpToAndIncludingC.codePointAt(index) ?? code;
    if (codePoint > 0xffff) index++;
    sum += utf8ByteSum(codePoint);
  }
  return CHECKSUM_OFFSET - (sum % CHECKSUM_MODULUS);
}

function utf8ByteSum(codePoint: number): number {
  const continuationCount = codePoint < 0x800 ? 1 : codePoint < 0x10000 ? 2 : 3;
  let sum = 0;
  let rest = codePoint;
  for (let index = 0; index < continuationCount; index++) {
    sum += 0x80 | (rest & 0x3f);
    rest >>= 6;
  }
  const leadMarker = [0xc0, 0xe0, 0xf0][continuationCount - 1] ?? 0;
  return sum + (leadMarker | rest);
}

/** Reads a whole file: one entry per non-blank line, records and unknown lines alike. */
export function parseBvbs(text: string): BvbsLine[] {
  // Windows editors save a byte-order mark before the first record.
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const parsed: BvbsLine[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    parsed.push(parseBvbsLine(line, index + 1));
  });
  return parsed;
}

type Block = { id: string; body: string; raw: string };

/** One line: a BF2D/BF3D record with a header block, or an unknown line. */
export function parseBvbsLine(line: string, lineNo: number): BvbsLine {
  const text = line.trim();
  const unknown: BvbsUnknownLine = { kind: 'unknown', lineNo, raw: line };
  const group = text.slice(0, text.indexOf('@'));
  if (group !== 'BF2D' && group !== 'BF3D') return unknown;
  const { body, found } = splitChecksum(text);
  const blocks = splitBlocks(body.slice(group.length + 1));
  const header = blocks.find((block) => block.id === 'H');
  if (!header) return unknown;
  const geometryBlock = blocks.find((block) => block.id === 'G');
  const headerFields = readFields(header.body);
  const diameter = readNumber(fieldValue(headerFields, 'd') ?? '') ?? 0;
  // A bent bar without a mandrel is bent on the default one: the developed length must say so too.
  const mandrel = readNumber(fieldValue(headerFields, 's') ?? '') || (diameter > 0 ? defaultMandrel(diameter) : 0);
  const geometryFields = geometryBlock ? readFields(geometryBlock.body) : [];
  const geometry =
    group === 'BF3D' ? readSpatial(geometryFields, diameter, mandrel) : readPlanar(geometryFields, diameter, mandrel);
  return {
    kind: 'record',
    lineNo,
    raw: line,
    group,
    header: headerFields,
    ...geometry,
    developedLength: geometryBlock ? geometry.developedLength : null,
    outerLength: geometryBlock ? geometry.outerLength : null,
    coupler: blocks.find((block) => block.id === 'M')?.raw ?? null,
    privateBlock: blocks.find((block) => block.id === 'P')?.raw ?? null,
    checksum: { found, expected: bvbsChecksum(`${body}C`) },
  };
}

/** The first value of a header field, as written (null when the field is absent). */
export function fieldValue(fields: readonly BvbsField[], key: string): string | null {
  return fields.find((field) => field.key === key)?.value ?? null;
}

/** The text before the checksum block (ending in `@`) and the checksum it declares. */
function splitChecksum(text: string): { body: string; found: number | null } {
  const match = /@C(\d*)@?$/.exec(text);
  if (!match) return { body: text.endsWith('@') ? text : `${text}@`, found: null };
  const body = text.slice(0, match.index + 1);
  return { body, found: match[1] ? Number(match[1]) : null };
}

/** Blocks end where an `@` is followed by an uppercase letter (the next block's id). */
function splitBlocks(text: string): Block[] {
  const parts = text.split(BLOCK_BOUNDARY);
  return parts
    .filter((part) => part.length > 0)
    .map((part, index) => {
      const raw = index < parts.length - 1 || !part.endsWith('@') ? `${part}@` : part;
      return { id: raw[0] ?? '', body: raw.slice(1), raw };
    });
}

const BLOCK_BOUNDARY = /@(?=[A-Z])/;

function readFields(body: string): BvbsField[] {
  const fields: BvbsField[] = [];
  let start = 0;
  while (start < body.length) {
    const end = body.indexOf('@', start);
    const stop = end < 0 ? body.length : end;
    if (stop > start) fields.push({ key: body[start] ?? '', value: body.slice(start + 1, stop) });
    start = stop + 1;
  }
  return fields;
}

type Geometry = Pick<BvbsRecord, 'legs' | 'developedLength' | 'outerLength' | 'geometryUnreadable'>;

/** An arc is drawn as tangent legs bent by at most this much, so that it looks round. */
const ARC_STEP_DEGREES = 30;

/**
 * A planar `G` block: `l` legs each followed by `w` (the bend after it), `r` arcs followed by their
 * opening angle `w` (and optionally a second `w`, the bend into the next leg). Arc length counts
 * r·θ, as the guideline's own arc examples (4 and 5: l1428 = 400 + 628 + 400) do.
 */
function readPlanar(fields: readonly BvbsField[], diameter: number, mandrel: number): Geometry {
  const reader = new PlanarReader(diameter, mandrel);
  for (const field of fields) reader.read(field);
  return reader.result();
}

/** Walks a planar `G` block field by field, keeping the legs and the lengths read so far. */
class PlanarReader {
  private readonly legs: Leg[] = [];
  private straight = 0;
  private arcs = 0;
  private deductions = 0;
  private unreadable = false;
  /** An `l` or `r` waiting for its angle. */
  private pending: { kind: 'leg' | 'arc'; value: number } | null = null;
  /** After an arc's opening angle, a further `w` is the bend from the arc into the next leg. */
  private afterArc = false;

  constructor(
    private readonly diameter: number,
    private readonly mandrel: number,
  ) {}

  read(field: BvbsField): void {
    if (field.key !== 'l' && field.key !== 'r' && field.key !== 'w') return;
    const value = readNumber(field.value);
    if (value === null) this.unreadable = true;
    else if (field.key === 'w') this.angle(value);
    else this.pending = { kind: field.key === 'l' ? 'leg' : 'arc', value };
  }

  result(): Geometry {
    if (this.pending?.kind === 'leg') this.angle(0);
    const last = this.legs[this.legs.length - 1];
    if (last && last.angle !== 0) {
      // A bar ends, it does not bend: a last angle other than w0 is dropped.
      this.deductions -= this.deduction(last.angle);
      this.legs[this.legs.length - 1] = { ...last, angle: 0 };
    }
    return {
      legs: this.legs.map((leg) => ({ length: roundTo(leg.length, 1), angle: leg.angle })),
      developedLength: Math.round(this.straight + this.arcs - this.deductions),
      outerLength: Math.round(this.straight + this.arcs),
      geometryUnreadable: this.unreadable || this.legs.some((leg) => leg.length <= 0),
    };
  }

  private angle(value: number): void {
    const pending = this.pending;
    this.pending = null;
    if (pending?.kind === 'leg') this.leg(pending.value, value);
    else if (pending?.kind === 'arc') this.arc(pending.value, value);
    else if (this.afterArc) this.bendAfterArc(value);
    this.afterArc = pending?.kind === 'arc';
  }

  private leg(length: number, angle: number): void {
    // A leg straight on from an arc's closing tangent continues it rather than starting a new one.
    const last = this.legs[this.legs.length - 1];
    if (this.afterArc && last && last.angle === 0)
      this.legs[this.legs.length - 1] = { length: last.length + length, angle };
    else this.legs.push({ length, angle });
    this.straight += length;
    this.deductions += this.deduction(angle);
  }

  private arc(radius: number, angle: number): void {
    this.arcs += (radius * Math.abs(angle) * Math.PI) / 180;
    appendArc(this.legs, radius, angle);
  }

  private bendAfterArc(angle: number): void {
    const last = this.legs[this.legs.length - 1];
    if (last) this.legs[this.legs.length - 1] = { ...last, angle };
    this.deductions += this.deduction(angle);
  }

  private deduction(angle: number): number {
    return bendDeduction(angle, this.diameter, this.mandrel);
  }
}

/**
 * An arc of radius r turning by θ, as legs: θ is split into steps of at most 30°, each a bend
 * between tangent legs of r·tan(step/2) on either side. The closing tangent is left straight on
 * (angle 0); the leg that follows the arc is merged into it.
 */
function appendArc(legs: Leg[], radius: number, angle: number): void {
  const steps = Math.max(1, Math.ceil(Math.abs(angle) / ARC_STEP_DEGREES));
  const step = angle / steps;
  const tangent = radius * Math.tan((Math.abs(step) * Math.PI) / 360);
  const previous = legs[legs.length - 1];
  if (previous && previous.angle === 0) legs[legs.length - 1] = { length: previous.length + tangent, angle: step };
  else legs.push({ length: tangent, angle: step });
  for (let index = 1; index < steps; index++) legs.push({ length: 2 * tangent, angle: step });
  legs.push({ length: tangent, angle: 0 });
}

/**
 * A BF3D `G` block: `x y z` offsets from one vertex to the next, taken along the bar's axis (the
 * guideline's example writes 294 = 300 − d/2 for an end leg, 288 = 300 − d for a middle one, and
 * `l1500` = 5 × 300 outer). Developed length: the axis polyline less, at each vertex, the corner the
 * bend cuts (2·(r + d/2)·tan(θ/2) − θ·(r + d/2)). Legs: outer dimensions, flattened into the plane
 * with the 3D bend angles, for a rough drawing only.
 */
function readSpatial(fields: readonly BvbsField[], diameter: number, mandrel: number): Geometry {
  const { vectors, unreadable } = readVectors(fields);
  const lengths = vectors.map((vector) => Math.hypot(vector.x, vector.y, vector.z));
  const angles = vectors.slice(1).map((vector, index) => angleBetween(vectors[index] ?? vector, vector));
  const centreRadius = mandrel / 2 + diameter / 2;
  const axisSum = lengths.reduce((sum, length) => sum + length, 0);
  const corners = angles.reduce((sum, angle) => sum + cornerCut(angle, centreRadius), 0);
  const outerExtra = (angle: number | undefined) =>
    angle ? (diameter / 2) * Math.tan(toRadians(Math.min(angle, 90)) / 2) : 0;
  const legs = lengths.map((length, index) => ({
    length: roundTo(length + outerExtra(angles[index - 1]) + outerExtra(angles[index]), 1),
    angle: roundTo(angles[index] ?? 0, 1),
  }));
  return {
    legs,
    developedLength: Math.round(axisSum - corners),
    outerLength: Math.round(legs.reduce((sum, leg) => sum + leg.length, 0)),
    geometryUnreadable: unreadable,
  };
}

type Vector = { x: number; y: number; z: number };

/** A vertex ends when one of x, y, z repeats; a coordinate left out is 0. */
function readVectors(fields: readonly BvbsField[]): { vectors: Vector[]; unreadable: boolean } {
  const vectors: Vector[] = [];
  let current: Partial<Vector> = {};
  let unreadable = false;
  const flush = () => {
    if (Object.keys(current).length > 0) vectors.push({ x: current.x ?? 0, y: current.y ?? 0, z: current.z ?? 0 });
    current = {};
  };
  for (const field of fields) {
    if (field.key !== 'x' && field.key !== 'y' && field.key !== 'z') continue;
    if (field.key in current) flush();
    const value = readNumber(field.value);
    if (value === null) unreadable = true;
    current[field.key] = value ?? 0;
  }
  flush();
  return { vectors: vectors.filter((vector) => Math.hypot(vector.x, vector.y, vector.z) > 0), unreadable };
}

function angleBetween(a: Vector, b: Vector): number {
  const dot = a.x * b.x + a.y * b.y + a.z * b.z;
  const cos = dot / (Math.hypot(a.x, a.y, a.z) * Math.hypot(b.x, b.y, b.z));
  return (Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI;
}

/** What a bend of θ on centre radius R cuts off an axis polyline (axis dimensions meet at the corner). */
function cornerCut(angleDegrees: number, centreRadius: number): number {
  const angle = toRadians(Math.min(angleDegrees, 179));
  return 2 * centreRadius * Math.tan(angle / 2) - angle * centreRadius;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

// ───────────────────────────── writing ─────────────────────────────

/** One bar as `writeBvbs` writes it (BF2D). */
export type BvbsBar = {
  project: string;
  drawing: string | null;
  mark: string;
  length: number;
  quantity: number;
  /** kg per piece (the guideline's `e`). */
  weightPerPiece: number | null;
  diameter: number;
  grade: string;
  mandrel: number | null;
  legs: readonly Leg[];
  /** Writes a coupler block, so that the bar reads back as threaded. */
  coupler: boolean;
  privateBlock: string | null;
};

const CRLF = '\r\n';

/**
 * BF2D records with their checksums, CRLF-terminated. Every mandatory header field is written, empty
 * when unknown (`@i@`, `@v@`); the last leg carries `w0`; a bar without legs gets no `G` block (the
 * guideline makes only `H` and `C` mandatory), so it reads back without legs.
 */
export function writeBvbs(bars: readonly BvbsBar[]): string {
  return bars.map((bar) => `${bvbsRecord(bar)}${CRLF}`).join('');
}

export function bvbsRecord(bar: BvbsBar): string {
  const { drawing, index } = splitDrawing(bar.drawing);
  const header = [
    ['j', bar.project],
    ['r', drawing],
    ['i', index],
    ['p', bar.mark],
    ['l', formatNumber(bar.length)],
    ['n', formatNumber(bar.quantity)],
    ['e', bar.weightPerPiece === null ? '' : bar.weightPerPiece.toFixed(3)],
    ['d', formatNumber(bar.diameter)],
    ['g', bar.grade],
    ['s', bar.mandrel === null ? '' : formatNumber(bar.mandrel)],
    ['v', ''],
  ];
  const blocks = [`H${header.map(([key, value]) => `${key}${clean(value ?? '')}@`).join('')}`];
  if (bar.legs.length > 0)
    blocks.push(`G${bar.legs.map((leg, i) => legFields(leg, i === bar.legs.length - 1)).join('')}`);
  if (bar.coupler) blocks.push('Ma@b@c@n@o@p@');
  if (bar.privateBlock && isBvbsPrivateBlock(bar.privateBlock)) blocks.push(bar.privateBlock);
  const body = `BF2D@${blocks.join('')}`;
  return `${body}C${bvbsChecksum(`${body}C`)}@`;
}

function legFields(leg: Leg, last: boolean): string {
  return `l${formatNumber(leg.length)}@w${last ? 0 : formatNumber(leg.angle)}@`;
}

/**
 * `@` ends a field, a line end the record, and a reader may take any control character for either:
 * none may appear inside a value, so a mark or drawing number can never start a block of its own.
 */
function clean(value: string): string {
  return value.replace(/[@\p{Cc}]/gu, ' ');
}

/**
 * A private block as the guideline has it: `P`, then fields of a lowercase key and a value, each ended
 * by `@` (`PnREBAR@hYM@`). A value holds no `@` and no control character, so the block cannot end
 * early: `Px@Hl99999@n1@` would read back as a second header block, under a valid checksum.
 */
const PRIVATE_BLOCK = /^P(?:[a-z][^@\p{Cc}]*@)+$/u;

export function isBvbsPrivateBlock(text: string): boolean {
  return PRIVATE_BLOCK.test(text);
}

function formatNumber(value: number): string {
  return String(roundTo(value, 3));
}

/** A line's drawing is the BVBS drawing `r` and its index `i`, written `417 (a)`. */
export function joinDrawing(drawing: string, index: string): string | null {
  const [name, revision] = [drawing.trim(), index.trim()];
  if (!revision) return name || null;
  return name ? `${name} (${revision})` : `(${revision})`;
}

export function splitDrawing(text: string | null): { drawing: string; index: string } {
  const match = /^(.*?)\s*\(([^()]*)\)$/.exec(text ?? '');
  if (match) return { drawing: match[1] ?? '', index: match[2] ?? '' };
  return { drawing: text ?? '', index: '' };
}
