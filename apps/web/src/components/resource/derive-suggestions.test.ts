import { describe, expect, it } from 'vitest';
import { nominalUnitWeight, rebarResource } from '@armature/domain';
import { freshSuggestions, suggestedChanges } from './derive-suggestions.ts';

const derive = rebarResource.derive!;
// The rebar form edits the unit weight; its name is read-only (the server derives it).
const editable = new Set(['grade', 'diameter', 'unitWeight']);

describe('derived suggestions', () => {
  it('suggests afresh, not echoing the value a field already holds', () => {
    expect(freshSuggestions(derive, { grade: 'HRB400E', diameter: 16, unitWeight: 0.888 })).toEqual({
      name: 'HRB400E Φ16',
      unitWeight: nominalUnitWeight(16),
    });
  });

  it('fills an empty unit weight when the diameter is given', () => {
    expect(suggestedChanges(derive, { grade: 'HRB400E', diameter: 12 }, {}, editable)).toEqual({ unitWeight: 0.888 });
  });

  it('follows the diameter while the unit weight still holds the last suggestion', () => {
    const previous = freshSuggestions(derive, { diameter: 12 });
    expect(suggestedChanges(derive, { diameter: 16, unitWeight: 0.888 }, previous, editable)).toEqual({
      unitWeight: 1.58,
    });
  });

  it('keeps a unit weight the user typed', () => {
    const previous = freshSuggestions(derive, { diameter: 12 });
    expect(suggestedChanges(derive, { diameter: 16, unitWeight: 0.9 }, previous, editable)).toEqual({});
  });

  it('sets only editable fields and nothing without a diameter', () => {
    expect(suggestedChanges(derive, { grade: 'HRB400E', diameter: 12 }, {}, new Set(['grade']))).toEqual({});
    expect(suggestedChanges(derive, { grade: 'HRB400E' }, {}, editable)).toEqual({});
  });
});
