import { describe, expect, it } from 'vitest';
import {
  changedFields,
  diffRevision,
  lineWorkState,
  proposeDisposition,
  revisionCounts,
  parseRevisionNote,
  revisionDrawingIndex,
  revisionNote,
  type RevisionCurrentLine,
} from './demand-revision.ts';

const SPEC = '00000000-0000-4000-8000-000000000012';
const OTHER_SPEC = '00000000-0000-4000-8000-000000000016';
const BENT = [
  { length: 1500, angle: 90 },
  { length: 1000, angle: 0 },
];

const line = (mark: string, fields: Partial<RevisionCurrentLine> = {}): RevisionCurrentLine => ({
  id: `id-${mark}`,
  mark,
  rebarId: SPEC,
  length: 3000,
  quantity: 10,
  shapeCode: null,
  geometry: [],
  plannedQuantity: 0,
  producedQuantity: 0,
  ...fields,
});

describe('a revised bar list, mark by mark', () => {
  it('tells how far a line has gone: pieces made over planned over nothing', () => {
    expect(lineWorkState({ plannedQuantity: 0, producedQuantity: 0 })).toBe('notPlanned');
    expect(lineWorkState({ plannedQuantity: 4, producedQuantity: 0 })).toBe('planned');
    expect(lineWorkState({ plannedQuantity: 4, producedQuantity: 1 })).toBe('produced');
  });

  it('names the changed fields; a straight bar written with or without its one leg is the same shape', () => {
    const before = line('A');
    expect(changedFields(before, { ...before, geometry: [{ length: 3000, angle: 0 }] })).toEqual([]);
    expect(changedFields(before, { ...before, quantity: 12, length: 2800 })).toEqual(['quantity', 'length']);
    expect(changedFields({ ...before, geometry: BENT }, { ...before, geometry: [BENT[1]!, BENT[0]!] })).toEqual([
      'shape',
    ]);
    expect(changedFields(before, { ...before, rebarId: OTHER_SPEC })).toEqual(['spec']);
  });

  it('gives each change its outcome by the line state, the removed marks last', () => {
    const current = [
      line('A', { plannedQuantity: 10, producedQuantity: 3 }),
      line('B', { plannedQuantity: 10 }),
      line('C'),
      line('D'),
      line('E', { plannedQuantity: 10 }),
    ];
    const changes = diffRevision(current, [
      { ...current[0]!, length: 2800 },
      { ...current[1]!, rebarId: OTHER_SPEC },
      { ...current[2]!, quantity: 4 },
      { ...current[3]! },
      { ...line('F'), id: 'ignored' },
    ]);
    expect(changes.map((change) => [change.mark, change.kind, change.state, change.outcome, change.lineId])).toEqual([
      ['A', 'changed', 'produced', 'superseded', 'id-A'],
      ['B', 'changed', 'planned', 'replanned', 'id-B'],
      ['C', 'changed', 'notPlanned', 'replaced', 'id-C'],
      ['D', 'unchanged', 'notPlanned', 'unchanged', 'id-D'],
      ['F', 'added', null, 'added', null],
      ['E', 'removed', 'planned', 'replanned', 'id-E'],
    ]);
    expect(revisionCounts(changes)).toEqual({ added: 1, removed: 1, changed: 3, unchanged: 1 });
  });

  it('pairs a mark written twice by occurrence', () => {
    const current = [line('A', { id: 'first' }), line('A', { id: 'second', length: 2000 })];
    const changes = diffRevision(current, [current[0]!, { ...current[1]!, length: 2100 }]);
    expect(changes.map((change) => [change.lineId, change.kind])).toEqual([
      ['first', 'unchanged'],
      ['second', 'changed'],
    ]);
  });

  it('reads the revision index the lines carry (BVBS `i`), the most frequent one', () => {
    expect(revisionDrawingIndex([{ drawing: '417 (b)' }, { drawing: '417 (b)' }, { drawing: '418 (a)' }])).toBe('b');
    expect(revisionDrawingIndex([{ drawing: '417' }, { drawing: null }])).toBeNull();
  });
});

describe('what to do with superseded pieces', () => {
  const open = { lineId: 'n', mark: 'A2', rebarId: SPEC, geometry: [], openQuantity: 8 };

  it('re-uses straight pieces for the longest open straight mark of the spec they can be cut to', () => {
    const bundle = { rebarId: SPEC, length: 3000, pieces: 8, geometry: [] };
    const proposal = proposeDisposition(
      bundle,
      [
        { ...open, length: 2000, lineId: 'short' },
        { ...open, length: 2800, lineId: 'close' },
        { ...open, length: 3200, lineId: 'too long' },
        { ...open, length: 2900, rebarId: OTHER_SPEC, lineId: 'other spec' },
        { ...open, length: 2950, openQuantity: 7, lineId: 'too few' },
      ],
      500,
    );
    expect(proposal).toMatchObject({ action: 'reuse', lineId: 'close', length: 2800, remainder: 200 });
  });

  it('keeps straight pieces as offcut when no mark wants them, and scraps bent or short ones', () => {
    expect(proposeDisposition({ rebarId: SPEC, length: 3000, pieces: 8, geometry: [] }, [], 500).action).toBe('offcut');
    expect(proposeDisposition({ rebarId: SPEC, length: 400, pieces: 8, geometry: [] }, [], 500).action).toBe('scrap');
    const bent = { rebarId: SPEC, length: 2500, pieces: 2, geometry: BENT };
    expect(proposeDisposition(bent, [{ ...open, length: 2000 }], 500).action).toBe('scrap');
  });
});

describe('the status history note of a revision', () => {
  it('is written language-neutral and read back, with or without a drawing index', () => {
    expect(revisionNote(2, 'b')).toBe('R2 (b)');
    expect(revisionNote(3, null)).toBe('R3');
    expect(parseRevisionNote('R2 (b)')).toEqual({ revision: 2, drawingIndex: 'b' });
    expect(parseRevisionNote('R3')).toEqual({ revision: 3, drawingIndex: null });
    for (const other of ['CP20261130-0001', 'R', 'Rb', null]) expect(parseRevisionNote(other)).toBeNull();
  });
});
