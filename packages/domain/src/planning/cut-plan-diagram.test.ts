import { describe, expect, it } from 'vitest';
import { expectedOffcut } from './cut-plan-check.ts';
import { colourIndexOf, type DiagramPattern, type DiagramSegment, diagramSegments } from './cut-plan-diagram.ts';

const pattern: DiagramPattern = {
  stockLength: 12000,
  kerf: 5,
  endTrim: 20,
  cuts: [
    { length: 3000, count: 2, orderLineId: 'A', mark: 'B1' },
    { length: 2500, count: 1, orderLineId: 'B', mark: null },
  ],
  offcutKind: 'tail',
};

function expectExactCover(segments: DiagramSegment[], stockLength: number) {
  let at = 0;
  for (const segment of segments) {
    expect(segment.start).toBe(at);
    expect(segment.length).toBeGreaterThan(0);
    at += segment.length;
  }
  expect(at).toBe(stockLength);
}

describe('diagramSegments', () => {
  it('lays out trim, pieces with a kerf between two, then a kerf and the offcut', () => {
    expect(diagramSegments(pattern)).toEqual([
      { kind: 'trim', start: 0, length: 20 },
      { kind: 'piece', start: 20, length: 3000, orderLineId: 'A', label: 'B1' },
      { kind: 'kerf', start: 3020, length: 5 },
      { kind: 'piece', start: 3025, length: 3000, orderLineId: 'A', label: 'B1' },
      { kind: 'kerf', start: 6025, length: 5 },
      { kind: 'piece', start: 6030, length: 2500, orderLineId: 'B', label: '2500' },
      { kind: 'kerf', start: 8530, length: 5 },
      { kind: 'offcut', start: 8535, length: 3465, offcutKind: 'tail' },
    ]);
  });

  it('gives the offcut the optimiser reports (expectedOffcut)', () => {
    const offcut = diagramSegments(pattern).at(-1)!;
    expect(offcut.length).toBe(expectedOffcut(pattern, pattern));
  });

  it('shows a remainder thinner than the blade as kerf, and leaves out empty trim and offcut', () => {
    const segments = diagramSegments({
      stockLength: 6008,
      kerf: 5,
      endTrim: 0,
      cuts: [{ length: 3000, count: 2, orderLineId: 'A' }],
      offcutKind: 'waste',
    });
    expect(segments.map((s) => [s.kind, s.length])).toEqual([
      ['piece', 3000],
      ['kerf', 5],
      ['piece', 3000],
      ['kerf', 3],
    ]);
    expectExactCover(segments, 6008);
  });

  it('refuses pieces longer than the bar', () => {
    expect(() => diagramSegments({ ...pattern, stockLength: 8000 })).toThrow(RangeError);
  });

  it('covers the bar exactly, in order, on random patterns', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 300; i++) {
      const kerf = random(6);
      const endTrim = random(40);
      const cuts = Array.from({ length: 1 + random(3) }, (_, k) => ({
        length: 200 + random(3000),
        count: 1 + random(3),
        orderLineId: `L${k}`,
      }));
      const used = endTrim + cuts.reduce((s, c) => s + (c.length + kerf) * c.count, 0) - kerf;
      const stockLength = used + random(2) * random(kerf + 3000);
      const segments = diagramSegments({ stockLength, kerf, endTrim, cuts, offcutKind: 'waste' });
      expectExactCover(segments, stockLength);
      expect(segments.filter((s) => s.kind === 'piece')).toHaveLength(cuts.reduce((s, c) => s + c.count, 0));
    }
  });
});

describe('colourIndexOf', () => {
  it('gives each order line a colour in turn, the same wherever it appears', () => {
    const colours = colourIndexOf(['A', 'B', 'A', 'C'], 2);
    expect([...colours]).toEqual([
      ['A', 0],
      ['B', 1],
      ['C', 0],
    ]);
  });

  it('refuses an empty palette', () => {
    expect(() => colourIndexOf(['A'], 0)).toThrow(RangeError);
  });
});
