import type { BomCompare } from './bom.schema.ts';
import { roundQuantity, sortPreOrder } from './bom-tree.ts';

/** A node as the comparison reads it. */
export type CompareNode = {
  id: string;
  parentId: string | null;
  sortIndex: number;
  partCode: string;
  partName: string;
  quantity: number;
};

type Entry = { path: string[]; partCode: string; partName: string; quantity: number };

/** Path of part codes below the root → summed quantity (the same part twice under one parent counts once, added up). */
function entriesOf(nodes: readonly CompareNode[]): Map<string, Entry> {
  const paths = new Map<string, string[]>();
  const entries = new Map<string, Entry>();
  for (const node of sortPreOrder(nodes)) {
    const above = node.parentId === null ? undefined : paths.get(node.parentId);
    if (!above) {
      // The root: the BOM itself, compared through what it holds.
      paths.set(node.id, []);
      continue;
    }
    const path = [...above, node.partCode];
    paths.set(node.id, path);
    // A code never holds the unit separator, so the joined path is a faithful key.
    const key = path.join('\u001f');
    const entry = entries.get(key);
    if (entry) entry.quantity += node.quantity;
    else entries.set(key, { path, partCode: node.partCode, partName: node.partName, quantity: node.quantity });
  }
  return entries;
}

function comparePaths(a: readonly string[], b: readonly string[]): number {
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    if (a[index] !== b[index]) return a[index]! < b[index]! ? -1 : 1;
  }
  return a.length - b.length;
}

/**
 * Two trees side by side, nodes matched by their path of part codes below the root: rows in tree
 * order (a parent before its children, siblings by code), each added (right only), removed (left
 * only), changed (another quantity) or the same, and the count of each change.
 */
export function compareBoms(
  left: readonly CompareNode[],
  right: readonly CompareNode[],
): Pick<BomCompare, 'rows' | 'summary'> {
  const before = entriesOf(left);
  const after = entriesOf(right);
  const keys = [...new Set([...before.keys(), ...after.keys()])];
  const rows = keys
    .map((key) => {
      const was = before.get(key);
      const is = after.get(key);
      const entry = (is ?? was)!;
      const leftQuantity = was ? roundQuantity(was.quantity) : null;
      const rightQuantity = is ? roundQuantity(is.quantity) : null;
      const change: BomCompare['rows'][number]['change'] = !was
        ? 'added'
        : !is
          ? 'removed'
          : leftQuantity === rightQuantity
            ? 'same'
            : 'changed';
      return {
        path: entry.path,
        partCode: entry.partCode,
        partName: entry.partName,
        leftQuantity,
        rightQuantity,
        change,
      };
    })
    .sort((a, b) => comparePaths(a.path, b.path));
  const count = (change: string) => rows.filter((row) => row.change === change).length;
  return { rows, summary: { added: count('added'), removed: count('removed'), changed: count('changed') } };
}
