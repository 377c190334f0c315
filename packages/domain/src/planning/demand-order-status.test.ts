import { describe, expect, it } from 'vitest';
import { DEMAND_ORDER_STATUSES, isDemandOverdue, isPlannableOrder } from './demand-order-status.ts';

describe('isDemandOverdue', () => {
  const today = '2026-11-29';

  it('is overdue when the due date is before today and the order is still to be made', () => {
    for (const status of ['draft', 'confirmed', 'planned', 'producing'] as const)
      expect(isDemandOverdue({ demandDate: '2026-11-28', status }, today), status).toBe(true);
  });

  it('is not overdue on the due day itself nor after it', () => {
    expect(isDemandOverdue({ demandDate: today, status: 'confirmed' }, today)).toBe(false);
    expect(isDemandOverdue({ demandDate: '2026-12-01', status: 'draft' }, today)).toBe(false);
  });

  it('is never overdue once completed or cancelled', () => {
    expect(isDemandOverdue({ demandDate: '2026-01-01', status: 'completed' }, today)).toBe(false);
    expect(isDemandOverdue({ demandDate: '2026-01-01', status: 'cancelled' }, today)).toBe(false);
  });
});

describe('isPlannableOrder', () => {
  it('lets a cutting plan take confirmed and producing orders only', () => {
    for (const status of DEMAND_ORDER_STATUSES)
      expect(isPlannableOrder(status), status).toBe(status === 'confirmed' || status === 'producing');
  });
});
