import { describe, expect, it } from 'vitest';
import { machinesOfTasks } from './processing.queries.ts';

describe('machinesOfTasks', () => {
  it('lists each task’s machine once, in the order they come', () => {
    const task = (equipmentId: string, equipmentName: string) => ({
      equipmentId,
      equipmentName,
      serialNumber: `S-${equipmentId}`,
    });
    expect(machinesOfTasks([task('m2', 'Shear'), task('m1', 'Bender'), task('m2', 'Shear')])).toEqual([
      { id: 'm2', name: 'Shear', serialNumber: 'S-m2' },
      { id: 'm1', name: 'Bender', serialNumber: 'S-m1' },
    ]);
  });
});
