import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { endpointPath, workflowAction, type EndpointBody } from './endpoint.ts';

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

  it('let a caller leave out a body the endpoint declares optional, and only then', () => {
    const spec = { access: 'p.cancel', response: z.object({}), body: z.object({ reason: z.string().optional() }) };
    const optional = workflowAction('demandOrder', 'cancel', { ...spec, bodyOptional: true });
    const required = workflowAction('demandOrder', 'cancel', spec);
    expect([optional.bodyOptional, required.bodyOptional]).toEqual([true, undefined]);
    expectTypeOf<undefined>().toExtend<EndpointBody<typeof optional>>();
    expectTypeOf<undefined>().not.toExtend<EndpointBody<typeof required>>();
  });
});
