import { MAX_BAR_LENGTH } from '../stock/index.ts';
import { readNumber } from './bar-shape.ts';
import { fieldValue, isBvbsPrivateBlock, joinDrawing, parseBvbs, type BvbsRecord } from './bvbs.ts';
import {
  checkedLegs,
  finishLine,
  positiveNumber,
  requiredText,
  roundedLength,
  sharedContext,
  type DraftLine,
  type ProblemList,
} from './demand-import-lines.ts';
import type { ImportContext } from './demand-import.ts';
import { MAX_LINE_QUANTITY, type DemandImportLine, type DemandImportPreview } from './demand-order.schema.ts';

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
