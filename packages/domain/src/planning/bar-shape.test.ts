import { describe, expect, it } from 'vitest';
import {
  bendDeduction,
  defaultMandrel,
  developedLength,
  drawingPoints,
  formatLegs,
  isStraight,
  legsClose,
  legsSum,
  parseLegs,
  shapeCodeOf,
  shapePoints,
} from './bar-shape.ts';
import type { Leg } from './demand-order.schema.ts';

const legs = (text: string): Leg[] => parseLegs(text) ?? [];

describe('shapePoints', () => {
  it('runs the first leg along +x and turns counter-clockwise for a positive angle', () => {
    expect(shapePoints(legs('300:90; 1000'))).toEqual([
      { x: 0, y: 0 },
      { x: 300, y: 0 },
      { x: 300, y: 1000 },
    ]);
  });

  it('turns clockwise for a negative angle', () => {
    expect(shapePoints(legs('100:-90; 200')).at(-1)).toEqual({ x: 100, y: -200 });
  });

  it('a closed stirrup (rectangle of outer dimensions) closes within 1 mm', () => {
    const stirrup = legs('300:90; 500:90; 300:90; 500');
    expect(legsClose(stirrup, 1)).toBe(true);
    expect(shapePoints(stirrup).at(-1)).toEqual({ x: 0, y: 0 });
  });

  it('a 45°-chamfered closed link closes too, an open U does not', () => {
    const side = 100 * Math.SQRT2;
    const octagon = Array.from({ length: 8 }, (_, index) => ({ length: side, angle: index === 7 ? 0 : 45 }));
    expect(legsClose(octagon, 1)).toBe(true);
    expect(legsClose(legs('300:90; 500:90; 300'), 1)).toBe(false);
  });
});

describe('developedLength', () => {
  it('is the leg itself for a straight bar', () => {
    expect(developedLength(legs('6000'), 12, 48)).toBe(6000);
    expect(developedLength([], 12, 48)).toBe(0);
    expect(isStraight(legs('6000'))).toBe(true);
    expect(isStraight(legs('300:90; 200'))).toBe(false);
  });

  // The worked examples of the BVBS guideline 3.1 (May 2021, "Beispiele mit Barcodes – Testdaten"),
  // transcribed and checksum-verified in yeelvus/OpenConstructionERP
  // backend/tests/modules/rebar_schedule/abs_fixtures.py. All are Ø12 on a 48 mm mandrel (r = 24).
  // The guideline writes the header length `l` as the plain sum of the outer dimensions (German
  // practice: the bending shop takes the bend deduction off at the machine), so `legsSum` agrees
  // with it exactly, and the developed (cut) length is `l` less one deduction per bend:
  // 90° → 2·36 − π/2·30 = 24.876 mm, 45° → 2·36·tan 22.5° − π/4·30 = 6.262 mm, 180° → −22.248 mm.
  const guideline: { name: string; geometry: string; l: number; developed: number }[] = [
    { name: 'bf2d-1 (one 90° bend)', geometry: '400:90; 600', l: 1000, developed: 975 },
    { name: 'bf2d-2 (180° hooks)', geometry: '100:180; 600:180; 100', l: 800, developed: 844 },
    { name: 'bf2d-3 (cranked)', geometry: '100:90; 300:45; 424:-45; 300:-90; 100', l: 1224, developed: 1162 },
    { name: 'bf2d-6 (coupler, straight)', geometry: '200', l: 200, developed: 200 },
    { name: 'bf2d-7 (thread)', geometry: '150:90; 200', l: 350, developed: 325 },
    { name: 'bf2d-9a (staggered)', geometry: '400:90; 300', l: 700, developed: 675 },
    { name: 'bf2d-9b (staggered)', geometry: '400:90; 600', l: 1000, developed: 975 },
    { name: 'bf2d-9c (staggered)', geometry: '400:90; 900', l: 1300, developed: 1275 },
  ];
  it.each(guideline)('agrees with the guideline example $name', ({ geometry, l, developed }) => {
    expect(legsSum(legs(geometry))).toBe(l);
    expect(developedLength(legs(geometry), 12, 48)).toBe(developed);
  });

  it('bf2d-10 (running metre, a 500 m straight bar) is its leg', () => {
    expect(developedLength([{ length: 500_000, angle: 0 }], 12, 48)).toBe(500_000);
  });

  // BS 8666 prints the same deductions, rounded, in its length formulas (r = mandrel / 2).
  it('agrees with BS 8666 shape 12 (90° on radius R: − 0.43R − 1.2d) within 0.1 mm', () => {
    const R = 200;
    const d = 16;
    expect(bendDeduction(90, d, 2 * R)).toBeCloseTo(0.43 * R + 1.2 * d, 0);
    expect(developedLength(legs('500:90; 300'), d, 2 * R)).toBe(Math.round(800 - 105.27));
  });

  it('agrees with BS 8666 shape 13 (180° U of width B = 2(r + d): + 0.57B − 1.6d) within 0.5 mm', () => {
    const d = 12;
    const r = 24;
    const B = 2 * (r + d);
    expect(Math.abs(-bendDeduction(180, d, 2 * r) - (0.57 * B - 1.6 * d))).toBeLessThan(0.5);
  });

  it('agrees with BS 8666 shapes 11, 21 and 51 within 1 mm per bend', () => {
    const d = 10;
    const r = 20;
    const bs = (sum: number, bends: number) => sum - bends * (0.5 * r + d);
    expect(Math.abs(developedLength(legs('400:90; 250'), d, 2 * r) - bs(650, 1))).toBeLessThanOrEqual(1);
    expect(Math.abs(developedLength(legs('250:90; 400:90; 250'), d, 2 * r) - bs(900, 2))).toBeLessThanOrEqual(2);
    const link = legs('100:90; 300:90; 500:90; 300:90; 500:90; 100');
    expect(Math.abs(developedLength(link, d, 2 * r) - bs(2 * (500 + 300 + 100), 5))).toBeLessThanOrEqual(5);
  });
});

