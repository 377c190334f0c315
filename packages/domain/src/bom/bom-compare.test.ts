import { describe, expect, it } from 'vitest';
import { compareBoms, type CompareNode } from './bom-compare.ts';

const node = (id: string, parentId: string | null, partCode: string, quantity: number, sortIndex = 0): CompareNode => ({
  id,
  parentId,
  sortIndex,
  partCode,
  partName: `${partCode} name`,
  quantity,
});

describe('compareBoms', () => {
  const left = [
    node('r', null, 'M', 1),
    node('a', 'r', 'A', 2),
    node('a1', 'a', 'S', 4),
    node('b', 'r', 'B', 1, 1),
    node('c', 'r', 'C', 5, 2),
  ];
  const right = [
    node('R', null, 'M', 1),
    node('A', 'R', 'A', 2),
    node('A1', 'A', 'S', 6),
    node('C', 'R', 'C', 5, 1),
    node('D', 'R', 'D', 1, 2),
    node('D1', 'D', 'S', 1),
  ];

  it('matches nodes by their path of codes and tells added, removed, changed and same', () => {
    const { rows, summary } = compareBoms(left, right);
    expect(rows.map((row) => [row.path.join('/'), row.leftQuantity, row.rightQuantity, row.change])).toEqual([
      ['A', 2, 2, 'same'],
      ['A/S', 4, 6, 'changed'],
      ['B', 1, null, 'removed'],
      ['C', 5, 5, 'same'],
      ['D', null, 1, 'added'],
      ['D/S', null, 1, 'added'],
    ]);
    expect(summary).toEqual({ added: 2, removed: 1, changed: 1 });
  });

  it('adds up the quantities of the same part twice under one parent', () => {
    const split = [node('r', null, 'M', 1), node('x', 'r', 'A', 1.5), node('y', 'r', 'A', 0.5, 1)];
    const whole = [node('r', null, 'M', 1), node('x', 'r', 'A', 2)];
    const { rows, summary } = compareBoms(split, whole);
    expect(rows).toEqual([
      { path: ['A'], partCode: 'A', partName: 'A name', leftQuantity: 2, rightQuantity: 2, change: 'same' },
    ]);
    expect(summary).toEqual({ added: 0, removed: 0, changed: 0 });
  });
});
