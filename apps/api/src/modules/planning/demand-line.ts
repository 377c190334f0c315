import {
  completeDemandLine,
  demandLineErrorMessage,
  type DemandOrderLineValues,
  type Leg,
  type Locale,
  type SpecOption,
} from '@armature/domain';

/** A line as it is stored: completed by the domain rule, with the server's weight in grams. */
export type StoredLine = {
  mark: string;
  rebarId: string;
  length: number;
  members: number;
  barsPerMember: number;
  quantity: number;
  weightGrams: number;
  shapeCode: string | null;
  geometry: Leg[];
  mandrel: number | null;
  techniqueIds: string[];
  piecesPerBundle: number | null;
  drawing: string | null;
  privateBlock: string | null;
  remark: string | null;
};

export type CompletedLine = { ok: true; line: StoredLine } | { ok: false; problems: Record<string, string[]> };

/**
 * A line of a save, completed by the domain's `completeDemandLine` (cut length of a bent bar from its
 * geometry, members × bars per member, mandrel, shape code, the weight from the spec — never from the
 * input). Problems come back as field → messages in `locale`.
 */
export function completeLine(line: DemandOrderLineValues, spec: SpecOption, locale: Locale): CompletedLine {
  const completed = completeDemandLine(line, spec);
  if (!completed.ok) {
    const problems: Record<string, string[]> = {};
    for (const error of completed.errors) (problems[error.field] ??= []).push(demandLineErrorMessage(error, locale));
    return { ok: false, problems };
  }
  return {
    ok: true,
    line: {
      ...completed.line,
      mark: line.mark,
      rebarId: spec.id,
      geometry: line.geometry,
      techniqueIds: [...new Set(line.techniqueIds)],
      piecesPerBundle: line.piecesPerBundle ?? null,
      drawing: line.drawing ?? null,
      privateBlock: line.privateBlock ?? null,
      remark: line.remark ?? null,
    },
  };
}
