/**
 * The minimum reusable offcut (shorter goes to waste) and the waste length per spec — a
 * Φ8 and a Φ32 are not kept alike — falling back to the product's settings.
 */
export type TailThresholds = { minTailLength: number; wasteLength: number };

/** A plan's copy of its specs' own thresholds, by spec id (only specs that have their own). */
export type SpecThresholds = Record<string, TailThresholds>;

/** A spec's thresholds: each of its own values, else the product's. */
export function specThresholds(
  spec: { minTailLength?: number | null; wasteLength?: number | null },
  product: TailThresholds,
): TailThresholds {
  return {
    minTailLength: spec.minTailLength ?? product.minTailLength,
    wasteLength: spec.wasteLength ?? product.wasteLength,
  };
}

/**
 * What a plan copies when made: the thresholds of the specs that differ from the product's, or null
 * when none does (so plans of plants without per-spec values look as they always did).
 */
export function planThresholdsOf(
  specs: readonly { id: string; minTailLength?: number | null; wasteLength?: number | null }[],
  product: TailThresholds,
): SpecThresholds | null {
  const own: SpecThresholds = {};
  for (const spec of specs) {
    const thresholds = specThresholds(spec, product);
    if (thresholds.minTailLength !== product.minTailLength || thresholds.wasteLength !== product.wasteLength)
      own[spec.id] = thresholds;
  }
  return Object.keys(own).length ? own : null;
}

/** The thresholds a plan cuts a spec with: its copy of the spec's, else the plan's product values. */
export function thresholdsInPlan(
  plan: TailThresholds & { thresholds?: SpecThresholds | null },
  rebarId: string,
): TailThresholds {
  return plan.thresholds?.[rebarId] ?? { minTailLength: plan.minTailLength, wasteLength: plan.wasteLength };
}
