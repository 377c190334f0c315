import type { z } from 'zod';
import { format, type Locale } from '../core/i18n/locales.ts';
import { rebarSpecName } from '../master-data/index.ts';
import { MAX_BAR_LENGTH, weightGrams } from '../stock/index.ts';
import {
  defaultMandrel,
  developedLength,
  formatLegs,
  isStraight,
  legsSum,
  parseLegs,
  readNumber,
  roundTo,
  shapeCodeOf,
} from './bar-shape.ts';
import {
  fieldValue,
  isBvbsPrivateBlock,
  joinDrawing,
  parseBvbs,
  writeBvbs,
  type BvbsBar,
  type BvbsRecord,
} from './bvbs.ts';
import { DEMAND_COLUMNS, isExampleRow, type DemandColumnKey } from './demand-columns.ts';
import { IMPORT_PROBLEMS, type ImportProblemCode } from './demand-import-problems.ts';
import {
  MAX_LEGS,
  MAX_LINE_QUANTITY,
  type DemandImportLine,
  type DemandImportPreview,
  type DemandOrderLine,
  type ImportProblem,
  type Leg,
  type demandOrderLineInputSchema,
} from './demand-order.schema.ts';

/** A product's rebar spec, as the import matches file lines to it. `unitWeight` in kg/m. */
export type SpecOption = { id: string; grade: string; diameter: number; unitWeight: number };
/** A processing technique; the import needs `CUT`, `BEND` and `THREAD` (codes compared case-insensitively). */
export type TechniqueOption = { id: string; code: string };
export type ImportContext = { specs: SpecOption[]; techniques: TechniqueOption[]; locale: Locale };

/**
 * How far (mm) a file's cut length may lie outside what its geometry gives before `length_mismatch`
 * is raised. Schedules write the cut length by one of two conventions: the plain sum of the outer
 * dimensions (the BVBS guideline's own examples, German practice: the shop deducts at the machine)
 * or the sum less the bend deductions (BS 8666, GB practice), and each office has its own deduction
 * table (2d, 2.29d… per 90° bend) and mandrel. So a length anywhere between our developed length and
 * the sum of the legs is consistent; beyond that, 25 mm absorbs rounding to 5/10/25 mm and a
 * deduction table that differs from ours by a fraction of d. A mistyped leg (typically 100 mm or
 * more) still shows.
 */
export const LENGTH_TOLERANCE_MM = 25;
/** The file's weight may differ from ours by this much (%) before `weight_mismatch` is raised. */
export const WEIGHT_TOLERANCE_PERCENT = 3;

export const TECHNIQUE_CODES = { cut: 'CUT', bend: 'BEND', thread: 'THREAD' } as const;

// ───────────────────────────── problems and labels ─────────────────────────────

/** A column's label in the caller's language: the name messages give a field. */
export function demandColumnLabel(key: string, locale: Locale): string {
  return DEMAND_COLUMNS.find((column) => column.key === key)?.label[locale] ?? key;
}

/** An import problem's message in `locale`; `{field}` is filled with the field's column label. */
export function importProblemMessage(
  code: ImportProblemCode,
  field: string,
  params: Record<string, string | number>,
  locale: Locale,
): string {
  return format(IMPORT_PROBLEMS[code].message[locale], { field: demandColumnLabel(field, locale), ...params });
}

const NONE: Record<Locale, string> = { 'zh-CN': '无', 'en-US': 'none', 'fr-FR': 'aucune' };

class ProblemList {
  readonly items: ImportProblem[] = [];
  /** `lineNo:field` of every problem, so that "already reported?" is one lookup. */
  private readonly reported = new Set<string>();
  constructor(private readonly locale: Locale) {}

  add(lineNo: number, field: string, code: ImportProblemCode, params: Record<string, string | number> = {}): void {
    const message = importProblemMessage(code, field, params, this.locale);
    this.items.push({ lineNo, field, severity: IMPORT_PROBLEMS[code].severity, code, message });
    this.reported.add(`${lineNo}:${field}`);
  }

  hasProblem(lineNo: number, field: string): boolean {
    return this.reported.has(`${lineNo}:${field}`);
  }
}

// ───────────────────────────── shared line rules ─────────────────────────────

