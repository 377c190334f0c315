import { describe, expect, it } from 'vitest';
import { barPath, layoutBarShape } from './bar-shape-layout.ts';

const box = { width: 200, height: 100, padding: 10 };

describe('bar shape layout', () => {
  it('draws a straight bar across the box, centred, its length labelled above it', () => {
    const layout = layoutBarShape(
      [
        { x: 0, y: 0 },
        { x: 6000, y: 0 },
      ],
      [{ length: 6000, angle: 0 }],
      box,
    );
    expect(layout.path).toBe('M10 50 L190 50');
    expect(layout.scale).toBeCloseTo(180 / 6000);
    expect(layout.bends).toEqual([]);
    expect(layout.legLabels).toEqual([{ x: 100, y: 40, rotate: 0, value: 6000 }]);
  });

  it('keeps proportions: an L bar fits the tighter side, y pointing up in mm and down on screen', () => {
    // 400 mm along, then 90° up 200 mm.
    const layout = layoutBarShape(
      [
        { x: 0, y: 0 },
        { x: 400, y: 0 },
        { x: 400, y: 200 },
      ],
      [
        { length: 400, angle: 90 },
        { length: 200, angle: 0 },
      ],
      box,
    );
    expect(layout.scale).toBeCloseTo(80 / 200);
    // 160 px wide, centred: from x = 20 to 180; the first leg at the bottom (y = 90), the second going up.
    expect(layout.path).toBe('M20 90 L180 90 L180 10');
    expect(layout.bends).toHaveLength(1);
    expect(layout.bends[0]).toMatchObject({ x: 180, y: 90, angle: 90 });
    // The bend's angle is written inside the corner (up and left of it).
    expect(layout.bends[0]!.labelX).toBeLessThan(180);
    expect(layout.bends[0]!.labelY).toBeLessThan(90);
    // Leg labels sit outside: below the bottom leg, right of the vertical one (turned to read along it).
    const [bottom, side] = layout.legLabels;
    expect(bottom).toMatchObject({ value: 400, rotate: 0 });
    expect(bottom!.y).toBeGreaterThan(90);
    expect(side).toMatchObject({ value: 200, rotate: 90 });
    expect(side!.x).toBeGreaterThan(180);
  });

  it('rounds a bend to the mandrel radius at scale, never beyond half a leg', () => {
    const path = barPath(
      [
        { x: 0, y: 0 },
        { x: 100, y: 0 },
        { x: 100, y: 100 },
      ],
      10,
    );
    expect(path).toBe('M0 0 L90 0 A10 10 0 0 1 100 10 L100 100');
    const tight = barPath(
      [
        { x: 0, y: 0 },
        { x: 10, y: 0 },
        { x: 10, y: -10 },
      ],
      50,
    );
    expect(tight).toBe('M0 0 L5 0 A5 5 0 0 0 10 -5 L10 -10');
  });

  it('draws nothing for fewer than two points', () => {
    expect(layoutBarShape([], [], box).path).toBe('');
  });
});
