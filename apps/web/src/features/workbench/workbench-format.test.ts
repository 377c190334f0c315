import { describe, expect, it } from 'vitest';
import type { MyTask } from '@armature/domain';
import { formatRate, formatTaskParam, groupTasks, toTonnes } from './workbench-format.ts';

const task = (kind: MyTask['kind'], id: string): MyTask => ({
  kind,
  id,
  label: id,
  params: {},
  subject: { page: 'productionPlan.plan.demandOrder', id },
  since: '2026-11-20T08:00:00.000Z',
});

describe('workbench formats', () => {
  it('shows rates as percentages in the interface language, and a dash for none', () => {
    expect(formatRate(0.875, 'en-US')).toBe('87.5%');
    expect(formatRate(0.0412, 'fr-FR')).toBe('4,1%');
    expect(formatRate(null, 'zh-CN')).toBe('–');
  });

  it('turns kilograms into tonnes', () => {
    expect(toTonnes(12_345.678)).toBe(12.346);
  });

  it('formats task values by their name', () => {
    expect(formatTaskParam('availableKg', 1234.5, 'en-US')).toBe('1,234.500 kg');
    expect(formatTaskParam('wasteRate', 0.031, 'en-US')).toBe('3.1%');
    expect(formatTaskParam('dueDate', '2026-11-30', 'en-US')).toBe('2026-11-30');
    expect(formatTaskParam('machine', null, 'en-US')).toBe('–');
  });
});

describe('groupTasks', () => {
  it('keeps the kinds offered, in the domain order, with their items and counts', () => {
    const groups = groupTasks({
      items: [task('planToApprove', 'p1'), task('orderToConfirm', 'o1'), task('orderToConfirm', 'o2')],
      counts: { planToApprove: 1, orderToConfirm: 2, lowStock: 0 },
    });
    expect(groups.map((group) => [group.kind, group.count, group.items.map((item) => item.id)])).toEqual([
      ['orderToConfirm', 2, ['o1', 'o2']],
      ['planToApprove', 1, ['p1']],
      ['lowStock', 0, []],
    ]);
  });
});
