import type { Locale } from '../core/i18n/locales.ts';
import { formatLegs, isStraight, roundTo } from './bar-shape.ts';
import { writeBvbs, type BvbsBar } from './bvbs.ts';
import { DEMAND_COLUMNS, type DemandColumnKey } from './demand-columns.ts';
import { TECHNIQUE_CODES, type SheetCell, type TechniqueOption } from './demand-import.ts';
import type { DemandOrderLine } from './demand-order.schema.ts';

// A saved order written back as a file the import reads: BVBS, or sheet rows the API writes to .xlsx.

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
