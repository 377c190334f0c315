import type { Locale, Localized } from '../core/i18n/locales.ts';
import { normalizeHeader, readNumber, type SheetCell } from '../planning/index.ts';
import { bomQuantitySchema } from './bom-fields.ts';
import type { BomImportLine, BomImportProblem, BomImportPreview } from './bom-import.schema.ts';

/**
 * The columns of a design BOM sheet: the export writes them, the import matches a header row by any
 * language's label or an alias (ignoring case, spaces and a unit in brackets), so a sheet exported in
 * French imports for a Chinese user. `partCode` and `quantity` must be there.
 */
export const BOM_COLUMN_KEYS = ['level', 'partCode', 'partName', 'quantity', 'unit', 'positionNo', 'remark'] as const;
export type BomColumnKey = (typeof BOM_COLUMN_KEYS)[number];

export const BOM_COLUMNS: readonly { key: BomColumnKey; label: Localized; aliases?: string[]; required?: boolean }[] = [
  { key: 'level', label: { 'zh-CN': '层级', 'en-US': 'Level', 'fr-FR': 'Niveau' }, aliases: ['lvl', '级别'] },
  {
    key: 'partCode',
    label: { 'zh-CN': '零件编码', 'en-US': 'Part code', 'fr-FR': 'Code pièce' },
    aliases: ['code', 'part', 'part no', 'part number', '编码', '物料编码', 'référence'],
    required: true,
  },
  {
    key: 'partName',
    label: { 'zh-CN': '零件名称', 'en-US': 'Part name', 'fr-FR': 'Nom de la pièce' },
    aliases: ['name', 'description', '名称', 'désignation'],
  },
  {
    key: 'quantity',
    label: { 'zh-CN': '数量', 'en-US': 'Quantity', 'fr-FR': 'Quantité' },
    aliases: ['qty', '用量', 'qté'],
    required: true,
  },
  { key: 'unit', label: { 'zh-CN': '单位', 'en-US': 'Unit', 'fr-FR': 'Unité' } },
  {
    key: 'positionNo',
    label: { 'zh-CN': '位置号', 'en-US': 'Position', 'fr-FR': 'Repère' },
    aliases: ['pos', 'position no', 'item', '序号'],
  },
  {
    key: 'remark',
    label: { 'zh-CN': '备注', 'en-US': 'Remark', 'fr-FR': 'Remarque' },
    aliases: ['note', 'notes', 'comment'],
  },
];

/** What each import problem means, for the 400 of an import whose lines still have problems. */
export const BOM_IMPORT_PROBLEM_MESSAGES: Record<BomImportProblem, Localized> = {
  unknown_part: { 'zh-CN': '零件库中没有该零件', 'en-US': 'No such part in the library', 'fr-FR': 'Pièce inconnue' },
  bad_quantity: {
    'zh-CN': '数量须为正数，最多三位小数',
    'en-US': 'The quantity must be positive, with at most three decimals',
    'fr-FR': 'La quantité doit être positive, avec trois décimales au plus',
  },
  bad_level: {
    'zh-CN': '层级须为 1 至 50 的整数（0 仅用于首行的根零件）',
    'en-US': 'The level must be a whole number from 1 to 50 (0 only for the root part, on the first line)',
    'fr-FR': 'Le niveau est un entier de 1 à 50 (0 seulement pour la pièce racine, en première ligne)',
  },
  level_jump: {
    'zh-CN': '层级比上一行多出不止一级',
    'en-US': 'The level is more than one below the line above',
    'fr-FR': 'Le niveau descend de plus d’un cran par rapport à la ligne précédente',
  },
  cycle: {
    'zh-CN': '零件不能包含自身',
    'en-US': 'The part would contain itself',
    'fr-FR': 'La pièce se contiendrait elle-même',
  },
  root_mismatch: {
    'zh-CN': '第 0 层须为本BOM的根零件',
    'en-US': 'Level 0 must be this BOM’s root part',
    'fr-FR': 'Le niveau 0 doit être la pièce racine de cette nomenclature',
  },
  missing_value: { 'zh-CN': '必填', 'en-US': 'Required', 'fr-FR': 'Obligatoire' },
};

/** The deepest level a sheet may give (the apply body's bound). */
export const MAX_BOM_LEVEL = 50;
/** Spaces per level in front of the exported code. */
const INDENT = 2;

