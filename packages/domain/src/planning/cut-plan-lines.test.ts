import { describe, expect, it } from 'vitest';
import {
  ordersFullyPlanned,
  overPlannedLines,
  plannableLines,
  plannedQuantitiesAfterApproval,
  plannedQuantitiesAfterRelease,
} from './cut-plan-lines.ts';

const lines = [
  { id: 'a1', demandOrderId: 'A', quantity: 10, plannedQuantity: 0 },
  { id: 'a2', demandOrderId: 'A', quantity: 5, plannedQuantity: 5 },
  { id: 'b1', demandOrderId: 'B', quantity: 8, plannedQuantity: 3 },
  { id: 'b2', demandOrderId: 'B', quantity: 4, plannedQuantity: 0 },
  { id: 'c1', demandOrderId: 'C', quantity: 2, plannedQuantity: 2 },
];

describe('plannableLines', () => {
  it('keeps the lines with pieces left, with how many, and their own fields', () => {
    expect(plannableLines(lines).map((line) => [line.id, line.remaining, line.demandOrderId])).toEqual([
      ['a1', 10, 'A'],
      ['b1', 5, 'B'],
      ['b2', 4, 'B'],
    ]);
  });

  it('never offers a line planned beyond its quantity (an order edited since)', () => {
    expect(plannableLines([{ id: 'x', quantity: 3, plannedQuantity: 5 }])).toEqual([]);
  });
});

describe('ordersFullyPlanned', () => {
  it('names the orders the plan touches whose every line is then fully planned', () => {
    expect(
      ordersFullyPlanned(
        lines,
        new Map([
          ['a1', 10],
          ['b1', 5],
        ]),
      ),
    ).toEqual(['A']);
  });

  it('keeps an order unplanned while a line of it has pieces left, or pieces were unplaced', () => {
    expect(
      ordersFullyPlanned(
        lines,
        new Map([
          ['a1', 9],
          ['b1', 5],
          ['b2', 4],
        ]),
      ),
    ).toEqual(['B']);
  });

  it('leaves out orders the plan does not touch, even fully planned ones', () => {
    expect(ordersFullyPlanned(lines, new Map())).toEqual([]);
  });
});

describe('planned quantities', () => {
  const placed = new Map([
    ['a1', 4],
    ['b1', 5],
  ]);

  it('grows by the placed pieces on approval and shrinks back on release', () => {
    const approved = plannedQuantitiesAfterApproval(lines, placed);
    expect(approved).toEqual([
      { id: 'a1', plannedQuantity: 4 },
      { id: 'b1', plannedQuantity: 8 },
    ]);
    const after = lines.map((line) => ({ ...line, ...approved.find((a) => a.id === line.id) }));
    expect(plannedQuantitiesAfterRelease(after, placed)).toEqual([
      { id: 'a1', plannedQuantity: 0 },
      { id: 'b1', plannedQuantity: 3 },
    ]);
  });

  it('names the lines a plan would plan beyond their quantity', () => {
    expect(
      overPlannedLines(
        lines,
        new Map([
          ['a1', 10],
          ['b1', 6],
          ['c1', 1],
        ]),
      ).map((l) => [l.id, l.placed, l.remaining]),
    ).toEqual([
      ['b1', 6, 5],
      ['c1', 1, 0],
    ]);
  });
});
