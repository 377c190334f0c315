import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpointPath, workflowAction } from './endpoint.ts';

describe('endpoints', () => {
  it('fill their path parameters, encoded, and refuse a missing one', () => {
    expect(endpointPath('task/:id/fail', { id: 'a/b' })).toBe('task/a%2Fb/fail');
    expect(() => endpointPath('task/:id/fail', {})).toThrow(/:id/);
  });

  it('declare a workflow action as POST <base>/:id/<action>, the id in the path', () => {
    const confirm = workflowAction('demandOrder', 'confirm', { access: 'p.confirm', response: z.object({}) });
    expect(confirm).toMatchObject({ method: 'POST', path: 'demandOrder/:id/confirm', access: 'p.confirm' });
    expect(confirm.params.safeParse({ id: 'not-an-id' }).success).toBe(false);
  });
});
