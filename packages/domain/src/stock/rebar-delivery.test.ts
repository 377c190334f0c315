import { describe, expect, it } from 'vitest';
import { rebarDeliveryInputSchema } from './rebar-delivery.schema.ts';

const SPEC = '0b7f4c1e-3f7a-4c55-9a0e-6d2b8f1c2a44';
const line = (heatNo: string) => ({ rebarId: SPEC, heatNo, length: 9000, bundles: 1, barCount: 50 });
const delivery = (lines: unknown[]) => ({ supplier: '沙钢', receiveDate: '2026-11-29', lines });

describe('delivery notes', () => {
  it('takes lines of several heats, weighed or not', () => {
    const parsed = rebarDeliveryInputSchema.parse(delivery([line('A1'), { ...line('A2'), weighedWeight: 1000.5 }]));
    expect(parsed.lines.map((item) => [item.heatNo, item.weighedWeight])).toEqual([
      ['A1', undefined],
      ['A2', 1000.5],
    ]);
    expect(parsed.deliveryNoteNo).toBeNull();
  });

  it('refuses the same spec, length and heat twice, on the second line, and a note without lines', () => {
    const result = rebarDeliveryInputSchema.safeParse(delivery([line('A1'), line('B2'), line('A1')]));
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['lines.2.heatNo', 'duplicate'],
    ]);
    expect(rebarDeliveryInputSchema.safeParse(delivery([])).error?.issues[0]?.path).toEqual(['lines']);
  });
});
