import { describe, expect, it } from 'vitest';
import { dispositionChoices, hasChanges, historyNoteText, markSummary } from './revision-format.ts';

describe('revision format', () => {
  const whole = (value: number) => value.toLocaleString('en-US');
  const spec = (id: string) => (id === 's1' ? 'HRB400E Φ12' : '?');

  it('writes a mark as quantity × length, spec and shape code', () => {
    const mark = { rebarId: 's1', length: 3000, quantity: 12, shapeCode: '21', geometry: [] };
    expect(markSummary(mark, spec, whole)).toBe('12 × 3,000 mm · HRB400E Φ12 · 21');
    expect(markSummary({ ...mark, shapeCode: null }, spec, whole)).toBe('12 × 3,000 mm · HRB400E Φ12');
    expect(markSummary(null, spec, whole)).toBe('—');
  });

  it('offers no disposition better than the proposal', () => {
    expect(dispositionChoices({ action: 'reuse' })).toEqual(['reuse', 'offcut', 'scrap']);
    expect(dispositionChoices({ action: 'offcut' })).toEqual(['offcut', 'scrap']);
    expect(dispositionChoices({ action: 'scrap' })).toEqual(['scrap']);
  });

  it('knows an identical list changes nothing', () => {
    expect(hasChanges({ added: 0, removed: 0, changed: 0, unchanged: 4 })).toBe(false);
    expect(hasChanges({ added: 0, removed: 1, changed: 0, unchanged: 3 })).toBe(true);
  });

  it('says a revision’s history note in words and leaves any other note as it is', () => {
    const t = (key: string, values: Record<string, unknown>) => `${key}:${JSON.stringify(values)}`;
    expect(historyNoteText('R2 (b)', t)).toBe('revision.historyNoteIndex:{"revision":2,"index":"b"}');
    expect(historyNoteText('R3', t)).toBe('revision.historyNote:{"revision":3}');
    expect(historyNoteText('CP20261130-0001', t)).toBe('CP20261130-0001');
  });
});