/** What an import matches lines against: the BOM's root part and the library's parts by code. */
export type BomImportContext = {
  root: { partId: string; partCode: string };
  parts: ReadonlyMap<string, { id: string; name: string }>;
};

/** A line as read (from a sheet or an apply body), before its tree is checked. */
export type BomDraftLine = {
  row: number;
  level: number | null;
  partCode: string;
  quantity: number | null;
  positionNo: string | null;
  remark: string | null;
  problems: BomImportLine['problems'];
};

export class BomColumnsMissingError extends Error {
  constructor(readonly columns: BomColumnKey[]) {
    super(`The sheet lacks required columns: ${columns.join(', ')}`);
    this.name = 'BomColumnsMissingError';
  }

  /** The missing columns' labels in `locale`. */
  labels(locale: Locale): string {
    return this.columns.map((key) => BOM_COLUMNS.find((column) => column.key === key)?.label[locale] ?? key).join(', ');
  }
}

const HEADER_NAMES: ReadonlyMap<string, BomColumnKey> = new Map(
  BOM_COLUMNS.flatMap((column) =>
    [...Object.values(column.label), ...(column.aliases ?? []), column.key].map(
      (name) => [normalizeHeader(name), column.key] as const,
    ),
  ).reverse(),
);

const cellText = (cell: SheetCell | undefined) => (cell === null || cell === undefined ? '' : String(cell));
const isEmptyRow = (row: readonly SheetCell[]) => row.every((cell) => cellText(cell).trim() === '');

/** Rows a title block above the header may take. */
const MAX_TITLE_ROWS = 10;

function findHeader(rows: readonly (readonly SheetCell[])[]) {
  for (let index = 0; index < Math.min(rows.length, MAX_TITLE_ROWS + 1); index++) {
    const columns: Partial<Record<BomColumnKey, number>> = {};
    rows[index]!.forEach((cell, column) => {
      const key = HEADER_NAMES.get(normalizeHeader(cellText(cell)));
      if (key && columns[key] === undefined) columns[key] = column;
    });
    if (columns.partCode !== undefined && columns.quantity !== undefined) return { headerIndex: index, columns };
  }
  throw new BomColumnsMissingError(BOM_COLUMNS.filter((column) => column.required).map((column) => column.key));
}

/** Leading blanks (spaces, tabs, ideographic spaces) in front of a code. */
const indentationOf = (text: string) => /^[\s\u3000]*/.exec(text)![0].length;

function readLevel(cell: SheetCell, problems: BomDraftLine['problems']): number | null {
  const text = cellText(cell).trim();
  if (!text) return null;
  const level = typeof cell === 'number' ? cell : readNumber(text);
  if (level === null || !Number.isInteger(level) || level < 0 || level > MAX_BOM_LEVEL) {
    problems.push({ code: 'bad_level', field: 'level' });
    return null;
  }
  return level;
}

function readQuantity(cell: SheetCell, problems: BomDraftLine['problems']): number | null {
  const text = cellText(cell).trim();
  if (!text) {
    problems.push({ code: 'missing_value', field: 'quantity' });
    return null;
  }
  const quantity = typeof cell === 'number' ? cell : readNumber(text);
  if (quantity === null || !bomQuantitySchema.safeParse(quantity).success) {
    problems.push({ code: 'bad_quantity', field: 'quantity' });
    return null;
  }
  return quantity;
}

/**
 * Levels from the indentation of the codes, for lines without a level number: the smallest indent
 * step of the sheet is one level. The top indentation is level 0 when the first such line is the
 * root part (the sheet starts with it, as exports do), else level 1 (the sheet lists the root's
 * children only).
 */
function levelsByIndentation(drafts: BomDraftLine[], indents: number[], root: BomImportContext['root']) {
  const unknown = drafts
    .map((draft, index) => ({ draft, indent: indents[index]! }))
    .filter((each) => each.draft.level === null && !each.draft.problems.some((problem) => problem.field === 'level'));
  if (!unknown.length) return;
  const top = Math.min(...unknown.map((each) => each.indent));
  const steps = unknown.map((each) => each.indent - top).filter((step) => step > 0);
  const step = steps.length ? Math.min(...steps) : INDENT;
  const first = unknown[0]!;
  const base = first.indent === top && first.draft.partCode === root.partCode && first.draft === drafts[0] ? 0 : 1;
  for (const { draft, indent } of unknown) draft.level = base + Math.round((indent - top) / step);
}

