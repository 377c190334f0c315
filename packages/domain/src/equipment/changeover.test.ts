import { describe, expect, it } from 'vitest';
import { changeoverMatrixSchema, changeoverMinutesBetween, toolFamilyOf } from './changeover.ts';

describe('changeover matrix', () => {
  const matrix = changeoverMatrixSchema.parse({
    diameterMinutes: 20,
    familyMinutes: 12,
    pairs: [{ from: 12, to: 14, minutes: 5 }],
  });

  it('charges a diameter change, a pair of diameters its own time either way, and a tool change on top', () => {
    expect(changeoverMinutesBetween(matrix, { diameter: 12, family: null }, { diameter: 16, family: null })).toBe(20);
    expect(changeoverMinutesBetween(matrix, { diameter: 14, family: null }, { diameter: 12, family: null })).toBe(5);
    expect(changeoverMinutesBetween(matrix, { diameter: 12, family: 'bend' }, { diameter: 12, family: 'link' })).toBe(
      12,
    );
    expect(changeoverMinutesBetween(matrix, { diameter: 12, family: 'bend' }, { diameter: 16, family: 'link' })).toBe(
      32,
    );
  });

  it('charges nothing from an unknown setup, for the same setup, or for a family on one side only', () => {
    expect(changeoverMinutesBetween(matrix, null, { diameter: 16, family: 'link' })).toBe(0);
    expect(changeoverMinutesBetween(matrix, { diameter: 16, family: 'link' }, { diameter: 16, family: 'link' })).toBe(
      0,
    );
    expect(changeoverMinutesBetween(matrix, { diameter: 16, family: null }, { diameter: 16, family: 'link' })).toBe(0);
  });

  it('defaults to today’s 15 minutes per diameter change and refuses a pair given twice or a diameter to itself', () => {
    expect(changeoverMatrixSchema.parse({})).toEqual({ diameterMinutes: 15, familyMinutes: 0, pairs: [] });
    const twice = changeoverMatrixSchema.safeParse({
      pairs: [
        { from: 12, to: 14, minutes: 5 },
        { from: 14, to: 12, minutes: 6 },
        { from: 16, to: 16, minutes: 1 },
      ],
    });
    expect(twice.success).toBe(false);
    expect(twice.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['pairs.1.to', 'duplicate'],
      ['pairs.2.to', 'invalid'],
    ]);
  });

  it('names the bending tool a shape needs', () => {
    expect(['00', '11', '21', '13', '47', '51', '63', null].map(toolFamilyOf)).toEqual([
      null,
      'bend',
      'bend',
      'u180',
      'link',
      'link',
      'link',
      'bend',
    ]);
  });
});
