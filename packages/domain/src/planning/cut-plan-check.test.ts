import { describe, expect, it } from 'vitest';
import {
  assignmentProblems,
  barRemainder,
  type CheckedGroup,
  expectedOffcut,
  placedByOrderLine,
} from './cut-plan-check.ts';

const geometry = { kerf: 5, endTrim: 20 };
const demand = [
  { orderLineId: 'A', length: 3000, quantity: 7 },
  { orderLineId: 'B', length: 2500, quantity: 2 },
];

/** 12 m bars: 3 × 3000 + 2 × 5 kerf + 20 trim = 9030, leaving 2970 − 5 = 2965; 3000 + 2 × 2500 + … */
const sound = (): CheckedGroup[] => [
  {
    patterns: [
      {
        stockLength: 12000,
        count: 2,
        cuts: [{ length: 3000, count: 3, orderLineId: 'A' }],
        offcut: 2965,
      },
      {
        stockLength: 9000,
        count: 1,
        cuts: [
          { length: 2500, count: 2, orderLineId: 'B' },
          { length: 3000, count: 1, orderLineId: 'A' },
        ],
        offcut: 9000 - 20 - 8000 - 10 - 5,
      },
    ],
    unplaced: [],
  },
];

describe('assignmentProblems', () => {
  it('finds nothing wrong with a sound plan', () => {
    expect(assignmentProblems(sound(), demand, geometry)).toEqual([]);
  });

  it('counts unplaced pieces as assigned', () => {
    const groups = sound();
    groups[0]!.patterns[0]!.count = 1;
    groups[0]!.unplaced = [{ orderLineId: 'A', length: 3000, count: 3 }];
    // one bar fewer leaves the same offcut per bar
    expect(assignmentProblems(groups, demand, geometry)).toEqual([]);
  });

  it('names a line placed twice or missing', () => {
    const groups = sound();
    groups[0]!.patterns[0]!.count = 3;
    groups[0]!.patterns[1]!.cuts = [{ length: 3000, count: 1, orderLineId: 'A' }];
    groups[0]!.patterns[1]!.offcut = 9000 - 20 - 3000 - 5;
    expect(assignmentProblems(groups, demand, geometry)).toEqual([
      'order line A: 10 placed + 0 unplaced ≠ 7 demanded',
      'order line B: 0 placed + 0 unplaced ≠ 2 demanded',
    ]);
  });

  it('names pieces of lines nobody demanded', () => {
    const groups = sound();
    groups[0]!.unplaced = [{ orderLineId: 'Z', length: 3000, count: 1 }];
    expect(assignmentProblems(groups, demand, geometry)).toEqual([
      'order line Z was not demanded but has pieces in the plan',
    ]);
  });

  it('names a piece of the wrong length', () => {
    const groups = sound();
    groups[0]!.patterns[0]!.cuts = [{ length: 2999, count: 3, orderLineId: 'A' }];
    groups[0]!.patterns[0]!.offcut = 2968;
    expect(assignmentProblems(groups, demand, geometry)).toEqual([
      'group 1 pattern 1: a piece of 2999 for order line A, which is 3000 long',
    ]);
  });

  it('names a bar whose pieces do not fit, or whose offcut is wrong', () => {
    const groups = sound();
    groups[0]!.patterns[0]!.stockLength = 9000;
    groups[0]!.patterns[1]!.offcut = 0;
    expect(assignmentProblems(groups, demand, geometry)).toEqual([
      'group 1 pattern 1: the pieces need 9030 mm of a 9000 mm bar',
      'group 1 pattern 2: offcut 0 where the bar leaves 965',
    ]);
  });

  it('names an offcut of the wrong kind, when the minimum tail is given', () => {
    const groups = sound();
    groups[0]!.patterns = groups[0]!.patterns.map((p) => ({ ...p, offcutKind: 'tail' as const }));
    expect(assignmentProblems(groups, demand, { ...geometry, minTailLength: 1000 })).toEqual([
      'group 1 pattern 2: an offcut of 965 called tail, not waste',
    ]);
    expect(assignmentProblems(groups, demand, geometry)).toEqual([]);
  });

  it('names zero or negative counts', () => {
    const groups = sound();
    groups[0]!.patterns = [...groups[0]!.patterns, { stockLength: 12000, count: 0, cuts: [], offcut: 11975 }];
    expect(assignmentProblems(groups, demand, geometry)).toEqual([
      'group 1 pattern 3: 0 bars',
      'group 1 pattern 3: a bar without pieces',
    ]);
  });
});

describe('bar geometry', () => {
  const bar = { stockLength: 6000, cuts: [{ length: 1000, count: 5 }] };

  it('puts a kerf between two pieces and the trim at one end', () => {
    expect(barRemainder(bar, { kerf: 5, endTrim: 20 })).toBe(6000 - 20 - 5000 - 20);
  });

  it('takes one more kerf to cut the offcut off, and lets the blade eat a thinner remainder', () => {
    expect(expectedOffcut(bar, { kerf: 5, endTrim: 20 })).toBe(955);
    expect(expectedOffcut({ stockLength: 5023, cuts: [{ length: 5000, count: 1 }] }, { kerf: 5, endTrim: 20 })).toBe(0);
  });
});

describe('placedByOrderLine', () => {
  it('counts pieces per bar × bars', () => {
    expect(placedByOrderLine(sound())).toEqual(
      new Map([
        ['A', 7],
        ['B', 2],
      ]),
    );
  });
});
