import { describe, expect, it } from 'vitest';
import { cyclePath, rollUp, sortPreOrder, subtreeCyclePath, type TreeNode } from './bom-tree.ts';

const node = (
  id: string,
  parentId: string | null,
  sortIndex: number,
  quantity: number,
  weight: number | null,
  unitPrice: number | null,
): TreeNode => ({ id, parentId, sortIndex, quantity, weight, unitPrice });

/**
 * root (10 kg, 1000.00)
 * ├─ a ×2 (3 kg, 50.00)
 * │  ├─ a1 ×4 (0.25 kg, 1.10)
 * │  └─ a2 ×0.5 (no weight, 7.00)
 * └─ b ×3 (1.5 kg, no price)
 */
const TREE = [
  node('b', 'root', 1, 3, 1.5, null),
  node('a2', 'a', 1, 0.5, null, 7),
  node('root', null, 0, 1, 10, 1000),
  node('a1', 'a', 0, 4, 0.25, 1.1),
  node('a', 'root', 0, 2, 3, 50),
];

describe('sortPreOrder', () => {
  it('puts each parent before its children, siblings by sortIndex', () => {
    expect(sortPreOrder(TREE).map((each) => each.id)).toEqual(['root', 'a', 'a1', 'a2', 'b']);
  });

  it('treats nodes whose parent is absent as tops (a subtree)', () => {
    const subtree = TREE.filter((each) => each.id.startsWith('a'));
    expect(sortPreOrder(subtree).map((each) => each.id)).toEqual(['a', 'a1', 'a2']);
  });
});

describe('rollUp', () => {
  it('multiplies quantities from the root and adds weights and costs up the tree (checked by hand)', () => {
    const figures = rollUp(TREE);
    expect([...figures.keys()]).toEqual(['root', 'a', 'a1', 'a2', 'b']);
    // a1: 2 × 4 = 8 pieces, 8 × 0.25 = 2 kg, 8 × 1.10 = 8.80
    expect(figures.get('a1')).toEqual({ rolledQuantity: 8, rolledWeight: 2, rolledCost: 8.8, childCount: 0 });
    // a2: 2 × 0.5 = 1, no weight, 1 × 7 = 7
    expect(figures.get('a2')).toEqual({ rolledQuantity: 1, rolledWeight: 0, rolledCost: 7, childCount: 0 });
    // a: 2 × 3 kg + 2 + 0 = 8 kg; 2 × 50 + 8.80 + 7 = 115.80
    expect(figures.get('a')).toEqual({ rolledQuantity: 2, rolledWeight: 8, rolledCost: 115.8, childCount: 2 });
    // b: 3 × 1.5 = 4.5 kg, no price
    expect(figures.get('b')).toEqual({ rolledQuantity: 3, rolledWeight: 4.5, rolledCost: 0, childCount: 0 });
    // root: 10 + 8 + 4.5 = 22.5 kg; 1000 + 115.80 = 1115.80
    expect(figures.get('root')).toEqual({ rolledQuantity: 1, rolledWeight: 22.5, rolledCost: 1115.8, childCount: 2 });
  });

  it('scales a subtree by the rolled quantity of its parent', () => {
    const figures = rollUp(
      TREE.filter((each) => each.id.startsWith('a')),
      1,
    );
    expect(figures.get('a1')?.rolledQuantity).toBe(8);
    const scaled = rollUp([node('x', 'elsewhere', 0, 3, 0.3333, 0.335)], 2.5);
    // 7.5 pieces, 2.49975 kg → 2.5, 2.5125 → 2.51
    expect(scaled.get('x')).toEqual({ rolledQuantity: 7.5, rolledWeight: 2.5, rolledCost: 2.51, childCount: 0 });
  });

  it('rounds quantities to three decimals once, at the end', () => {
    const figures = rollUp([
      node('r', null, 0, 1, null, null),
      node('c', 'r', 0, 0.333, null, null),
      node('g', 'c', 0, 0.333, 1, 1),
    ]);
    expect(figures.get('g')?.rolledQuantity).toBe(0.111);
    expect(figures.get('g')?.rolledCost).toBe(0.11);
  });
});

describe('cyclePath', () => {
  const codes = new Map([
    ['pa', 'A'],
    ['pb', 'B'],
    ['pc', 'C'],
    ['pd', 'D'],
    ['pe', 'E'],
  ]);

  it('names the path from the repeated ancestor down to the part again', () => {
    expect(cyclePath(['pa', 'pb', 'pc'], 'pa', codes)).toBe('A > B > C > A');
    expect(cyclePath(['pa', 'pb', 'pc', 'pd', 'pe'], 'pb', codes)).toBe('B > C > D > E > B');
    expect(cyclePath(['pa', 'pb'], 'pb', codes)).toBe('B > B');
  });

  it('answers null when the part is not above', () => {
    expect(cyclePath(['pa', 'pb', 'pc'], 'pd', codes)).toBeNull();
  });

  it('finds a moved subtree holding an ancestor of its new parent, at any depth', () => {
    const subtree = [
      { id: 'n1', parentId: 'x', partId: 'pd', sortIndex: 0 },
      { id: 'n2', parentId: 'n1', partId: 'pe', sortIndex: 0 },
      { id: 'n3', parentId: 'n2', partId: 'pb', sortIndex: 0 },
    ];
    expect(subtreeCyclePath(['pa', 'pb', 'pc'], subtree, codes)).toBe('B > C > D > E > B');
    expect(subtreeCyclePath(['pa', 'pc'], subtree, codes)).toBeNull();
  });
});
