import { describe, expect, it } from 'vitest';
import type { BomNode } from '@armature/domain';
import { dropToMove, toTree, treeDropOf } from './bom-tree.ts';

const node = (id: string, parentId: string | null, sortIndex: number): BomNode => ({
  id,
  parentId,
  partId: `p-${id}`,
  partCode: id.toUpperCase(),
  partName: id,
  partUnit: 'pc',
  quantity: 1,
  positionNo: null,
  remark: null,
  depth: 0,
  sortIndex,
  childCount: 0,
  rolledQuantity: 1,
  rolledWeight: 0,
  rolledCost: 0,
});

// root ─ a ─ a1
//      ├ b
//      └ c
const NODES = [
  node('root', null, 0),
  node('a', 'root', 0),
  node('a1', 'a', 0),
  node('b', 'root', 1),
  node('c', 'root', 2),
];

describe('toTree', () => {
  it('nests the pre-order list under its parents in sort order', () => {
    const [root] = toTree([...NODES].reverse());
    expect(root?.key).toBe('root');
    expect(root?.children.map((item) => item.key)).toEqual(['a', 'b', 'c']);
    expect(root?.children[0]?.children.map((item) => item.key)).toEqual(['a1']);
  });

  it('makes a subtree top whose parent is missing a root', () => {
    expect(toTree(NODES.slice(1, 3)).map((item) => item.key)).toEqual(['a']);
  });
});

describe('dropToMove', () => {
  it('drops onto a node as its first child', () => {
    expect(dropToMove(NODES, { draggedId: 'c', targetId: 'a1', position: 0 })).toEqual({
      nodeId: 'c',
      parentNodeId: 'a1',
      index: 0,
    });
  });

  it('counts the index without the dragged node when it moves among its siblings', () => {
    expect(dropToMove(NODES, { draggedId: 'a', targetId: 'c', position: 1 })).toEqual({
      nodeId: 'a',
      parentNodeId: 'root',
      index: 2,
    });
    expect(dropToMove(NODES, { draggedId: 'c', targetId: 'a', position: -1 })).toEqual({
      nodeId: 'c',
      parentNodeId: 'root',
      index: 0,
    });
  });

  it('moves a node up a level beside another', () => {
    expect(dropToMove(NODES, { draggedId: 'a1', targetId: 'b', position: -1 })).toEqual({
      nodeId: 'a1',
      parentNodeId: 'root',
      index: 1,
    });
  });

  it('refuses moving the root, beside the root, or onto itself', () => {
    expect(dropToMove(NODES, { draggedId: 'root', targetId: 'a', position: 0 })).toBeNull();
    expect(dropToMove(NODES, { draggedId: 'a', targetId: 'root', position: 1 })).toBeNull();
    expect(dropToMove(NODES, { draggedId: 'b', targetId: 'b', position: 0 })).toBeNull();
  });
});

describe('treeDropOf', () => {
  const event = (pos: string, dropPosition: number, dropToGap: boolean, expanded = false) => ({
    dragNode: { key: 'c' },
    node: { key: 'a', pos, expanded, children: [{}] },
    dropPosition,
    dropToGap,
  });

  it('reads before, after and onto from the position relative to the target', () => {
    expect(treeDropOf(event('0-0-0', -1, true)).position).toBe(-1);
    expect(treeDropOf(event('0-0-0', 1, true)).position).toBe(1);
    expect(treeDropOf(event('0-0-2', 2, false)).position).toBe(0);
  });

  it('takes the gap under an expanded parent as its first child', () => {
    expect(treeDropOf(event('0-0-0', 1, true, true))).toEqual({ draggedId: 'c', targetId: 'a', position: 0 });
  });
});