/**
 * A sheet's lines (a header row, maybe below a title block, then one row per node in pre-order) with
 * their problems. `row` is the sheet row (1-based). Throws BomColumnsMissingError when no row of the
 * first few has the part code and quantity columns.
 */
export function readBomSheet(rows: readonly (readonly SheetCell[])[], ctx: BomImportContext): BomImportPreview {
  const { headerIndex, columns } = findHeader(rows);
  const drafts: BomDraftLine[] = [];
  const indents: number[] = [];
  for (let index = headerIndex + 1; index < rows.length; index++) {
    const row = rows[index]!;
    if (isEmptyRow(row)) continue;
    const cell = (key: BomColumnKey): SheetCell => {
      const column = columns[key];
      return column === undefined ? null : (row[column] ?? null);
    };
    const problems: BomDraftLine['problems'] = [];
    const code = cellText(cell('partCode'));
    const optional = (key: BomColumnKey) => cellText(cell(key)).trim() || null;
    indents.push(indentationOf(code));
    drafts.push({
      row: index + 1,
      level: readLevel(cell('level'), problems),
      partCode: code.trim(),
      quantity: readQuantity(cell('quantity'), problems),
      positionNo: optional('positionNo'),
      remark: optional('remark'),
      problems,
    });
  }
  levelsByIndentation(drafts, indents, ctx.root);
  return checkBomLines(drafts, ctx);
}

/**
 * The lines' tree checked: level 0 only first and only for the root part (which is then no line of
 * the answer: it is the BOM itself), no level more than one below the line above, known parts, no
 * part inside itself (the path of parts from the root down to each line).
 */
export function checkBomLines(drafts: readonly BomDraftLine[], ctx: BomImportContext): BomImportPreview {
  const lines: BomImportLine[] = [];
  /** Part ids from the root down to the line above, by level (null: unknown part, not checked). */
  const stack: (string | null)[] = [ctx.root.partId];
  let previous = 0;
  drafts.forEach((draft, index) => {
    const problems = [...draft.problems];
    const part = draft.partCode ? ctx.parts.get(draft.partCode) : undefined;
    if (!draft.partCode) problems.push({ code: 'missing_value', field: 'partCode' });
    else if (!part) problems.push({ code: 'unknown_part', field: 'partCode' });
    const level = draft.level;
    if (level === 0) {
      if (index > 0) problems.push({ code: 'bad_level', field: 'level' });
      // The root row is the BOM itself: its quantity is always 1, whatever the sheet says.
      else if (draft.partCode === ctx.root.partCode) return;
      else problems.push({ code: 'root_mismatch', field: 'partCode' });
    } else if (level !== null) {
      if (level > previous + 1) problems.push({ code: 'level_jump', field: 'level' });
      else if (part && stack.slice(0, level).includes(part.id)) problems.push({ code: 'cycle', field: 'partCode' });
      stack.length = level;
      stack[level] = part?.id ?? null;
      previous = level;
    } else if (!problems.some((problem) => problem.field === 'level'))
      problems.push({ code: 'missing_value', field: 'level' });
    lines.push({
      row: draft.row,
      level,
      partCode: draft.partCode,
      partId: part?.id ?? null,
      partName: part?.name ?? null,
      quantity: draft.quantity,
      positionNo: draft.positionNo,
      remark: draft.remark,
      problems,
    });
  });
  return { lines, errorCount: lines.filter((line) => line.problems.length).length };
}

/** The sheet's header in `locale`. */
export function bomSheetHeader(locale: Locale): string[] {
  return BOM_COLUMNS.map((column) => column.label[locale]);
}

/** A node as the export writes it. */
export type BomSheetNode = {
  depth: number;
  partCode: string;
  partName: string;
  partUnit: string;
  quantity: number;
  positionNo: string | null;
  remark: string | null;
};

/**
 * A tree (pre-order, root first) as sheet rows: the level number, and the code indented by level so
 * the sheet reads as a tree too. `readBomSheet` reads it back.
 */
export function bomSheetRows(
  nodes: readonly BomSheetNode[],
  locale: Locale,
): { header: string[]; rows: SheetCell[][] } {
  const rows = nodes.map((node) =>
    BOM_COLUMNS.map((column): SheetCell => {
      switch (column.key) {
        case 'level':
          return node.depth;
        case 'partCode':
          return ' '.repeat(INDENT * node.depth) + node.partCode;
        case 'unit':
          return node.partUnit;
        default:
          return node[column.key];
      }
    }),
  );
  return { header: bomSheetHeader(locale), rows };
}