/** What a file says about one line, read but not yet checked against the product. */
type DraftLine = {
  lineNo: number;
  mark: string;
  grade: string;
  diameter: number | null;
  /** The file's cut length (null when it gives none or it is unreadable). */
  length: number | null;
  members: number | null;
  barsPerMember: number | null;
  quantity: number | null;
  /** The file's weight, kg: per piece (BVBS `e`) or for the whole line (sheet). */
  fileWeight: { kg: number; per: 'piece' | 'line' } | null;
  legs: Leg[];
  mandrel: number | null;
  shapeCode: string | null;
  /** Lengths the reader computed from a geometry richer than legs (arcs, 3D). */
  geometryLengths: { developed: number; outer: number } | null;
  coupler: boolean;
  /** Technique codes the file lists; null to derive them from the shape. */
  techniqueCodes: string[] | null;
  piecesPerBundle: number | null;
  drawing: string | null;
  privateBlock: string | null;
  remark: string | null;
};

const normalizeGrade = (grade: string) => grade.toUpperCase().replace(/[\s\-_]/g, '');

type SpecIndex = Map<number, { all: SpecOption[]; byGrade: Map<string, SpecOption> }>;

/** Specs by diameter, then by normalized grade: each line's lookup is two map reads. */
function indexSpecs(specs: readonly SpecOption[]): SpecIndex {
  const index: SpecIndex = new Map();
  for (const spec of specs) {
    const entry = index.get(spec.diameter) ?? { all: [] as SpecOption[], byGrade: new Map<string, SpecOption>() };
    entry.all.push(spec);
    if (!entry.byGrade.has(normalizeGrade(spec.grade))) entry.byGrade.set(normalizeGrade(spec.grade), spec);
    index.set(spec.diameter, entry);
  }
  return index;
}

/** The spec of the same grade and diameter; an empty grade takes the diameter's only spec. */
function findSpec(index: SpecIndex, grade: string, diameter: number): SpecOption | null {
  const entry = index.get(diameter);
  if (!entry) return null;
  if (normalizeGrade(grade) === '') return entry.all.length === 1 ? (entry.all[0] ?? null) : null;
  return entry.byGrade.get(normalizeGrade(grade)) ?? null;
}

/** Files repeat a handful of grade and diameter pairs: each is looked up once per import. */
function cachedFindSpec(index: SpecIndex): (grade: string, diameter: number) => SpecOption | null {
  const cache = new Map<string, SpecOption | null>();
  return (grade, diameter) => {
    const key = `${diameter}|${grade}`;
    let spec = cache.get(key);
    if (spec === undefined) cache.set(key, (spec = findSpec(index, grade, diameter)));
    return spec;
  };
}

type Shared = {
  index: SpecIndex;
  findSpec: (grade: string, diameter: number) => SpecOption | null;
  techniques: Map<string, string>;
  problems: ProblemList;
  locale: Locale;
};

function sharedContext(ctx: ImportContext): Shared {
  const index = indexSpecs(ctx.specs);
  return {
    index,
    findSpec: cachedFindSpec(index),
    techniques: new Map(ctx.techniques.map((technique) => [technique.code.toUpperCase(), technique.id])),
    problems: new ProblemList(ctx.locale),
    locale: ctx.locale,
  };
}

/** Applies the rules every format shares: spec, mandrel, length, weight, techniques, shape code. */
function finishLine(draft: DraftLine, shared: Shared): DemandImportLine {
  const spec = draft.diameter === null ? null : matchSpec(draft, shared);
  const bent = !isStraight(draft.legs);
  const mandrel = bent ? (draft.mandrel ?? (draft.diameter ? defaultMandrel(draft.diameter) : null)) : null;
  const length = lineLength(draft, mandrel, shared.problems);
  const weight = spec && length !== null && draft.quantity !== null ? lineWeight(draft, spec, length, shared) : null;
  return {
    lineNo: draft.lineNo,
    mark: draft.mark,
    grade: draft.grade,
    diameter: draft.diameter,
    rebarId: spec?.id ?? null,
    length,
    quantity: draft.quantity,
    members: draft.members,
    barsPerMember: draft.barsPerMember,
    weight,
    shapeCode: draft.shapeCode ?? shapeCodeOf(draft.legs),
    geometry: draft.legs,
    mandrel,
    techniqueIds: techniqueIds(draft, bent, shared.techniques),
    piecesPerBundle: draft.piecesPerBundle,
    drawing: draft.drawing,
    privateBlock: draft.privateBlock,
    remark: draft.remark,
  };
}

