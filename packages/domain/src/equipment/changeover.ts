import { z } from 'zod';

/**
 * A machine's setup times (its changeover matrix): what it takes to go from one job to the next. A
 * diameter change (feed rollers, blade, bending pins) costs `diameterMinutes`, unless a pair of
 * diameters says otherwise (12 → 14 on the same rollers is quicker; either direction). A change of
 * tool family on a bender (a link needs another tool than a plain bend) adds `familyMinutes`. The
 * default is the fixed 15 minutes per diameter change scheduling charged before machines had a matrix.
 */
export const DEFAULT_DIAMETER_CHANGEOVER_MINUTES = 15;
const MAX_SETUP_MINUTES = 24 * 60;
const minutes = z.number().min(0).max(MAX_SETUP_MINUTES);
const diameter = z.number().int().min(4).max(50);

export const changeoverPairSchema = z.object({ from: diameter, to: diameter, minutes });
export type ChangeoverPair = z.infer<typeof changeoverPairSchema>;

export const changeoverMatrixSchema = z
  .object({
    diameterMinutes: minutes.default(DEFAULT_DIAMETER_CHANGEOVER_MINUTES),
    familyMinutes: minutes.default(0),
    pairs: z.array(changeoverPairSchema).max(100).default([]),
  })
  .superRefine((matrix, ctx) => {
    const seen = new Set<string>();
    matrix.pairs.forEach((pair, index) => {
      const key = [pair.from, pair.to].sort((a, b) => a - b).join('-');
      if (pair.from === pair.to) ctx.addIssue({ code: 'custom', message: 'invalid', path: ['pairs', index, 'to'] });
      else if (seen.has(key)) ctx.addIssue({ code: 'custom', message: 'duplicate', path: ['pairs', index, 'to'] });
      seen.add(key);
    });
  });
export type ChangeoverMatrix = z.infer<typeof changeoverMatrixSchema>;
export type ChangeoverMatrixInput = z.input<typeof changeoverMatrixSchema>;

export const DEFAULT_CHANGEOVER_MATRIX: ChangeoverMatrix = {
  diameterMinutes: DEFAULT_DIAMETER_CHANGEOVER_MINUTES,
  familyMinutes: 0,
  pairs: [],
};

/** What a machine is set up for: the diameter and, on a bender, the tool family (null: any, or unknown). */
export type SetupState = { diameter: number; family: string | null };

/**
 * Minutes of setup between work set up as `from` and the next job's `to`; 0 when `from` is unknown
 * (null) or nothing changes. A family counts only when both sides name one (a cut job has none).
 */
export function changeoverMinutesBetween(matrix: ChangeoverMatrix, from: SetupState | null, to: SetupState): number {
  if (from === null) return 0;
  let total = 0;
  if (from.diameter !== to.diameter) {
    const pair = matrix.pairs.find(
      (p) => (p.from === from.diameter && p.to === to.diameter) || (p.from === to.diameter && p.to === from.diameter),
    );
    total += pair ? pair.minutes : matrix.diameterMinutes;
  }
  if (from.family !== null && to.family !== null && from.family !== to.family) total += matrix.familyMinutes;
  return total;
}

/**
 * The bending tool family a shape needs (BS 8666 codes as `shapeCodeOf` derives them): links and
 * stirrups (47, 51, 63) bend with hooks on a link tool, a 180° U (13) needs the large former, every
 * other bend the standard pins. Straight bars (00) need no bender.
 */
export function toolFamilyOf(shapeCode: string | null): string | null {
  if (shapeCode === '00') return null;
  if (shapeCode === '47' || shapeCode === '51' || shapeCode === '63') return 'link';
  if (shapeCode === '13') return 'u180';
  return 'bend';
}
