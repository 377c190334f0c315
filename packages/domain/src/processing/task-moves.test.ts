import { describe, expect, it } from 'vitest';
import { piecesProcessed, takeBars, taskMoves, type TaskMovesInput, type TaskMoveOutput } from './task-moves.ts';

const straight: TaskMoveOutput = { orderLineId: 'A', length: 3000, perRepetition: 3, stage: 'finished', produced: 0 };
const forBender: TaskMoveOutput = { orderLineId: 'B', length: 2500, perRepetition: 1, stage: 'wip', produced: 0 };

function cut(overrides: Partial<TaskMovesInput> = {}): TaskMovesInput {
  return {
    kind: 'cut',
    bar: { source: 'stock', length: 12_000, offcut: 480 },
    minTailLength: 500,
    outputs: [straight, forBender],
    before: { done: 0, scrap: 0 },
    after: { done: 4, scrap: 0 },
    ...overrides,
  };
}

describe('taskMoves', () => {
  it('cuts bars: finished pieces per order line, wip pieces counted only, the offcut to waste below the tail length', () => {
    expect(taskMoves(cut())).toEqual({
      bars: 4,
      produced: [12, 4],
      moves: [
        { kind: 'finished', direction: 'in', length: 3000, quantity: 12, reason: 'production', orderLineId: 'A' },
        { kind: 'waste', direction: 'in', length: 480, quantity: 4, reason: 'production', orderLineId: null },
      ],
    });
  });

  it('puts an offcut at or above the minimum reusable tail into tail stock', () => {
    const moves = taskMoves(cut({ bar: { source: 'offcut', length: 6000, offcut: 500 } })).moves;
    expect(moves.at(-1)).toEqual({
      kind: 'tail',
      direction: 'in',
      length: 500,
      quantity: 4,
      reason: 'production',
      orderLineId: null,
    });
  });

  it('moves only what is new since the last report, and nothing for a repeated one', () => {
    const second = taskMoves(
      cut({
        outputs: [
          { ...straight, produced: 12 },
          { ...forBender, produced: 4 },
        ],
        before: { done: 4, scrap: 0 },
        after: { done: 10, scrap: 0 },
      }),
    );
    expect(second.bars).toBe(6);
    expect(second.produced).toEqual([18, 6]);
    const repeated = taskMoves(
      cut({
        outputs: [
          { ...straight, produced: 12 },
          { ...forBender, produced: 4 },
        ],
        before: { done: 4, scrap: 0 },
        after: { done: 4, scrap: 0 },
      }),
    );
    expect(repeated).toEqual({ bars: 0, moves: [], produced: [0, 0] });
  });

  it('sends scrapped pieces to waste, output after output, and does not count them as produced', () => {
    const result = taskMoves(cut({ after: { done: 2, scrap: 7 } }));
    // 6 pieces of A and 2 of B processed: A's 6 scrapped first, then 1 of B.
    expect(result.produced).toEqual([0, 1]);
    expect(result.moves).toEqual([
      { kind: 'waste', direction: 'in', length: 3000, quantity: 6, reason: 'scrap', orderLineId: null },
      { kind: 'waste', direction: 'in', length: 2500, quantity: 1, reason: 'scrap', orderLineId: null },
      { kind: 'waste', direction: 'in', length: 480, quantity: 2, reason: 'production', orderLineId: null },
    ]);
  });

  it('scraps pieces made earlier: they leave finished stock (reason scrap) for waste', () => {
    const result = taskMoves(
      cut({
        outputs: [
          { ...straight, produced: 12 },
          { ...forBender, produced: 4 },
        ],
        before: { done: 4, scrap: 0 },
        after: { done: 4, scrap: 2 },
      }),
    );
    expect(result.bars).toBe(0);
    expect(result.produced).toEqual([-2, 0]);
    expect(result.moves).toEqual([
      { kind: 'finished', direction: 'out', length: 3000, quantity: 2, reason: 'scrap', orderLineId: 'A' },
      { kind: 'waste', direction: 'in', length: 3000, quantity: 2, reason: 'scrap', orderLineId: null },
    ]);
  });

  it('keeps pieces scrapped earlier where they were: new scrap fills the outputs with room left', () => {
    // Earlier: 1 bar, scrap 3 — all of A's 3 pieces. Now 2 bars, scrap 4: A has 3 more pieces of room.
    const result = taskMoves(
      cut({
        outputs: [
          { ...straight, produced: 0 },
          { ...forBender, produced: 1 },
        ],
        before: { done: 1, scrap: 3 },
        after: { done: 2, scrap: 4 },
      }),
    );
    expect(result.produced).toEqual([2, 1]);
    expect(result.moves.filter((move) => move.reason === 'scrap')).toEqual([
      { kind: 'waste', direction: 'in', length: 3000, quantity: 1, reason: 'scrap', orderLineId: null },
    ]);
  });

  it('bends pieces into finished stock of their line; a bend task consumes no bars and leaves no offcut', () => {
    const bent: TaskMoveOutput = { orderLineId: 'B', length: 2500, perRepetition: 1, stage: 'finished', produced: 0 };
    expect(
      taskMoves({
        kind: 'bend',
        bar: null,
        minTailLength: 500,
        outputs: [bent],
        before: { done: 0, scrap: 0 },
        after: { done: 5, scrap: 1 },
      }),
    ).toEqual({
      bars: 0,
      produced: [4],
      moves: [
        { kind: 'finished', direction: 'in', length: 2500, quantity: 4, reason: 'production', orderLineId: 'B' },
        { kind: 'waste', direction: 'in', length: 2500, quantity: 1, reason: 'scrap', orderLineId: null },
      ],
    });
  });

  it('leaves no offcut for a bar cut to its full length', () => {
    const moves = taskMoves(cut({ bar: { source: 'purchase', length: 9000, offcut: 0 } })).moves;
    expect(moves.every((move) => move.reason !== 'production' || move.kind === 'finished')).toBe(true);
  });

  it('counts the pieces processed at a progress (the ceiling of scrap)', () => {
    expect(piecesProcessed([straight, forBender], 3)).toBe(12);
    expect(piecesProcessed([], 3)).toBe(0);
  });
});

describe('takeBars', () => {
  it('takes the oldest lots first, each as far as it goes', () => {
    expect(
      takeBars(
        [
          { heatNo: 'H1', available: 2 },
          { heatNo: 'H2', available: 0 },
          { heatNo: 'H3', available: 5 },
        ],
        4,
      ),
    ).toEqual([
      { heatNo: 'H1', quantity: 2 },
      { heatNo: 'H3', quantity: 2 },
    ]);
  });

  it('answers null when the lots have too few bars, and nothing for no bars', () => {
    expect(takeBars([{ heatNo: 'H1', available: 3 }], 4)).toBeNull();
    expect(takeBars([{ heatNo: 'H1', available: 3 }], 0)).toEqual([]);
  });
});
