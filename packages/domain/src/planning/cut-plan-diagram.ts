/**
 * The layout of a cutting diagram for one pattern, in mm along the bar: pure, so that the web's SVG
 * and a PDF draw the same thing. The bar is laid out as the saw cuts it: the end trim, then the
 * pieces with a kerf between two, then a kerf and the offcut. A remainder not thicker than the blade
 * is shown as kerf: the blade eats it (the optimiser counts it so, see `expectedOffcut`).
 */

export type DiagramSegmentKind = 'trim' | 'piece' | 'kerf' | 'offcut';

export type DiagramSegment = {
  kind: DiagramSegmentKind;
  /** mm from the end of the bar the trim is cut from. */
  start: number;
  length: number;
  /** Pieces only. */
  orderLineId?: string;
  /** Pieces: the order line's mark (its length when it has none). */
  label?: string;
  /** The offcut only: back to tail stock, or scrap. */
  offcutKind?: 'tail' | 'waste';
};

export type DiagramCut = { length: number; count: number; orderLineId: string; mark?: string | null };

export type DiagramPattern = {
  stockLength: number;
  kerf: number;
  endTrim: number;
  cuts: readonly DiagramCut[];
  offcutKind: 'tail' | 'waste';
};

/**
 * The segments of one bar of the pattern, in order, covering it exactly (no gap, no overlap).
 * Throws a RangeError when the pieces do not fit the bar: `assignmentProblems` keeps such plans out.
 */
export function diagramSegments(pattern: DiagramPattern): DiagramSegment[] {
  const segments: DiagramSegment[] = [];
  let at = 0;
  const add = (segment: Omit<DiagramSegment, 'start'>) => {
    if (segment.length > 0) segments.push({ ...segment, start: at });
    at += segment.length;
  };
  add({ kind: 'trim', length: pattern.endTrim });
  piecesInCutOrder(pattern.cuts).forEach((cut, k) => {
    if (k > 0) add({ kind: 'kerf', length: pattern.kerf });
    add({ kind: 'piece', length: cut.length, orderLineId: cut.orderLineId, label: cut.mark || String(cut.length) });
  });
  const remainder = pattern.stockLength - at;
  if (remainder < 0) {
    throw new RangeError(`the pieces need ${at} mm of a ${pattern.stockLength} mm bar`);
  }
  add({ kind: 'kerf', length: Math.min(pattern.kerf, remainder) });
  add({ kind: 'offcut', length: remainder - Math.min(pattern.kerf, remainder), offcutKind: pattern.offcutKind });
  return segments;
}

/** One entry per piece; pieces of a line stay together, so that the operator cuts them in a row. */
function piecesInCutOrder(cuts: readonly DiagramCut[]): DiagramCut[] {
  return cuts.flatMap((cut) => Array.from({ length: Math.max(0, cut.count) }, () => cut));
}

/**
 * A colour index (0 … paletteSize − 1) per order line, stable across the plan's diagrams: give every
 * order line of the plan, in one fixed order (e.g. line order), and use the same map for every
 * pattern. Lines get the palette in turn, by first appearance; beyond the palette colours repeat.
 */
export function colourIndexOf(orderLineIds: readonly string[], paletteSize = 12): Map<string, number> {
  if (!Number.isInteger(paletteSize) || paletteSize < 1) throw new RangeError('paletteSize must be a positive integer');
  const colours = new Map<string, number>();
  for (const id of orderLineIds) {
    if (!colours.has(id)) colours.set(id, colours.size % paletteSize);
  }
  return colours;
}
