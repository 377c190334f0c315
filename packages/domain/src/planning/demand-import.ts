import { format, type Locale } from '../core/i18n/locales.ts';
import { DEMAND_COLUMNS } from './demand-columns.ts';
import { IMPORT_PROBLEMS, type ImportProblemCode } from './demand-import-problems.ts';

// What reading a bar bending schedule is given and says. Each format has its reader
// (demand-import-bvbs.ts, demand-import-sheet.ts); both end in the line rules of demand-import-lines.ts.

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

/** A sheet's cell as the API reads it from .xlsx or splits it from .csv. */
export type SheetCell = string | number | null;