/**
 * The file's length, checked against the geometry; or, when the file gives none, the geometry's
 * developed length. `missing_value` when there is neither, unless an unreadable value (the length,
 * or the diameter a bent bar's developed length needs) has already been reported.
 */
function lineLength(draft: DraftLine, mandrel: number | null, problems: ProblemList): number | null {
  const geometry = geometryLengths(draft, mandrel);
  if (draft.length !== null) {
    if (geometry) checkLength(draft, draft.length, geometry, problems);
    return draft.length;
  }
  const derived = geometry?.developed ?? null;
  if (derived !== null && derived > MAX_BAR_LENGTH) {
    problems.add(draft.lineNo, 'length', 'invalid_value', { value: `${derived} > ${MAX_BAR_LENGTH}` });
    return null;
  }
  const explained = problems.hasProblem(draft.lineNo, 'length') || (draft.legs.length > 0 && draft.diameter === null);
  if (derived === null && !explained) problems.add(draft.lineNo, 'length', 'missing_value');
  return derived;
}

/** Our weight (kg), never the file's; the file's is only compared with it. */
function lineWeight(draft: DraftLine, spec: SpecOption, length: number, shared: Shared): number {
  const quantity = draft.quantity ?? 0;
  checkWeight(draft, spec, length, quantity, shared.problems);
  return weightGrams(length, quantity, spec.unitWeight) / 1000;
}

function matchSpec(draft: DraftLine, shared: Shared): SpecOption | null {
  const diameter = draft.diameter ?? 0;
  const spec = shared.findSpec(draft.grade, diameter);
  if (spec) return spec;
  const available = shared.index.get(diameter)?.all.map((option) => rebarSpecName(option.grade, option.diameter));
  shared.problems.add(draft.lineNo, 'grade', 'unknown_spec', {
    spec: draft.grade ? rebarSpecName(draft.grade, diameter) : `Φ${diameter}`,
    diameter,
    available: available?.length ? available.join(', ') : NONE[shared.locale],
  });
  return null;
}

/** The developed and outer lengths of the line's geometry, or null without legs or a diameter. */
function geometryLengths(draft: DraftLine, mandrel: number | null): { developed: number; outer: number } | null {
  if (draft.geometryLengths) return draft.geometryLengths;
  if (draft.legs.length === 0) return null;
  if (isStraight(draft.legs))
    return { developed: Math.round(legsSum(draft.legs)), outer: Math.round(legsSum(draft.legs)) };
  if (draft.diameter === null || mandrel === null) return null;
  return { developed: developedLength(draft.legs, draft.diameter, mandrel), outer: Math.round(legsSum(draft.legs)) };
}

/** See LENGTH_TOLERANCE_MM: the given length must lie between the developed length and the legs' sum. */
function checkLength(
  draft: DraftLine,
  length: number,
  geometry: { developed: number; outer: number },
  problems: ProblemList,
): void {
  const low = Math.min(geometry.developed, geometry.outer) - LENGTH_TOLERANCE_MM;
  const high = Math.max(geometry.developed, geometry.outer) + LENGTH_TOLERANCE_MM;
  if (length >= low && length <= high) return;
  problems.add(draft.lineNo, 'length', 'length_mismatch', {
    length,
    legs: geometry.outer,
    developed: geometry.developed,
    difference: length < low ? low + LENGTH_TOLERANCE_MM - length : length - (high - LENGTH_TOLERANCE_MM),
  });
}

/** Compares like with like: BVBS `e` is per piece, a sheet's weight is the whole line's. */
function checkWeight(
  draft: DraftLine,
  spec: SpecOption,
  length: number,
  quantity: number,
  problems: ProblemList,
): void {
  if (!draft.fileWeight) return;
  const pieces = draft.fileWeight.per === 'piece' ? 1 : quantity;
  const computed = weightGrams(length, pieces, spec.unitWeight) / 1000;
  if (computed <= 0) return;
  const percent = (Math.abs(draft.fileWeight.kg - computed) / computed) * 100;
  if (percent <= WEIGHT_TOLERANCE_PERCENT) return;
  problems.add(draft.lineNo, 'weight', 'weight_mismatch', {
    file: draft.fileWeight.kg,
    computed: roundTo(computed, 3),
    percent: roundTo(percent, 1),
  });
}

