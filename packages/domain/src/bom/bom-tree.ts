/** A node as the tree rules need it: its place, its quantity per parent unit and its part's figures. */
export type TreeNode = {
  id: string;
  parentId: string | null;
  sortIndex: number;
  quantity: number;
  /** The part's weight (kg) and unit price; null counts 0. */
  weight: number | null;
  unitPrice: number | null;
};

export type RolledFigures = {
  rolledQuantity: number;
  rolledWeight: number;
  rolledCost: number;
  childCount: number;
};

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded;
};

/** Quantities and kilograms to the gram's thousandth, costs to the cent. */
export const roundQuantity = (value: number) => round(value, 3);
export const roundWeight = (value: number) => round(value, 3);
export const roundCost = (value: number) => round(value, 2);

/**
 * The nodes depth-first (pre-order), siblings by `sortIndex` then id. The tops are the nodes whose
 * parent is not among them (the root of a tree, the node of a subtree); nodes unreachable from a top
 * are left out.
 */
export function sortPreOrder<T extends Pick<TreeNode, 'id' | 'parentId' | 'sortIndex'>>(nodes: readonly T[]): T[] {
  const ids = new Set(nodes.map((node) => node.id));
  const children = new Map<string | null, T[]>();
  for (const node of nodes) {
    const key = node.parentId !== null && ids.has(node.parentId) ? node.parentId : null;
    const list = children.get(key) ?? [];
    list.push(node);
    children.set(key, list);
  }
  const bySort = (a: T, b: T) => a.sortIndex - b.sortIndex || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  for (const list of children.values()) list.sort(bySort);
  const ordered: T[] = [];
  // An explicit stack: a 50-level tree must not depend on the call stack's depth.
  const stack = [...(children.get(null) ?? [])].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    ordered.push(node);
    const below = children.get(node.id);
    if (below) for (let index = below.length - 1; index >= 0; index--) stack.push(below[index]!);
  }
  return ordered;
}

/**
 * Rolled-up figures of every node, keyed by id in pre-order (iterating the map walks the tree). A node's rolled quantity is how many of its part one
 * top-level unit needs: `topFactor` (the rolled quantity of the tops' parent, 1 for a whole tree)
 * times the quantities from the top down to it. Its rolled weight and cost are its part's weight and
 * price times that, plus those of everything below it. Figures are rounded once, at the end.
 */
export function rollUp<T extends TreeNode>(nodes: readonly T[], topFactor = 1): Map<string, RolledFigures> {
  const ordered = sortPreOrder(nodes);
  const exact = new Map<string, { quantity: number; weight: number; cost: number; childCount: number }>();
  for (const node of ordered) {
    const parent = node.parentId === null ? undefined : exact.get(node.parentId);
    const quantity = (parent?.quantity ?? topFactor) * node.quantity;
    if (parent) parent.childCount++;
    exact.set(node.id, {
      quantity,
      weight: (node.weight ?? 0) * quantity,
      cost: (node.unitPrice ?? 0) * quantity,
      childCount: 0,
    });
  }
  // Children come after their parent in pre-order: walking backwards adds each subtree into its parent.
  for (let index = ordered.length - 1; index >= 0; index--) {
    const node = ordered[index]!;
    const parent = node.parentId === null ? undefined : exact.get(node.parentId);
    const own = exact.get(node.id)!;
    if (parent) {
      parent.weight += own.weight;
      parent.cost += own.cost;
    }
  }
  const figures = new Map<string, RolledFigures>();
  for (const [id, value] of exact)
    figures.set(id, {
      rolledQuantity: roundQuantity(value.quantity),
      rolledWeight: roundWeight(value.weight),
      rolledCost: roundCost(value.cost),
      childCount: value.childCount,
    });
  return figures;
}

const codeOf = (codes: ReadonlyMap<string, string>, partId: string) => codes.get(partId) ?? partId;

/**
 * The path that adding `partId` under a node would close, or null when there is none. A part cannot
 * contain itself at any depth: `ancestorPartIds` are the parts from the root down to the new parent
 * (included); when `partId` is among them the answer reads from that ancestor down to the part again,
 * as codes: `A > B > C > A`.
 */
export function cyclePath(
  ancestorPartIds: readonly string[],
  partId: string,
  codes: ReadonlyMap<string, string>,
): string | null {
  const start = ancestorPartIds.indexOf(partId);
  if (start < 0) return null;
  return [...ancestorPartIds.slice(start), partId].map((id) => codeOf(codes, id)).join(' > ');
}

/**
 * The path a moved subtree would close under its new parent, or null. `subtree` is the moved node
 * and everything below it (any order, the moved node being the one whose parent is not among them);
 * every node is checked against the new parent's ancestors and the nodes above it in the subtree.
 */
export function subtreeCyclePath(
  ancestorPartIds: readonly string[],
  subtree: readonly { id: string; parentId: string | null; partId: string; sortIndex: number }[],
  codes: ReadonlyMap<string, string>,
): string | null {
  const chains = new Map<string, string[]>();
  for (const node of sortPreOrder(subtree)) {
    const above = (node.parentId !== null && chains.get(node.parentId)) || ancestorPartIds;
    const path = cyclePath(above, node.partId, codes);
    if (path) return path;
    chains.set(node.id, [...above, node.partId]);
  }
  return null;
}
