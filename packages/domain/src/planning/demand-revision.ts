import { z } from 'zod';
import { idSchema } from '../core/common.schema.ts';
import type { Localized } from '../core/i18n/locales.ts';
import { isStraight } from './bar-shape.ts';
import { splitDrawing } from './bvbs.ts';
import { type Leg, demandOrderLineInputSchema, legSchema } from './demand-order.schema.ts';

// A revised bar list: a detailer re-issues an order's schedule after it was confirmed. The new
// list is compared with the order's current lines mark by mark, and each changed or removed mark is dealt
// with according to how far its work has gone.

/** What a revision does to a mark. */
export const REVISION_CHANGE_KINDS = ['added', 'removed', 'changed', 'unchanged'] as const;
export type RevisionChangeKind = (typeof REVISION_CHANGE_KINDS)[number];

/** What of a mark a revision can change (a drawing index alone is the revision itself, not a change). */
export const REVISION_FIELDS = ['quantity', 'length', 'shape', 'spec'] as const;
export type RevisionField = (typeof REVISION_FIELDS)[number];

/**
 * How far a line's work has gone: nothing planned, planned but no piece made yet, pieces cut (or bundled).
 */
export const LINE_WORK_STATES = ['notPlanned', 'planned', 'produced'] as const;
export type LineWorkState = (typeof LINE_WORK_STATES)[number];

/**
 * What applying the revision does to a mark: `added` a new line; `unchanged` nothing; a line with no work
 * is `replaced` in place (or `deleted`); a planned one is taken out of its plan and its new version offered
 * for planning (`replanned`); one with pieces made is `superseded`: its pieces are kept apart, each bundle
 * with a proposal (re-use, offcut, scrap).
 */
export const REVISION_OUTCOMES = ['added', 'unchanged', 'replaced', 'deleted', 'replanned', 'superseded'] as const;
export type RevisionOutcome = (typeof REVISION_OUTCOMES)[number];

/** A mark's values as the diff compares them. */
export const revisionMarkSchema = z.object({
  rebarId: idSchema,
  length: z.number().int(),
  quantity: z.number().int(),
  shapeCode: z.string().nullable(),
  geometry: z.array(legSchema),
});
export type RevisionMark = z.infer<typeof revisionMarkSchema>;

export const demandRevisionChangeSchema = z.object({
  mark: z.string(),
  kind: z.enum(REVISION_CHANGE_KINDS),
  fields: z.array(z.enum(REVISION_FIELDS)),
  /** The current line's state (null for an added mark). */
  state: z.enum(LINE_WORK_STATES).nullable(),
  outcome: z.enum(REVISION_OUTCOMES),
  /** The current line (null for an added mark). */
  lineId: idSchema.nullable(),
  before: revisionMarkSchema.nullable(),
  after: revisionMarkSchema.nullable(),
  /** Kg of the mark before and after (absent from revisions applied before they were recorded). */
  weightBefore: z.number().nullish(),
  weightAfter: z.number().nullish(),
});
export type DemandRevisionChange = z.infer<typeof demandRevisionChangeSchema>;

/**
 * `POST /api/demandOrder/{id}/revision/preview` and `…/revision`: the revised lines, exactly as the import
 * preview returned them (or as typed), and the file they came from.
 */
export const demandRevisionInputSchema = z.object({
  lines: z.array(demandOrderLineInputSchema).min(1).max(20_000),
  fileName: z.string().trim().max(200).nullish(),
});
export type DemandRevisionInput = z.input<typeof demandRevisionInputSchema>;

/**
 * What applying a revision costs: the order's kg before and after, the kg its changed marks take out of
 * plans (to re-plan) or leave as superseded pieces, the bundles it flags, and the tasks it cancels.
 */
export const demandRevisionCostSchema = z.object({
  weightBefore: z.number(),
  weightAfter: z.number(),
  replannedWeight: z.number(),
  supersededWeight: z.number(),
  bundles: z.number().int(),
  bundleWeight: z.number(),
  tasksCancelled: z.array(z.object({ id: idSchema, code: z.string() })),
});
export type DemandRevisionCost = z.infer<typeof demandRevisionCostSchema>;

