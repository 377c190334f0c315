import { rebarSpecName } from '../master-data/index.ts';
import type { Locale } from '../core/i18n/locales.ts';
import { MAX_BAR_LENGTH, weightGrams } from '../stock/index.ts';
import { defaultMandrel, developedLength, isStraight, legsSum, readNumber, roundTo, shapeCodeOf } from './bar-shape.ts';
import { IMPORT_PROBLEMS, type ImportProblemCode } from './demand-import-problems.ts';
import {
  LENGTH_TOLERANCE_MM,
  TECHNIQUE_CODES,
  WEIGHT_TOLERANCE_PERCENT,
  importProblemMessage,
  type ImportContext,
  type SheetCell,
  type SpecOption,
} from './demand-import.ts';
import { MAX_LEGS, type DemandImportLine, type ImportProblem, type Leg } from './demand-order.schema.ts';

// The rules every import format shares, once a reader has turned its record or row into a DraftLine.
// Internal to the readers: the domain index does not re-export this file.

const NONE: Record<Locale, string> = { 'zh-CN': '无', 'en-US': 'none', 'fr-FR': 'aucune' };

/** The problems of one import, with their messages in the importer's language. */
export class ProblemList {
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

/** What a file says about one line, read but not yet checked against the product. */
export type DraftLine = {
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

/** What one import's lines share: the product's specs and techniques, and the problems found so far. */
export type Shared = {
  index: SpecIndex;
  findSpec: (grade: string, diameter: number) => SpecOption | null;
  techniques: Map<string, string>;
  problems: ProblemList;
  locale: Locale;
};

export function sharedContext(ctx: ImportContext): Shared {
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
export function finishLine(draft: DraftLine, shared: Shared): DemandImportLine {
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
export function checkedLegs(lineNo: number, legs: Leg[] | null, text: string, problems: ProblemList): Leg[] {
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
export function positiveNumber(
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

export const roundedLength = (value: number | null) => (value === null ? null : Math.round(value));

export const cellText = (cell: SheetCell | undefined): string =>
  cell === null || cell === undefined ? '' : String(cell).trim();

/** A text a line cannot do without (the mark): `missing_value` when empty. */
export function requiredText(
  value: SheetCell | undefined,
  lineNo: number,
  field: string,
  problems: ProblemList,
): string {
  const text = cellText(value);
  if (!text) problems.add(lineNo, field, 'missing_value');
  return text;
}
