import { describe, expect, it } from 'vitest';
import { bendingSteps } from './bending-steps.ts';

describe('bendingSteps', () => {
  it('gives one step per bend, at the outer length before it, with its side', () => {
    expect(
      bendingSteps([
        { length: 400, angle: 90 },
        { length: 250, angle: -45 },
        { length: 600, angle: 0 },
      ]),
    ).toEqual([
      { step: 1, at: 400, angle: 90, direction: 'left' },
      { step: 2, at: 650, angle: 45, direction: 'right' },
    ]);
  });

  it('has no step for a straight bar', () => {
    expect(bendingSteps([{ length: 6000, angle: 0 }])).toEqual([]);
    expect(bendingSteps([])).toEqual([]);
  });
});
