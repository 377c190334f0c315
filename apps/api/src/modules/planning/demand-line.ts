import { weightGrams, type Leg, type demandOrderLineInputSchema } from '@armature/domain';
import type { z } from 'zod';

/** A line as a validated body gives it. */
export type DemandLineBody = z.output<typeof demandOrderLineInputSchema>;

/** The spec a line is weighed with: the product's, unit weight resolved (its own or the nominal one). */
export type LineSpec = { id: string; name: string; grade: string; diameter: number; unitWeight: number };

/** A line as it is stored: completed, with the server's weight in grams. */
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

const sumOfLegs = (legs: readonly Leg[]) => Math.round(legs.reduce((sum, leg) => sum + leg.length, 0));

/**
 * Completes a line for saving: quantity from members × bars per member (or the other way round),
 * the cut length of a bent bar from its geometry when none is given, the weight from the spec (never
 * from the input). Problems come back as field → validation message keys.
 */
export function completeLine(line: DemandLineBody, spec: LineSpec): CompletedLine {
  const problems: Record<string, string[]> = {};
  let members = line.members ?? null;
  let barsPerMember = line.barsPerMember ?? null;
  let quantity = line.quantity ?? null;
  if (members !== null && barsPerMember !== null) {
    if (quantity !== null && quantity !== members * barsPerMember) problems.quantity = ['invalid'];
    quantity = members * barsPerMember;
  } else if (quantity !== null) {
    if (members !== null && quantity % members === 0) barsPerMember = quantity / members;
    else if (barsPerMember !== null && quantity % barsPerMember === 0) members = quantity / barsPerMember;
    else {
      members = 1;
      barsPerMember = quantity;
    }
  } else if (members !== null || barsPerMember !== null) {
    quantity = (members ?? 1) * (barsPerMember ?? 1);
    members ??= 1;
    barsPerMember ??= 1;
  } else problems.quantity = ['required'];

  const bent = line.geometry.length > 1;
  const length = line.length ?? (bent ? sumOfLegs(line.geometry) : null);
  if (length === null) problems.length = ['required'];
  if (Object.keys(problems).length || length === null || quantity === null) return { ok: false, problems };
  return {
    ok: true,
    line: {
      mark: line.mark,
      rebarId: spec.id,
      length,
      members: members ?? 1,
      barsPerMember: barsPerMember ?? quantity,
      quantity,
      weightGrams: weightGrams(length, quantity, spec.unitWeight),
      shapeCode: line.shapeCode ?? null,
      geometry: line.geometry,
      mandrel: bent ? (line.mandrel ?? null) : null,
      techniqueIds: [...new Set(line.techniqueIds)],
      piecesPerBundle: line.piecesPerBundle ?? null,
      drawing: line.drawing ?? null,
      privateBlock: line.privateBlock ?? null,
      remark: line.remark ?? null,
    },
  };
}
