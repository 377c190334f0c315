import type { BomNode } from '@armature/domain';
import type { Key } from 'react';

/** A node of the tree view: the BOM node and its children, keyed by node id. */
export type BomTreeItem<N extends BomNode = BomNode> = { key: string; node: N; children: BomTreeItem<N>[] };

/**
 * The nested tree of a BOM's flat, pre-order node list (the API's answer). Nodes whose parent is not
 * in the list (a subtree's top) become roots; siblings keep their sort order.
 */
export function toTree<N extends BomNode>(nodes: readonly N[]): BomTreeItem<N>[] {
  const items = new Map(nodes.map((node) => [node.id, { key: node.id, node, children: [] as BomTreeItem<N>[] }]));
  const roots: BomTreeItem<N>[] = [];
  for (const item of items.values()) {
    const parent = item.node.parentId === null ? undefined : items.get(item.node.parentId);
    (parent ? parent.children : roots).push(item);
  }
  const bySort = (a: BomTreeItem<N>, b: BomTreeItem<N>) => a.node.sortIndex - b.node.sortIndex;
  for (const item of items.values()) item.children.sort(bySort);
  return roots.sort(bySort);
}

/** Where antd's Tree says a node was dropped: on `targetId`, before it, after it, or as its first child. */
export type TreeDrop = {
  draggedId: string;
  targetId: string;
  /** -1 before the target, 1 after it, 0 onto it (as its first child). */
  position: -1 | 0 | 1;
};

/**
 * The move a drop asks the server for: the new parent and the index among its children once the node
 * has left its old place. Null when the drop cannot be a move (beside the root, onto itself).
 */
export function dropToMove(
  nodes: readonly BomNode[],
  drop: TreeDrop,
): { nodeId: string; parentNodeId: string; index: number } | null {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const dragged = byId.get(drop.draggedId);
  const target = byId.get(drop.targetId);
  if (!dragged || !target || dragged.id === target.id || dragged.parentId === null) return null;
  if (drop.position === 0) return { nodeId: dragged.id, parentNodeId: target.id, index: 0 };
  if (target.parentId === null) return null;
  const siblings = nodes
    .filter((node) => node.parentId === target.parentId && node.id !== dragged.id)
    .sort((a, b) => a.sortIndex - b.sortIndex);
  const targetIndex = siblings.findIndex((node) => node.id === target.id);
  return {
    nodeId: dragged.id,
    parentNodeId: target.parentId,
    index: drop.position === -1 ? targetIndex : targetIndex + 1,
  };
}

/**
 * antd's drop event in `TreeDrop` terms: its `dropPosition` counts from the target's index among its
 * siblings; a drop into the gap right under an expanded node with children lands as its first child.
 */
export function treeDropOf(info: {
  dragNode: { key: Key };
  node: { key: Key; pos: string; expanded?: boolean; children?: unknown[] };
  dropPosition: number;
  dropToGap: boolean;
}): TreeDrop {
  const targetIndex = Number(info.node.pos.split('-').at(-1));
  const relative = info.dropPosition - targetIndex;
  const intoExpanded = relative === 1 && info.node.expanded === true && (info.node.children?.length ?? 0) > 0;
  const position: TreeDrop['position'] = !info.dropToGap || intoExpanded ? 0 : relative < 0 ? -1 : 1;
  return { draggedId: String(info.dragNode.key), targetId: String(info.node.key), position };
}