describe('shapeCodeOf', () => {
  it.each([
    ['straight', '6000', '00'],
    ['L (one 90°)', '300:90; 1000', '11'],
    ['L bent the other way', '300:-90; 1000', '11'],
    ['U-bend (one 180°)', '500:180; 500', '13'],
    ['U-bar (two 90°, same sense)', '300:90; 1000:90; 300', '21'],
    ['Z-bar (two 90°, opposite senses)', '300:90; 1000:-90; 300', '23'],
    ['closed link with overlapping 90° ends', '100:90; 300:90; 500:90; 300:90; 500:90; 100', '51'],
    ['closed link, six 90° bends', '100:90; 300:90; 500:90; 300:90; 500:90; 300:90; 100', '63'],
    // BS 8666 figures 47 and 51: the ends of a link hooked 135° into the core.
    ['closed link with 135° hooks (seismic stirrup)', '120:135; 300:90; 500:90; 300:90; 500:135; 120', '51'],
    ['closed link with 135° hooks, bent clockwise', '120:-135; 300:-90; 500:-90; 300:-90; 500:-135; 120', '51'],
    ['open link with 135° hooks', '120:135; 600:90; 300:90; 600:135; 120', '47'],
  ])('%s → %s', (_name, geometry, code) => {
    expect(shapeCodeOf(legs(geometry))).toBe(code);
  });

  it.each([
    ['hooks at both ends (180°)', '100:180; 3000:180; 100'],
    ['135° hooks round a ring that does not close', '120:135; 300:90; 500:90; 200:90; 500:135; 120'],
    ['135° hooks turned against the corners', '120:-135; 300:90; 500:90; 300:90; 500:-135; 120'],
    ['single 45° bend', '300:45; 1000'],
    ['cranked bar', '100:90; 300:45; 424:-45; 300:-90; 100'],
    ['five 90° bends that do not close', '100:90; 300:90; 500:90; 200:90; 500:90; 100'],
  ])('%s has no derived code', (_name, geometry) => {
    expect(shapeCodeOf(legs(geometry))).toBeNull();
  });
});

