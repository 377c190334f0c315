/**
 * Which order lines a plan takes, and what approving it does to them. A line is planned piece by
 * piece: its `plannedQuantity` grows by the pieces an approved plan cuts for it (unplaced pieces are
 * not planned), and an order becomes `planned` once every one of its lines is fully planned.
 */

export type PlannedLine = { id: string; quantity: number; plannedQuantity: number };
export type OrderPlannedLine = PlannedLine & { demandOrderId: string };

export const remainingQuantity = (line: PlannedLine): number => Math.max(0, line.quantity - line.plannedQuantity);

/** The lines with pieces still to plan, each with how many (`remaining`): a new plan offers only these. */
export function plannableLines<L extends PlannedLine>(lines: readonly L[]): (L & { remaining: number })[] {
  return lines.map((line) => ({ ...line, remaining: remainingQuantity(line) })).filter((line) => line.remaining > 0);
}

/**
 * Lines the plan would plan beyond their quantity (another plan was approved, or the order changed,
 * since this one was made): approval must be refused, naming them.
 */
export function overPlannedLines<L extends PlannedLine>(
  lines: readonly L[],
  placed: ReadonlyMap<string, number>,
): (L & { placed: number; remaining: number })[] {
  return lines
    .map((line) => ({ ...line, placed: placed.get(line.id) ?? 0, remaining: remainingQuantity(line) }))
    .filter((line) => line.placed > line.remaining);
}

/** The planned quantity of every line the plan cuts pieces for, once it is approved. */
export function plannedQuantitiesAfterApproval(
  lines: readonly PlannedLine[],
  placed: ReadonlyMap<string, number>,
): { id: string; plannedQuantity: number }[] {
  return lines
    .filter((line) => (placed.get(line.id) ?? 0) > 0)
    .map((line) => ({ id: line.id, plannedQuantity: line.plannedQuantity + placed.get(line.id)! }));
}

/** …and once an approved plan is cancelled (never below 0). */
export function plannedQuantitiesAfterRelease(
  lines: readonly PlannedLine[],
  placed: ReadonlyMap<string, number>,
): { id: string; plannedQuantity: number }[] {
  return lines
    .filter((line) => (placed.get(line.id) ?? 0) > 0)
    .map((line) => ({ id: line.id, plannedQuantity: Math.max(0, line.plannedQuantity - placed.get(line.id)!) }));
}

/**
 * The orders that become `planned` when the plan is approved: orders the plan cuts pieces for, whose
 * every line is then fully planned. `lines` must hold ALL lines of those orders, not only the plan's:
 * a line left out of the plan keeps its order unplanned.
 */
export function ordersFullyPlanned(lines: readonly OrderPlannedLine[], placed: ReadonlyMap<string, number>): string[] {
  const touched = new Set(lines.filter((line) => (placed.get(line.id) ?? 0) > 0).map((line) => line.demandOrderId));
  const unfinished = new Set(
    lines
      .filter((line) => line.plannedQuantity + (placed.get(line.id) ?? 0) < line.quantity)
      .map((line) => line.demandOrderId),
  );
  return [...touched].filter((orderId) => !unfinished.has(orderId));
}