/** CUT always, BEND for a bent bar, THREAD for a coupler; or the file's own list. Missing ones are skipped. */
function techniqueIds(draft: DraftLine, bent: boolean, techniques: Map<string, string>): string[] {
  const codes = draft.techniqueCodes ?? [
    TECHNIQUE_CODES.cut,
    ...(bent ? [TECHNIQUE_CODES.bend] : []),
    ...(draft.coupler ? [TECHNIQUE_CODES.thread] : []),
  ];
  const ids = codes.map((code) => techniques.get(code.toUpperCase())).filter((id): id is string => id !== undefined);
  return [...new Set(ids)];
}

/** Legs the line schema accepts; otherwise `invalid_value` and no legs. */
function checkedLegs(lineNo: number, legs: Leg[] | null, text: string, problems: ProblemList): Leg[] {
  const valid =
    legs !== null &&
    legs.length <= MAX_LEGS &&
    legs.every((leg) => leg.length > 0 && leg.length <= MAX_BAR_LENGTH && Math.abs(leg.angle) <= 180);
  if (valid) return legs;
  problems.add(lineNo, 'geometry', 'invalid_value', { value: text });
  return [];
}

type NumberRule = { integer?: boolean; required?: boolean; max?: number };

/**
 * A positive number from a file: null and `missing_value` when required and absent, null and
 * `invalid_value` when unreadable, not positive, not whole when it must be, or above `max`.
 */
function positiveNumber(
  raw: string | number | null | undefined,
  lineNo: number,
  field: string,
  problems: ProblemList,
  rule: NumberRule = {},
): number | null {
  const text = raw === null || raw === undefined ? '' : String(raw).trim();
  if (text === '') {
    if (rule.required) problems.add(lineNo, field, 'missing_value');
    return null;
  }
  const value = typeof raw === 'number' ? raw : readNumber(text);
  const tooLarge = value !== null && rule.max !== undefined && value > rule.max;
  if (
    value === null ||
    !Number.isFinite(value) ||
    value <= 0 ||
    (rule.integer && !Number.isInteger(value)) ||
    tooLarge
  ) {
    problems.add(lineNo, field, 'invalid_value', { value: tooLarge ? `${text} > ${rule.max}` : text });
    return null;
  }
  return value;
}

const roundedLength = (value: number | null) => (value === null ? null : Math.round(value));

// ───────────────────────────── BVBS ─────────────────────────────

/** A BVBS file's preview: one line per BF2D/BF3D record; other lines only raise `unknown_record`. */
export function previewBvbs(text: string, ctx: ImportContext): DemandImportPreview {
  const shared = sharedContext(ctx);
  const lines: DemandImportLine[] = [];
  let project: string | null = null;
  for (const parsed of parseBvbs(text)) {
    if (parsed.kind === 'unknown') {
      shared.problems.add(parsed.lineNo, 'record', 'unknown_record', { record: abbreviate(parsed.raw) });
      continue;
    }
    project ??= fieldValue(parsed.header, 'j')?.trim() || null;
    lines.push(finishLine(draftOfRecord(parsed, shared.problems), shared));
  }
  return { format: 'bvbs', project, lines, problems: shared.problems.items };
}

