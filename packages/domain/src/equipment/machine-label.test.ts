import { describe, expect, it } from 'vitest';
import { machineLabel } from './machine-label.ts';

describe('machineLabel', () => {
  it('tells two machines of one model apart by their serial numbers', () => {
    const first = machineLabel({ name: '数控钢筋弯箍机', serialNumber: 'WG12D-2405-0342' });
    const second = machineLabel({ name: '数控钢筋弯箍机', serialNumber: 'WG12D-2405-0343' });
    expect(first).toBe('数控钢筋弯箍机 (WG12D-2405-0342)');
    expect(second).not.toBe(first);
  });
});