describe('drawingPoints', () => {
  const sides = (points: { x: number; y: number }[]) =>
    points.slice(1).map((point, index) => ({ dx: point.x - points[index]!.x, dy: point.y - points[index]!.y }));

  it('stands a stirrup with 135° hooks upright: its four sides level or plumb, the hooks into the core', () => {
    const stirrup = legs('120:135; 300:90; 500:90; 300:90; 500:135; 120');
    // Laid from its first hook, the ring is tilted by 45°.
    expect(sides(shapePoints(stirrup))[1]!.dx).not.toBeCloseTo(0, 3);
    const drawn = sides(drawingPoints(stirrup));
    for (const side of drawn.slice(1, -1)) expect(Math.min(Math.abs(side.dx), Math.abs(side.dy))).toBeCloseTo(0, 3);
    for (const hook of [drawn[0]!, drawn.at(-1)!]) expect(Math.abs(hook.dx)).toBeCloseTo(Math.abs(hook.dy), 3);
    expect(drawn.map((side) => Math.round(Math.hypot(side.dx, side.dy)))).toEqual([120, 300, 500, 300, 500, 120]);
  });

  it('leaves a bar whose legs are mostly level as shapePoints lays it (an L, a cranked bar)', () => {
    for (const geometry of ['300:90; 1000', '100:90; 300:45; 424:-45; 300:-90; 100', '6000']) {
      expect(drawingPoints(legs(geometry))).toEqual(shapePoints(legs(geometry)));
    }
  });
});

describe('defaultMandrel', () => {
  it('is 4d up to Ø16 and 7d from Ø20 (BS 8666 Table 2; GB 50204 asks no more for 400 MPa bars)', () => {
    expect(defaultMandrel(8)).toBe(32);
    expect(defaultMandrel(16)).toBe(64);
    expect(defaultMandrel(20)).toBe(140);
    expect(defaultMandrel(32)).toBe(224);
  });
});

describe('formatLegs / parseLegs', () => {
  it('writes length:angle, leaving out the last angle when 0', () => {
    expect(formatLegs(legs('300:90; 1000:90; 300'))).toBe('300:90; 1000:90; 300');
    expect(formatLegs([{ length: 200, angle: 0 }])).toBe('200');
    expect(
      formatLegs([
        { length: 100, angle: 180 },
        { length: 50, angle: 180 },
      ]),
    ).toBe('100:180; 50:180');
    expect(formatLegs([])).toBe('');
  });

  it('reads decimal commas, spaces, negative and decimal angles', () => {
    expect(parseLegs(' 300,5 : 90 ;1000: -45,5 ; 300 ')).toEqual([
      { length: 300.5, angle: 90 },
      { length: 1000, angle: -45.5 },
      { length: 300, angle: 0 },
    ]);
    expect(parseLegs('300：90；200')).toEqual([
      { length: 300, angle: 90 },
      { length: 200, angle: 0 },
    ]);
    expect(parseLegs('')).toEqual([]);
  });

  it('reads digit groups separated by spaces, as French sheets write them', () => {
    expect(parseLegs('1 000,5:90; 12\u00a0000')).toEqual([
      { length: 1000.5, angle: 90 },
      { length: 12000, angle: 0 },
    ]);
  });

  it('refuses unreadable, non-positive legs and angles beyond ±180°', () => {
    expect(parseLegs('abc')).toBeNull();
    expect(parseLegs('300:90; 0')).toBeNull();
    expect(parseLegs('-300')).toBeNull();
    expect(parseLegs('300:190; 200')).toBeNull();
    expect(parseLegs('300:90:5')).toBeNull();
  });

  it('round-trips', () => {
    const geometry = legs('120:135; 300:90; 500:90; 300:90; 500:135; 120');
    expect(parseLegs(formatLegs(geometry))).toEqual(geometry);
  });
});
