import { describe, expect, it } from 'vitest';
import { tagsOfTaskFilter } from './task-list-tags.ts';

describe('tagsOfTaskFilter', () => {
  it("names a machine's tags for a machine alone, a shift's for a day and a shift", () => {
    expect(tagsOfTaskFilter({ equipmentId: 'm1' })).toEqual({ kind: 'machine', selection: { machineId: 'm1' } });
    expect(tagsOfTaskFilter({ day: '2026-03-03', shift: ' A ' })).toEqual({
      kind: 'shift',
      selection: { day: '2026-03-03', shift: 'A' },
    });
    expect(tagsOfTaskFilter({ equipmentId: 'm1', day: '2026-03-03', shift: 'A' })).toEqual({
      kind: 'machineShift',
      selection: { day: '2026-03-03', shift: 'A', machineId: 'm1' },
    });
  });

  it('names none without a filter, or with half of a shift', () => {
    expect(tagsOfTaskFilter({})).toBeNull();
    expect(tagsOfTaskFilter({ day: '2026-03-03' })).toBeNull();
    expect(tagsOfTaskFilter({ shift: 'A' })).toBeNull();
    expect(tagsOfTaskFilter({ equipmentId: 'm1', day: '2026-03-03' })).toBeNull();
    expect(tagsOfTaskFilter({ equipmentId: 'm1', day: '2026-03-03', shift: '  ' })).toBeNull();
  });
});
