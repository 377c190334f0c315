import type { Leg } from '../planning/index.ts';

/** One bend of a bar as the bender makes it: where along the bar (mm from its start) and by how much. */
export type BendingStep = { step: number; at: number; angle: number; direction: 'left' | 'right' };

/**
 * The bending sequence of a BVBS geometry: each leg followed by a bend (angle ≠ 0) gives a step, in
 * the order of the legs, at the sum of the legs' outer dimensions before it (the operator's mark on
 * the bar; the bend deduction is the machine's). + is counter-clockwise (left), − clockwise (right).
 */
export function bendingSteps(legs: readonly Leg[]): BendingStep[] {
  const steps: BendingStep[] = [];
  let at = 0;
  for (const leg of legs) {
    at += leg.length;
    if (leg.angle !== 0)
      steps.push({
        step: steps.length + 1,
        at,
        angle: Math.abs(leg.angle),
        direction: leg.angle > 0 ? 'left' : 'right',
      });
  }
  return steps;
}
