import { describe, expect, it } from 'vitest';
import { SPECS } from './demand-import.fixture.ts';
import { completeDemandLine, demandLineErrorMessage, type DemandOrderLineValues } from './demand-line.ts';
import { demandOrderLineInputSchema } from './demand-order.schema.ts';

describe('completeDemandLine', () => {
  const spec = SPECS[0]!;
  const values = (input: Record<string, unknown>): DemandOrderLineValues =>
    demandOrderLineInputSchema.parse({ mark: 'A1', rebarId: spec.id, ...input });

  it('derives the length, mandrel, shape code and weight of a bent bar', () => {
    const result = completeDemandLine(
      values({
        members: 2,
        barsPerMember: 5,
        geometry: [
          { length: 400, angle: 90 },
          { length: 600, angle: 0 },
        ],
      }),
      spec,
    );
    expect(result).toEqual({
      ok: true,
      line: {
        length: 975,
        members: 2,
        barsPerMember: 5,
        quantity: 10,
        shapeCode: '11',
        weightGrams: 8658,
        mandrel: 48,
      },
    });
  });

  it('keeps a given length, mandrel and shape code; a straight bar has no mandrel', () => {
    const bent = completeDemandLine(
      values({
        quantity: 3,
        length: 1000,
        mandrel: 60,
        shapeCode: 'YM',
        geometry: [
          { length: 400, angle: 90 },
          { length: 600, angle: 0 },
        ],
      }),
      spec,
    );
    expect(bent).toMatchObject({
      ok: true,
      line: { length: 1000, mandrel: 60, shapeCode: 'YM', members: 1, barsPerMember: 3 },
    });
    const straight = completeDemandLine(
      values({ quantity: 3, mandrel: 60, geometry: [{ length: 6000, angle: 0 }] }),
      spec,
    );
    expect(straight).toMatchObject({
      ok: true,
      line: { length: 6000, mandrel: null, shapeCode: '00', weightGrams: 15984 },
    });
  });

  it('refuses a quantity that is not members × bars, and a straight bar without a length', () => {
    const result = completeDemandLine(values({ members: 2, barsPerMember: 5, quantity: 11 }), spec);
    expect(result).toEqual({
      ok: false,
      errors: [
        { field: 'length', key: 'missing_value', params: {} },
        { field: 'quantity', key: 'quantity_mismatch', params: { quantity: 11, members: 2, barsPerMember: 5 } },
      ],
    });
    if (!result.ok) {
      expect(demandLineErrorMessage(result.errors[0]!, 'en-US')).toBe('Cut length is missing');
      expect(demandLineErrorMessage(result.errors[1]!, 'zh-CN')).toBe('总根数 11 不等于构件数 2 × 每件根数 5');
    }
  });

  it('refuses a line without any quantity', () => {
    expect(completeDemandLine(values({ length: 1000 }), spec)).toEqual({
      ok: false,
      errors: [{ field: 'quantity', key: 'missing_value', params: {} }],
    });
  });
});
