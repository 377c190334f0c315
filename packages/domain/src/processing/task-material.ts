import { z } from 'zod';

/**
 * Material before work: whether the bars a cut task still has to cut are there for it, so that the
 * board, the task list and the operator see a shortage before anyone starts (instead of the report
 * being refused at the machine). A pattern cut from a stock row needs that row; a purchased length
 * needs bars of its spec and length received for its plan, or free ones.
 */

/** Where a unit of work takes its bars: one stock row, or bars of a spec and length (a purchase). */
export type MaterialKey = string;

export const stockRowKey = (stockId: string): MaterialKey => `row:${stockId}`;
export const purchaseKey = (planId: string, rebarId: string, length: number): MaterialKey =>
  `buy:${planId}:${rebarId}:${length}`;

/** A cut task (or a schedule's cut job) and the bars it still needs, in the order work runs. */
export type MaterialNeed = { id: string; key: MaterialKey; bars: number; name: string; length: number };

/** What a key can give: bars usable now, and bars there but on quality hold. */
export type MaterialSupply = { bars: number; held: number };

export const missingMaterialSchema = z.object({
  /** `HRB400E Φ12` with the heat number of a stock row, when it has one. */
  stock: z.string(),
  length: z.number().int(),
  needed: z.number().int(),
  /** Bars usable for this work once the work before it has its own. */
  available: z.number().int(),
  /** Bars there but on quality hold. */
  held: z.number().int(),
});
export type MissingMaterial = z.infer<typeof missingMaterialSchema>;

/** A task's material: `ok` when every bar it still needs is there, free and not on hold. */
export const taskMaterialSchema = z.object({ ok: z.boolean(), missing: z.array(missingMaterialSchema) });
export type TaskMaterial = z.infer<typeof taskMaterialSchema>;

/**
 * The material of each need, allocating every key's supply in the needs' order (the first task planned
 * gets its bars first; two tasks on the same stock row cannot both count on its last bars).
 */
export function materialByNeed(
  needs: readonly MaterialNeed[],
  supplies: ReadonlyMap<MaterialKey, MaterialSupply>,
): Map<string, TaskMaterial> {
  const left = new Map([...supplies].map(([key, supply]) => [key, supply.bars]));
  const result = new Map<string, TaskMaterial>();
  for (const need of needs) {
    const material = result.get(need.id) ?? { ok: true, missing: [] };
    const available = left.get(need.key) ?? 0;
    left.set(need.key, Math.max(0, available - need.bars));
    if (need.bars > available) {
      material.ok = false;
      material.missing.push({
        stock: need.name,
        length: need.length,
        needed: need.bars,
        available,
        held: supplies.get(need.key)?.held ?? 0,
      });
    }
    result.set(need.id, material);
  }
  return result;
}

/** What the plant does when work lacks material at release or dispatch: say so, or refuse. */
export const MATERIAL_CHECKS = ['warn', 'block'] as const;
export type MaterialCheck = (typeof MATERIAL_CHECKS)[number];

/** The missing material as one line for a message: `HRB400E Φ12 12000mm 3/8` (bars there / bars needed). */
export function missingMaterialText(missing: readonly MissingMaterial[]): string {
  return missing.map((row) => `${row.stock} ${row.length}mm ${row.available}/${row.needed}`).join(', ');
}
