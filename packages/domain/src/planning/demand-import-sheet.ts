import type { Locale } from '../core/i18n/locales.ts';
import { MAX_BAR_LENGTH } from '../stock/index.ts';
import { parseLegs } from './bar-shape.ts';
import { DEMAND_COLUMNS, isExampleRow, type DemandColumnKey } from './demand-columns.ts';
import {
  cellText,
  checkedLegs,
  finishLine,
  positiveNumber,
  requiredText,
  roundedLength,
  sharedContext,
  type DraftLine,
  type ProblemList,
} from './demand-import-lines.ts';
import { demandColumnLabel, type ImportContext, type SheetCell } from './demand-import.ts';
import { MAX_LINE_QUANTITY, type DemandImportLine, type DemandImportPreview } from './demand-order.schema.ts';
import { resolveQuantity } from './demand-line.ts';

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