/** The diff a planner reads before applying: the revision it would become, every mark, and the cost. */
export const demandRevisionPreviewSchema = z.object({
  revision: z.number().int(),
  drawingIndex: z.string().nullable(),
  changes: z.array(demandRevisionChangeSchema),
  counts: z.record(z.enum(REVISION_CHANGE_KINDS), z.number().int()),
  cost: demandRevisionCostSchema,
});
export type DemandRevisionPreview = z.infer<typeof demandRevisionPreviewSchema>;

/** A revision in the order's history. */
export const demandOrderRevisionSchema = z.object({
  id: idSchema,
  revision: z.number().int(),
  drawingIndex: z.string().nullable(),
  fileName: z.string().nullable(),
  userName: z.string().nullable(),
  time: z.string(),
  changes: z.array(demandRevisionChangeSchema),
});
export type DemandOrderRevision = z.infer<typeof demandOrderRevisionSchema>;

/** A current line as the diff reads it: its values, and how far its work has gone. */
export type RevisionCurrentLine = RevisionMark & {
  id: string;
  mark: string;
  plannedQuantity: number;
  producedQuantity: number;
};

export function lineWorkState(line: { plannedQuantity: number; producedQuantity: number }): LineWorkState {
  if (line.producedQuantity > 0) return 'produced';
  return line.plannedQuantity > 0 ? 'planned' : 'notPlanned';
}

const sameLegs = (a: readonly Leg[], b: readonly Leg[]) =>
  a.length === b.length && a.every((leg, index) => leg.length === b[index]?.length && leg.angle === b[index]?.angle);

/** The fields that differ between a mark's current and revised values. */
export function changedFields(before: RevisionMark, after: RevisionMark): RevisionField[] {
  const fields: RevisionField[] = [];
  if (before.quantity !== after.quantity) fields.push('quantity');
  if (before.length !== after.length) fields.push('length');
  const straight = isStraight(before.geometry) && isStraight(after.geometry);
  // Two straight bars have the same shape whatever legs (none, or one of the length) a file wrote.
  if (!straight && (!sameLegs(before.geometry, after.geometry) || (before.shapeCode ?? '') !== (after.shapeCode ?? '')))
    fields.push('shape');
  if (before.rebarId !== after.rebarId) fields.push('spec');
  return fields;
}

const OUTCOME_BY_STATE: Readonly<Record<LineWorkState, { changed: RevisionOutcome; removed: RevisionOutcome }>> = {
  notPlanned: { changed: 'replaced', removed: 'deleted' },
  planned: { changed: 'replanned', removed: 'replanned' },
  produced: { changed: 'superseded', removed: 'superseded' },
};

const markValues = ({ rebarId, length, quantity, shapeCode, geometry }: RevisionMark): RevisionMark => ({
  rebarId,
  length,
  quantity,
  shapeCode,
  geometry,
});

/**
 * The revision's diff, mark by mark, in the revised list's order then the removed marks. A mark written
 * twice is paired by occurrence (the second `A1` with the second `A1`).
 */
export function diffRevision(
  current: readonly RevisionCurrentLine[],
  revised: readonly (RevisionMark & { mark: string })[],
): DemandRevisionChange[] {
  const byMark = new Map<string, RevisionCurrentLine[]>();
  for (const line of current) byMark.set(line.mark, [...(byMark.get(line.mark) ?? []), line]);
  const changes: DemandRevisionChange[] = revised.map((next) => {
    const line = byMark.get(next.mark)?.shift();
    const after = markValues(next);
    if (!line)
      return {
        mark: next.mark,
        kind: 'added',
        fields: [],
        state: null,
        outcome: 'added',
        lineId: null,
        before: null,
        after,
      };
    const before = markValues(line);
    const fields = changedFields(before, after);
    const state = lineWorkState(line);
    const kind = fields.length ? 'changed' : 'unchanged';
    const outcome = fields.length ? OUTCOME_BY_STATE[state].changed : 'unchanged';
    return { mark: next.mark, kind, fields, state, outcome, lineId: line.id, before, after };
  });
  for (const line of [...byMark.values()].flat()) {
    const state = lineWorkState(line);
    changes.push({
      mark: line.mark,
      kind: 'removed',
      fields: [],
      state,
      outcome: OUTCOME_BY_STATE[state].removed,
      lineId: line.id,
      before: markValues(line),
      after: null,
    });
  }
  return changes;
}

