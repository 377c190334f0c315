import {
  demandOrderLineInputSchema,
  gramsToKg,
  specUnitWeight,
  weightGrams,
  type DemandImportLine,
  type DemandOrderLine,
  type DemandOrderLineInput,
  type ImportProblem,
  type Leg,
} from '@armature/domain';
import { lineDevelopedLength, lineShapeCode } from './shape.ts';

/** The fields of a line the user edits (the problems of a preview are about these, or the whole `record`). */
export type LineField =
  | 'mark'
  | 'rebarId'
  | 'length'
  | 'members'
  | 'barsPerMember'
  | 'quantity'
  | 'geometry'
  | 'mandrel'
  | 'techniqueIds'
  | 'piecesPerBundle'
  | 'remark';

/**
 * A line on the add / update / import page: what will be sent, what the file said (`grade`, `diameter`
 * while no spec matches), the problems the preview found on it and the fields the user changed since.
 */
export type LineDraft = {
  /** Stable row key (the preview's line number, or a counter for lines added here). */
  key: string;
  lineNo: number | null;
  mark: string;
  grade: string;
  diameter: number | null;
  rebarId: string | null;
  length: number | null;
  members: number | null;
  barsPerMember: number | null;
  quantity: number | null;
  /** The server's weight (preview or saved order); the screen shows its own estimate beside edits. */
  weight: number | null;
  shapeCode: string | null;
  geometry: Leg[];
  mandrel: number | null;
  techniqueIds: string[];
  piecesPerBundle: number | null;
  drawing: string | null;
  privateBlock: string | null;
  remark: string | null;
  /** What the import preview said about this line. */
  problems: ImportProblem[];
  /** Fields the user changed: a problem about one of them counts as handled (the server checks again on save). */
  touched: LineField[];
};

let counter = 0;
const newKey = () => `new-${(counter += 1)}`;

/** A line as the import preview gave it, with what the preview said about it. */
export function fromPreviewLine(line: DemandImportLine, problems: ImportProblem[]): LineDraft {
  return { ...line, key: `p-${line.lineNo}`, problems, touched: [] };
}

/** A saved line, to edit: the same fields as a preview's (its read-only figures are not sent back). */
export function fromOrderLine({ id, ...line }: DemandOrderLine): LineDraft {
  return { ...fromPreviewLine(line, []), key: id };
}

/** A new straight line: one member of one bar, the previous line's spec and techniques to start from. */
export function newLine(previous?: LineDraft): LineDraft {
  return {
    key: newKey(),
    lineNo: null,
    mark: '',
    grade: previous?.grade ?? '',
    diameter: previous?.diameter ?? null,
    rebarId: previous?.rebarId ?? null,
    length: null,
    members: 1,
    barsPerMember: 1,
    quantity: 1,
    weight: null,
    shapeCode: null,
    geometry: [],
    mandrel: null,
    techniqueIds: previous?.techniqueIds ?? [],
    piecesPerBundle: previous?.piecesPerBundle ?? null,
    drawing: null,
    privateBlock: null,
    remark: null,
    problems: [],
    touched: [],
  };
}

export type LineChanges = Partial<Pick<LineDraft, LineField | 'grade' | 'diameter'>>;

/**
 * Applies the user's edits: the fields are marked touched, the quantity follows members × bars per
 * member when both are known, and a new geometry gets its shape code (none for a straight bar).
 */
export function editLine(line: LineDraft, changes: LineChanges): LineDraft {
  const next: LineDraft = { ...line, ...changes };
  if ('members' in changes || 'barsPerMember' in changes) {
    next.quantity = next.members && next.barsPerMember ? next.members * next.barsPerMember : next.quantity;
  }
  if ('geometry' in changes) {
    next.shapeCode = lineShapeCode(next.geometry);
    if (next.geometry.length <= 1) next.mandrel = null;
  }
  const fields = Object.keys(changes).filter((field): field is LineField => field !== 'grade' && field !== 'diameter');
  next.touched = [...new Set([...line.touched, ...fields])];
  return next;
}

/** Which edits handle a problem about `field` (the preview's names: `grade`, `diameter`, `record`…). */
function handledBy(field: string): LineField[] | 'any' {
  switch (field) {
    case 'grade':
    case 'diameter':
    case 'rebarId':
    case 'spec':
      return ['rebarId'];
    case 'length':
      return ['length', 'geometry'];
    case 'quantity':
    case 'members':
    case 'barsPerMember':
      return ['quantity', 'members', 'barsPerMember'];
    case 'geometry':
    case 'legs':
    case 'mandrel':
      return ['geometry', 'mandrel'];
    case 'weight':
      return ['rebarId', 'length', 'quantity', 'members', 'barsPerMember'];
    case 'mark':
    case 'techniqueIds':
    case 'piecesPerBundle':
    case 'remark':
      return [field];
    default:
      // The whole record (a checksum, an unknown record): any correction of the line.
      return 'any';
  }
}

/** The preview's problems on the line that no edit of the user has answered yet. */
export function openProblems(line: LineDraft): ImportProblem[] {
  return line.problems.filter((problem) => {
    const fields = handledBy(problem.field);
    return fields === 'any' ? line.touched.length === 0 : !fields.some((field) => line.touched.includes(field));
  });
}

export const hasOpenError = (line: LineDraft) => openProblems(line).some((problem) => problem.severity === 'error');

/** The cut length the server will keep: the given one, else a bent bar's developed length. */
export function effectiveLength(line: LineDraft, specDiameter?: number): number | null {
  if (line.length) return line.length;
  return line.geometry.length > 1
    ? lineDevelopedLength(line.geometry, line.mandrel, specDiameter ?? line.diameter)
    : null;
}

/** The weight the screen shows while editing: length × quantity × the spec's unit weight (the server's is kept). */
export function estimatedWeight(
  line: LineDraft,
  spec: { unitWeight: number | null; diameter: number } | undefined,
): number | null {
  const length = effectiveLength(line, spec?.diameter);
  if (!spec || !length || !line.quantity) return line.weight;
  return gramsToKg(weightGrams(length, line.quantity, specUnitWeight(spec)));
}

/** The line as `POST`/`PUT /api/demandOrder` takes it: a preview line as the preview returned it, with the user's fixes. */
export function toLineInput(line: LineDraft): DemandOrderLineInput {
  return {
    ...(line.lineNo === null ? {} : { lineNo: line.lineNo }),
    mark: line.mark.trim(),
    grade: line.grade || null,
    diameter: line.diameter,
    rebarId: line.rebarId as string,
    length: line.length,
    quantity: line.quantity,
    members: line.members,
    barsPerMember: line.barsPerMember,
    weight: line.weight,
    shapeCode: line.shapeCode,
    geometry: line.geometry,
    mandrel: line.geometry.length > 1 ? line.mandrel : null,
    techniqueIds: line.techniqueIds,
    piecesPerBundle: line.piecesPerBundle,
    drawing: line.drawing,
    privateBlock: line.privateBlock,
    remark: line.remark?.trim() || null,
  };
}

/** The fields of a line the server's own rule would refuse (checked before saving, shown on the line). */
export function invalidFields(line: LineDraft): string[] {
  const result = demandOrderLineInputSchema.safeParse(toLineInput(line));
  const fields = result.success ? [] : result.error.issues.map((issue) => String(issue.path[0] ?? 'record'));
  if (!line.quantity && !(line.members && line.barsPerMember)) fields.push('quantity');
  if (!line.length && line.geometry.length <= 1) fields.push('length');
  return [...new Set(fields)];
}
