/**
 * The proof a plan is sound, run on every optimisation result before it is saved: each demanded piece
 * is assigned exactly once (cut or reported unplaced), every piece has its line's length, and every
 * bar's cuts fit it. The optimiser checks itself; this checks what the plan will say after the API's
 * mapping, which is what the saw will cut.
 */

/**
 * The geometry of a bar: saw kerf and end trim, mm; and, when given, the shortest offcut that goes
 * back to tail stock (the threshold the optimiser was given), to check the offcuts' kinds too.
 */
export type BarGeometry = { kerf: number; endTrim: number; minTailLength?: number };

/** What the geometry of a bar needs: its length and its pieces (per bar). */
export type BarPieces = { stockLength: number; cuts: readonly { length: number; count: number }[] };

export type CheckedPattern = {
  stockLength: number;
  count: number;
  cuts: readonly { length: number; count: number; orderLineId: string }[];
  offcut: number;
  offcutKind?: 'tail' | 'waste';
};

export type CheckedGroup = {
  patterns: readonly CheckedPattern[];
  unplaced: readonly { orderLineId: string; length: number; count: number }[];
};

export type DemandedLine = { orderLineId: string; length: number; quantity: number };

/**
 * What a bar of the pattern leaves after its pieces, the trim at one end and a kerf between two
 * pieces. Negative: the pieces do not fit.
 */
export function barRemainder(pattern: BarPieces, geometry: BarGeometry): number {
  let pieces = 0;
  let length = 0;
  for (const cut of pattern.cuts) {
    pieces += cut.count;
    length += cut.length * cut.count;
  }
  return pattern.stockLength - geometry.endTrim - length - geometry.kerf * Math.max(0, pieces - 1);
}

/**
 * The offcut a bar of the pattern leaves: cutting it off takes one more kerf, and a remainder not
 * thicker than the blade is eaten by it (no offcut). The optimiser counts it so too.
 */
export function expectedOffcut(pattern: BarPieces, geometry: BarGeometry): number {
  return Math.max(0, barRemainder(pattern, geometry) - geometry.kerf);
}

/** An offcut at least the minimum tail long goes back to tail stock; shorter (or none) is waste. */
function expectedOffcutKind(offcut: number, geometry: BarGeometry): 'tail' | 'waste' | null {
  if (geometry.minTailLength === undefined) return null;
  return offcut > 0 && offcut >= geometry.minTailLength ? 'tail' : 'waste';
}

/** Pieces placed per order line: Σ over patterns of per-bar count × repetitions. */
export function placedByOrderLine(groups: readonly Pick<CheckedGroup, 'patterns'>[]): Map<string, number> {
  const placed = new Map<string, number>();
  for (const group of groups) {
    for (const pattern of group.patterns) {
      for (const cut of pattern.cuts) {
        placed.set(cut.orderLineId, (placed.get(cut.orderLineId) ?? 0) + cut.count * pattern.count);
      }
    }
  }
  return placed;
}

function unplacedByOrderLine(groups: readonly CheckedGroup[]): Map<string, number> {
  const unplaced = new Map<string, number>();
  for (const group of groups) {
    for (const piece of group.unplaced) {
      unplaced.set(piece.orderLineId, (unplaced.get(piece.orderLineId) ?? 0) + piece.count);
    }
  }
  return unplaced;
}

/**
 * Every way the plan is unsound, in words (English: it goes to logs and job messages); empty when
 * the plan is sound. `demand` must hold every order line the plan was made for. `geometry` is one for
 * every group, or one per group (each spec its own minimum tail).
 */
export function assignmentProblems(
  groups: readonly CheckedGroup[],
  demand: readonly DemandedLine[],
  geometry: BarGeometry | readonly BarGeometry[],
): string[] {
  const lines = new Map(demand.map((line) => [line.orderLineId, line]));
  const geometryOf = (g: number) => (Array.isArray(geometry) ? geometry[g]! : (geometry as BarGeometry));
  return [
    ...countProblems(groups, demand, lines),
    ...groups.flatMap((group, g) =>
      group.patterns.flatMap((pattern, p) =>
        patternProblems(pattern, `group ${g + 1} pattern ${p + 1}`, lines, geometryOf(g)),
      ),
    ),
    ...groups.flatMap((group, g) =>
      group.unplaced.flatMap((piece) => unplacedProblems(piece, `group ${g + 1}`, lines)),
    ),
  ];
}

/** Placed + unplaced = demanded, per line; and no piece for a line nobody demanded. */
function countProblems(
  groups: readonly CheckedGroup[],
  demand: readonly DemandedLine[],
  lines: Map<string, DemandedLine>,
): string[] {
  const placed = placedByOrderLine(groups);
  const unplaced = unplacedByOrderLine(groups);
  const problems = demand.flatMap((line) => {
    const cut = placed.get(line.orderLineId) ?? 0;
    const left = unplaced.get(line.orderLineId) ?? 0;
    return cut + left === line.quantity
      ? []
      : [`order line ${line.orderLineId}: ${cut} placed + ${left} unplaced ≠ ${line.quantity} demanded`];
  });
  for (const id of new Set([...placed.keys(), ...unplaced.keys()])) {
    if (!lines.has(id)) problems.push(`order line ${id} was not demanded but has pieces in the plan`);
  }
  return problems;
}

function patternProblems(
  pattern: CheckedPattern,
  where: string,
  lines: Map<string, DemandedLine>,
  geometry: BarGeometry,
): string[] {
  const problems: string[] = [];
  if (!isPositiveInteger(pattern.count)) problems.push(`${where}: ${pattern.count} bars`);
  if (pattern.cuts.length === 0) problems.push(`${where}: a bar without pieces`);
  for (const cut of pattern.cuts) {
    if (!isPositiveInteger(cut.count)) problems.push(`${where}: ${cut.count} pieces of ${cut.length} a bar`);
    const line = lines.get(cut.orderLineId);
    if (line && line.length !== cut.length) {
      problems.push(
        `${where}: a piece of ${cut.length} for order line ${cut.orderLineId}, which is ${line.length} long`,
      );
    }
  }
  const remainder = barRemainder(pattern, geometry);
  if (remainder < 0) {
    problems.push(`${where}: the pieces need ${pattern.stockLength - remainder} mm of a ${pattern.stockLength} mm bar`);
  } else if (pattern.offcut !== expectedOffcut(pattern, geometry)) {
    problems.push(`${where}: offcut ${pattern.offcut} where the bar leaves ${expectedOffcut(pattern, geometry)}`);
  }
  const kind = expectedOffcutKind(pattern.offcut, geometry);
  if (kind && pattern.offcutKind && pattern.offcutKind !== kind) {
    problems.push(`${where}: an offcut of ${pattern.offcut} called ${pattern.offcutKind}, not ${kind}`);
  }
  return problems;
}

function unplacedProblems(
  piece: CheckedGroup['unplaced'][number],
  where: string,
  lines: Map<string, DemandedLine>,
): string[] {
  const line = lines.get(piece.orderLineId);
  const problems: string[] = [];
  if (!isPositiveInteger(piece.count))
    problems.push(`${where}: ${piece.count} unplaced pieces of order line ${piece.orderLineId}`);
  if (line && line.length !== piece.length) {
    problems.push(
      `${where}: unplaced pieces of ${piece.length} for order line ${piece.orderLineId}, which is ${line.length} long`,
    );
  }
  return problems;
}

const isPositiveInteger = (n: number) => Number.isInteger(n) && n > 0;