export function revisionCounts(changes: readonly DemandRevisionChange[]): Record<RevisionChangeKind, number> {
  const counts = { added: 0, removed: 0, changed: 0, unchanged: 0 };
  for (const change of changes) counts[change.kind] += 1;
  return counts;
}

/** The drawing index (BVBS `i`) the revised lines carry: the most frequent one, null when none has any. */
export function revisionDrawingIndex(lines: readonly { drawing?: string | null }[]): string | null {
  const seen = new Map<string, number>();
  for (const line of lines) {
    const { index } = splitDrawing(line.drawing ?? null);
    if (index) seen.set(index, (seen.get(index) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [index, count] of seen) if (best === null || count > seen.get(best)!) best = index;
  return best;
}

/**
 * The note a revision writes in the order's status history: `R2 (b)` — the revision and the drawing
 * index its file carried. Stored language-neutral; screens read it back (`parseRevisionNote`) to say it
 * in the reader's language.
 */
export const revisionNote = (revision: number, drawingIndex: string | null): string =>
  `R${revision}${drawingIndex ? ` (${drawingIndex})` : ''}`;

/** A status-history note written by `revisionNote`, read back; null for any other note. */
export function parseRevisionNote(note: string | null): { revision: number; drawingIndex: string | null } | null {
  const match = note === null ? null : /^R(\d+)(?: \((.+)\))?$/.exec(note);
  return match ? { revision: Number(match[1]), drawingIndex: match[2] ?? null } : null;
}

/** What may be done with a superseded bundle's pieces. */
export const DISPOSITIONS = ['reuse', 'offcut', 'scrap'] as const;
export type Disposition = (typeof DISPOSITIONS)[number];

/** A line the superseded pieces could be cut to: same spec, straight, still open (not planned nor made). */
export type ReuseCandidate = {
  lineId: string;
  mark: string;
  rebarId: string;
  length: number;
  geometry: readonly Leg[];
  openQuantity: number;
};

export type SupersededPieces = {
  rebarId: string;
  length: number;
  pieces: number;
  geometry: readonly Leg[];
};

export type DispositionProposal =
  | { action: 'reuse'; lineId: string; mark: string; length: number; remainder: number }
  | { action: 'offcut' | 'scrap'; lineId: null; mark: null; length: number; remainder: 0 };

/**
 * What to do with a superseded bundle: re-use its pieces for an open straight mark of the same spec they can
 * be cut to (the closest length, least cut away; all of the bundle's pieces must be wanted); else, straight
 * pieces long enough to be used again are kept as offcut; anything else (bent pieces, short ones) is scrap.
 */
export function proposeDisposition(
  bundle: SupersededPieces,
  candidates: readonly ReuseCandidate[],
  minOffcutLength: number,
): DispositionProposal {
  const straight = isStraight(bundle.geometry);
  if (straight) {
    const fits = candidates
      .filter(
        (line) =>
          line.rebarId === bundle.rebarId &&
          isStraight(line.geometry) &&
          line.length <= bundle.length &&
          line.openQuantity >= bundle.pieces,
      )
      .sort((a, b) => b.length - a.length);
    const best = fits[0];
    if (best)
      return {
        action: 'reuse',
        lineId: best.lineId,
        mark: best.mark,
        length: best.length,
        remainder: bundle.length - best.length,
      };
    if (bundle.length >= minOffcutLength)
      return { action: 'offcut', lineId: null, mark: null, length: bundle.length, remainder: 0 };
  }
  return { action: 'scrap', lineId: null, mark: null, length: bundle.length, remainder: 0 };
}

/** `GET /api/demandOrder/{id}/superseded`: a superseded bundle, what was done with it, and the proposal. */
export const supersededBundleSchema = z.object({
  id: idSchema,
  code: z.string(),
  scanId: z.string(),
  mark: z.string(),
  /** The order revision that superseded it. */
  revision: z.number().int().nullable(),
  length: z.number().int(),
  number: z.number().int(),
  count: z.number().int(),
  pieces: z.number().int(),
  weight: z.number(),
  disposition: z.enum(DISPOSITIONS).nullable(),
  disposedAt: z.string().nullable(),
  proposal: z.object({
    action: z.enum(DISPOSITIONS),
    lineId: idSchema.nullable(),
    mark: z.string().nullable(),
    length: z.number().int(),
    remainder: z.number().int(),
    /** Kg re-used, kept or scrapped; and kg cut away (a re-use to a shorter mark). */
    weight: z.number(),
    cutAwayWeight: z.number(),
  }),
});
export type SupersededBundle = z.infer<typeof supersededBundleSchema>;

/**
 * `GET /api/demandOrder/{id}/superseded-pieces`: pieces of a superseded line cut for a bender and never
 * bent (so never bundled) — per line and cut length, how many, their kg and the proposal for them.
 */
export const looseSupersededPiecesSchema = z.object({
  orderLineId: idSchema,
  mark: z.string(),
  revision: z.number().int().nullable(),
  length: z.number().int(),
  pieces: z.number().int(),
  weight: z.number(),
  proposal: supersededBundleSchema.shape.proposal,
  /** What was done with them (`…/superseded-pieces/dispose`), once decided; `pieces` are then those dealt with. */
  disposition: z.enum(DISPOSITIONS).nullish(),
  disposedAt: z.string().nullish(),
});
export type LooseSupersededPieces = z.infer<typeof looseSupersededPiecesSchema>;

/**
 * `POST /api/demandOrder/{id}/superseded-pieces/dispose`: the decision on a superseded line's loose pieces at
 * one cut length; `targetLineId` picks the mark to re-use them for (else the proposal's).
 */
export const supersededPiecesDisposeSchema = z.object({
  orderLineId: idSchema,
  length: z.number().int().positive(),
  action: z.enum(DISPOSITIONS),
  targetLineId: idSchema.nullish(),
});

/** `POST /api/bundle/{id}/dispose`: the decision; `orderLineId` picks the mark to re-use for (else the proposal's). */
export const bundleDisposeSchema = z.object({
  action: z.enum(DISPOSITIONS),
  orderLineId: idSchema.nullish(),
});

export const REVISION_CHANGE_KIND_LABELS: Readonly<Record<RevisionChangeKind, Localized>> = {
  added: { 'zh-CN': '新增', 'en-US': 'Added', 'fr-FR': 'Ajoutée' },
  removed: { 'zh-CN': '删除', 'en-US': 'Removed', 'fr-FR': 'Supprimée' },
  changed: { 'zh-CN': '变更', 'en-US': 'Changed', 'fr-FR': 'Modifiée' },
  unchanged: { 'zh-CN': '未变', 'en-US': 'Unchanged', 'fr-FR': 'Inchangée' },
};

export const REVISION_FIELD_LABELS: Readonly<Record<RevisionField, Localized>> = {
  quantity: { 'zh-CN': '数量', 'en-US': 'quantity', 'fr-FR': 'quantité' },
  length: { 'zh-CN': '长度', 'en-US': 'length', 'fr-FR': 'longueur' },
  shape: { 'zh-CN': '形状', 'en-US': 'shape', 'fr-FR': 'forme' },
  spec: { 'zh-CN': '规格', 'en-US': 'spec', 'fr-FR': 'nuance' },
};

export const REVISION_OUTCOME_LABELS: Readonly<Record<RevisionOutcome, Localized>> = {
  added: { 'zh-CN': '新增行', 'en-US': 'New line', 'fr-FR': 'Nouvelle ligne' },
  unchanged: { 'zh-CN': '保持', 'en-US': 'Kept', 'fr-FR': 'Conservée' },
  replaced: { 'zh-CN': '直接替换', 'en-US': 'Replaced', 'fr-FR': 'Remplacée' },
  deleted: { 'zh-CN': '直接删除', 'en-US': 'Deleted', 'fr-FR': 'Supprimée' },
  replanned: {
    'zh-CN': '撤出排料，待重排',
    'en-US': 'Taken out of its plan, to re-plan',
    'fr-FR': 'Retirée du plan, à replanifier',
  },
  superseded: { 'zh-CN': '已作废（已加工）', 'en-US': 'Superseded (pieces made)', 'fr-FR': 'Périmée (pièces faites)' },
};

export const DISPOSITION_LABELS: Readonly<Record<Disposition, Localized>> = {
  reuse: { 'zh-CN': '改用于', 'en-US': 'Re-use for', 'fr-FR': 'Réutiliser pour' },
  offcut: { 'zh-CN': '转余料', 'en-US': 'Keep as offcut', 'fr-FR': 'Garder en chute' },
  scrap: { 'zh-CN': '报废', 'en-US': 'Scrap', 'fr-FR': 'Mettre au rebut' },
};