function abbreviate(raw: string): string {
  const text = raw.trim();
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

function draftOfRecord(record: BvbsRecord, problems: ProblemList): DraftLine {
  const { lineNo } = record;
  const header = (key: string) => fieldValue(record.header, key);
  checkChecksum(record, problems);
  const legs = checkedLegs(lineNo, record.geometryUnreadable ? null : record.legs, geometryText(record), problems);
  const quantity = positiveNumber(header('n'), lineNo, 'quantity', problems, {
    required: true,
    integer: true,
    max: MAX_LINE_QUANTITY,
  });
  const weight = readNumber(header('e') ?? '');
  const draft: DraftLine = {
    lineNo,
    mark: requiredText(header('p'), lineNo, 'mark', problems),
    grade: header('g')?.trim() ?? '',
    // A trailing `d` marks a double bar (meshes); the diameter is the number before it.
    diameter: positiveNumber(header('d')?.replace(/d$/, ''), lineNo, 'diameter', problems, { required: true }),
    length: roundedLength(positiveNumber(header('l'), lineNo, 'length', problems, { max: MAX_BAR_LENGTH })),
    members: quantity === null ? null : 1,
    barsPerMember: quantity,
    quantity,
    fileWeight: weight !== null && weight > 0 ? { kg: weight, per: 'piece' } : null,
    legs,
    // Some writers put `s0` on straight bars: no mandrel, not a bad one.
    mandrel: readNumber(header('s') ?? '') === 0 ? null : positiveNumber(header('s'), lineNo, 'mandrel', problems),
    shapeCode: shapeHint(record.privateBlock) ?? (record.group === 'BF3D' ? SPATIAL_SHAPE_CODE : null),
    geometryLengths:
      record.developedLength !== null && record.outerLength !== null && legs.length > 0
        ? { developed: record.developedLength, outer: record.outerLength }
        : null,
    coupler: record.coupler !== null,
    techniqueCodes: null,
    piecesPerBundle: null,
    drawing: joinDrawing(header('r') ?? '', header('i') ?? ''),
    privateBlock: keptPrivateBlock(record, problems),
    remark: null,
  };
  if (record.group === 'BF3D') reportSpatial(draft, problems);
  return draft;
}

/** A BF3D bar is imported (cut length, weight) but only drawn flattened: the planner should know. */
function reportSpatial(draft: DraftLine, problems: ProblemList): void {
  const developed = draft.geometryLengths?.developed ?? '—';
  problems.add(draft.lineNo, 'geometry', 'spatial_shape', { length: draft.length ?? developed, developed });
}

/** The record's private block when it is one the export may write back; another is left out, with a warning. */
function keptPrivateBlock(record: BvbsRecord, problems: ProblemList): string | null {
  if (record.privateBlock === null || isBvbsPrivateBlock(record.privateBlock)) return record.privateBlock;
  problems.add(record.lineNo, 'privateBlock', 'private_block_dropped', { block: record.privateBlock });
  return null;
}

/** A text a line cannot do without (the mark): `missing_value` when empty. */
function requiredText(value: SheetCell | undefined, lineNo: number, field: string, problems: ProblemList): string {
  const text = cellText(value);
  if (!text) problems.add(lineNo, field, 'missing_value');
  return text;
}

/** BS 8666's "all other shapes": a BF3D bar's flattened legs must not be read as a planar code. */
const SPATIAL_SHAPE_CODE = '99';

function checkChecksum(record: BvbsRecord, problems: ProblemList): void {
  const { found, expected } = record.checksum;
  if (found === expected) return;
  problems.add(record.lineNo, 'record', 'checksum_mismatch', { found: found ?? '—', expected });
}

function geometryText(record: BvbsRecord): string {
  const match = /@G(.*?@)(?=[A-Z]|$)/.exec(record.raw);
  return match ? `G${match[1] ?? ''}` : '';
}

/** A CAD shape code some writers put in the private block: `PnREBAR@hYM@` → `YM`. */
function shapeHint(privateBlock: string | null): string | null {
  if (!privateBlock) return null;
  const code = /(?:^P|@)h([^@]{1,8})@/.exec(privateBlock)?.[1]?.trim();
  return code || null;
}

// ───────────────────────────── sheets ─────────────────────────────

export type SheetCell = string | number | null;

/** A sheet whose header lacks required columns: the API answers 400 `import_missing_columns`. */
export class MissingColumnsError extends Error {
  constructor(readonly columns: DemandColumnKey[]) {
    super(`The sheet lacks required columns: ${columns.join(', ')}`);
    this.name = 'MissingColumnsError';
  }

  /** The missing columns' labels in `locale`, for the `{columns}` of `import_missing_columns`. */
  labels(locale: Locale): string {
    return this.columns.map((key) => demandColumnLabel(key, locale)).join(', ');
  }
}

/** Header text as matched: lower case, no spaces, no unit in brackets (`长度 (mm)` → `长度`). */
export function normalizeHeader(text: string): string {
  return text
    .toLowerCase()
    .replace(/[(（[【].*?[)）\]】]/g, '')
    .replace(/[\s_]+/g, '')
    .replace(/[’']/g, '’');
}

const HEADER_NAMES: ReadonlyMap<string, DemandColumnKey> = new Map(
  DEMAND_COLUMNS.flatMap((column) =>
    [...Object.values(column.label), ...(column.aliases ?? []), column.key].map(
      (name) => [normalizeHeader(name), column.key] as const,
    ),
  ).reverse(),
);

/** Which column holds which key (the first column titled for a key wins). Throws MissingColumnsError. */
export function matchSheetColumns(header: readonly SheetCell[]): Partial<Record<DemandColumnKey, number>> {
  const columns: Partial<Record<DemandColumnKey, number>> = {};
  header.forEach((cell, index) => {
    const key = HEADER_NAMES.get(normalizeHeader(cellText(cell)));
    if (key && columns[key] === undefined) columns[key] = index;
  });
  const missing = DEMAND_COLUMNS.filter((column) => column.required && columns[column.key] === undefined);
  if (missing.length > 0) throw new MissingColumnsError(missing.map((column) => column.key));
  return columns;
}

/** Rows a title block above the header may take. */
const MAX_TITLE_ROWS = 10;

function findHeader(rows: readonly (readonly SheetCell[])[]): {
  headerIndex: number;
  columns: Partial<Record<DemandColumnKey, number>>;
} {
  const candidates = rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => !isEmptyRow(row))
    .slice(0, MAX_TITLE_ROWS + 1);
  for (const { row, index } of candidates) {
    try {
      return { headerIndex: index, columns: matchSheetColumns(row) };
    } catch (error) {
      if (!(error instanceof MissingColumnsError)) throw error;
    }
  }
  const first = candidates[0]?.row;
  if (first) matchSheetColumns(first);
  throw new MissingColumnsError(DEMAND_COLUMNS.filter((column) => column.required).map((column) => column.key));
}

const cellText = (cell: SheetCell | undefined): string =>
  cell === null || cell === undefined ? '' : String(cell).trim();
const isEmptyRow = (row: readonly SheetCell[]) => row.every((cell) => cellText(cell) === '');

/**
 * A sheet's preview (.xlsx read by the API, or .csv split into cells). The header is the first
 * non-empty row, or, when a title sits above it, the first of the next few rows that has the required
 * columns; every later non-empty row is a line, its `lineNo` the row's number in the sheet (1-based).
 * Throws MissingColumnsError (naming what the first non-empty row lacks) when no row qualifies.
 */
export function previewSheet(
  rows: readonly (readonly SheetCell[])[],
  format: 'xlsx' | 'csv',
  ctx: ImportContext,
): DemandImportPreview {
  const shared = sharedContext(ctx);
  const { headerIndex, columns } = findHeader(rows);
  const lines: DemandImportLine[] = [];
  for (let index = headerIndex + 1; index < rows.length; index++) {
    const row = rows[index];
    // The template's examples are left in by planners who write below them.
    if (!row || isEmptyRow(row) || isExampleRow(row)) continue;
    const cell = (key: DemandColumnKey): SheetCell => {
      const column = columns[key];
      return column === undefined ? null : (row[column] ?? null);
    };
    lines.push(finishLine(draftOfRow(index + 1, cell, shared.problems), shared));
  }
  return { format, project: null, lines, problems: shared.problems.items };
}

function draftOfRow(lineNo: number, cell: (key: DemandColumnKey) => SheetCell, problems: ProblemList): DraftLine {
  const text = (key: DemandColumnKey) => cellText(cell(key));
  const mark = requiredText(cell('mark'), lineNo, 'mark', problems);
  const diameterCell = cell('diameter');
  const diameter = positiveNumber(
    typeof diameterCell === 'string' ? diameterCell.replace(/^\s*[Φφ∅Øø]/, '') : diameterCell,
    lineNo,
    'diameter',
    problems,
    { required: true },
  );
  const geometryText = text('geometry');
  const weight = positiveNumber(cell('weight'), lineNo, 'weight', problems);
  const techniques = text('techniques')
    .split(/[,，;；、\s]+/)
    .filter(Boolean);
  return {
    lineNo,
    mark,
    grade: text('grade'),
    diameter,
    length: roundedLength(positiveNumber(cell('length'), lineNo, 'length', problems, { max: MAX_BAR_LENGTH })),
    ...sheetQuantity(lineNo, cell, problems),
    fileWeight: weight === null ? null : { kg: weight, per: 'line' },
    legs: geometryText ? checkedLegs(lineNo, parseLegs(geometryText), geometryText, problems) : [],
    mandrel: positiveNumber(cell('mandrel'), lineNo, 'mandrel', problems),
    shapeCode: shapeCodeCell(cell('shapeCode')),
    geometryLengths: null,
    coupler: false,
    techniqueCodes: techniques.length > 0 ? techniques : null,
    piecesPerBundle: positiveNumber(cell('piecesPerBundle'), lineNo, 'piecesPerBundle', problems, {
      integer: true,
      max: 10_000,
    }),
    drawing: text('drawing') || null,
    privateBlock: null,
    remark: text('remark') || null,
  };
}

/** Excel turns `00` and `11` into numbers: a numeric code is written back with two digits. */
function shapeCodeCell(cell: SheetCell): string | null {
  if (typeof cell === 'number') return String(cell).padStart(2, '0');
  return cellText(cell) || null;
}

/**
 * Quantity = members × bars per member. A sheet may give either pair, or the quantity alone (one
 * member), or quantity and one factor (the other is their quotient); all three must agree.
 */
function sheetQuantity(
  lineNo: number,
  cell: (key: DemandColumnKey) => SheetCell,
  problems: ProblemList,
): Pick<DraftLine, 'members' | 'barsPerMember' | 'quantity'> {
  const rule = { integer: true, max: MAX_LINE_QUANTITY };
  const members = positiveNumber(cell('members'), lineNo, 'members', problems, rule);
  const bars = positiveNumber(cell('barsPerMember'), lineNo, 'barsPerMember', problems, rule);
  const quantity = positiveNumber(cell('quantity'), lineNo, 'quantity', problems, rule);
  const resolved = resolveQuantity(members, bars, quantity);
  if (resolved.ok) return resolved.value;
  if (
    problems.hasProblem(lineNo, 'members') ||
    problems.hasProblem(lineNo, 'barsPerMember') ||
    problems.hasProblem(lineNo, 'quantity')
  ) {
    return { members, barsPerMember: bars, quantity: null };
  }
  problems.add(lineNo, 'quantity', resolved.key, resolved.params);
  return { members, barsPerMember: bars, quantity: null };
}

type QuantityResult =
  | { ok: true; value: { members: number; barsPerMember: number; quantity: number } }
  | {
      ok: false;
      key: 'missing_value' | 'quantity_mismatch' | 'invalid_value';
      params: Record<string, string | number>;
    };

/** The members × bars-per-member = quantity rule, shared by the import and the save. */
export function resolveQuantity(
  members: number | null | undefined,
  bars: number | null | undefined,
  quantity: number | null | undefined,
): QuantityResult {
  const mismatch = (): QuantityResult => ({
    ok: false,
    key: 'quantity_mismatch',
    params: { quantity: quantity ?? '—', members: members ?? '—', barsPerMember: bars ?? '—' },
  });
  const value = (m: number, b: number): QuantityResult =>
    m * b > MAX_LINE_QUANTITY
      ? { ok: false, key: 'invalid_value', params: { value: `${m * b} > ${MAX_LINE_QUANTITY}` } }
      : { ok: true, value: { members: m, barsPerMember: b, quantity: m * b } };
  if (members && bars) return quantity && quantity !== members * bars ? mismatch() : value(members, bars);
  if (quantity && members) return quantity % members === 0 ? value(members, quantity / members) : mismatch();
  if (quantity && bars) return quantity % bars === 0 ? value(quantity / bars, bars) : mismatch();
  if (quantity) return value(1, quantity);
  if (bars) return value(1, bars);
  return { ok: false, key: 'missing_value', params: {} };
}

// ───────────────────────────── saving a line ─────────────────────────────

/** A line of `POST`/`PUT /api/demandOrder` after `demandOrderLineInputSchema` parsed it. */
export type DemandOrderLineValues = z.output<typeof demandOrderLineInputSchema>;

export type DemandLineError = { field: string; key: ImportProblemCode; params: Record<string, string | number> };

export type CompletedDemandLine = {
  length: number;
  members: number;
  barsPerMember: number;
  quantity: number;
  shapeCode: string | null;
  weightGrams: number;
  mandrel: number | null;
};

/**
 * What the server stores for a line, from what the client sent and the line's spec: the length (the
 * given one, else the developed length of a bent bar, else a straight bar's leg), members × bars per
 * member = quantity, the mandrel of a bent bar (given, else the default for the diameter), the shape
 * code (given, else derived) and the weight (always ours). Errors name the field and a problem code
 * whose message `demandLineErrorMessage` renders.
 */
export function completeDemandLine(
  input: DemandOrderLineValues,
  spec: SpecOption,
): { ok: true; line: CompletedDemandLine } | { ok: false; errors: DemandLineError[] } {
  const errors: DemandLineError[] = [];
  const legs = input.geometry;
  const bent = !isStraight(legs);
  const mandrel = bent ? (input.mandrel ?? defaultMandrel(spec.diameter)) : null;
  const derived =
    legs.length === 0 ? null : bent ? developedLength(legs, spec.diameter, mandrel ?? 0) : Math.round(legsSum(legs));
  const length = input.length ?? derived;
  if (length === null) errors.push({ field: 'length', key: 'missing_value', params: {} });
  else if (length <= 0 || length > MAX_BAR_LENGTH)
    errors.push({ field: 'length', key: 'invalid_value', params: { value: length } });
  const quantity = resolveQuantity(input.members, input.barsPerMember, input.quantity);
  if (!quantity.ok) errors.push({ field: 'quantity', key: quantity.key, params: quantity.params });
  if (errors.length > 0 || length === null || !quantity.ok) return { ok: false, errors };
  return {
    ok: true,
    line: {
      length,
      ...quantity.value,
      shapeCode: input.shapeCode || shapeCodeOf(legs),
      weightGrams: weightGrams(length, quantity.value.quantity, spec.unitWeight),
      mandrel,
    },
  };
}

/** A save error's message in `locale`. */
export function demandLineErrorMessage(error: DemandLineError, locale: Locale): string {
  return importProblemMessage(error.key, error.field, error.params, locale);
}

// ───────────────────────────── exports ─────────────────────────────

/**
 * An order as a BVBS file (BF2D records, CRLF). The weight `e` is per piece. A line needing the
 * THREAD technique gets a coupler block so that it reads back threaded (pass the techniques).
 */
export function bvbsOfOrder(order: {
  project: string;
  lines: readonly DemandOrderLine[];
  techniques?: readonly TechniqueOption[];
}): string {
  const threadId = order.techniques?.find((technique) => technique.code.toUpperCase() === TECHNIQUE_CODES.thread)?.id;
  return writeBvbs(order.lines.map((line) => bvbsBarOf(line, order.project, threadId)));
}

function bvbsBarOf(line: DemandOrderLine, project: string, threadId: string | undefined): BvbsBar {
  return {
    project,
    drawing: line.drawing,
    mark: line.mark,
    length: line.length,
    quantity: line.quantity,
    weightPerPiece: line.quantity > 0 ? roundTo(line.weight / line.quantity, 3) : null,
    diameter: line.diameter,
    grade: line.grade,
    mandrel: isStraight(line.geometry) ? null : line.mandrel,
    legs: line.geometry,
    coupler: threadId !== undefined && line.techniqueIds.includes(threadId),
    privateBlock: line.privateBlock,
  };
}

/** The column headers in `locale`, with the unit: `下料长度 (mm)`. Alone, they are the template. */
export function sheetHeader(locale: Locale): string[] {
  return DEMAND_COLUMNS.map((column) =>
    column.unit ? `${column.label[locale]} (${column.unit})` : column.label[locale],
  );
}

/**
 * An order as sheet rows (the API writes them to .xlsx): the columns of DEMAND_COLUMNS, weight the
 * line's total kg, legs as `formatLegs`, techniques as codes (pass the techniques to fill them).
 * `previewSheet` reads it back.
 */
export function sheetOfOrder(
  lines: readonly DemandOrderLine[],
  locale: Locale,
  techniques: readonly TechniqueOption[] = [],
): { header: string[]; rows: SheetCell[][] } {
  const codes = new Map(techniques.map((technique) => [technique.id, technique.code]));
  const rows = lines.map((line) => DEMAND_COLUMNS.map((column) => sheetCell(line, column.key, codes)));
  return { header: sheetHeader(locale), rows };
}

function sheetCell(line: DemandOrderLine, key: DemandColumnKey, codes: Map<string, string>): SheetCell {
  switch (key) {
    case 'geometry':
      return formatLegs(line.geometry) || null;
    case 'techniques':
      return (
        line.techniqueIds
          .map((id) => codes.get(id))
          .filter(Boolean)
          .join(', ') || null
      );
    case 'mandrel':
      return isStraight(line.geometry) ? null : line.mandrel;
    default:
      return line[key] ?? null;
  }
}
