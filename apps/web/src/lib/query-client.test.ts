import { describe, expect, it, vi } from 'vitest';
import type { FormInstance } from 'antd';
import { ApiError } from './api-client.ts';
import { createQueryClient, type RequestMeta } from './query-client.ts';

type FieldErrors = { name: string; errors: string[] }[];

function fakeForm(values: Record<string, unknown>) {
  const setFields = vi.fn<(fields: FieldErrors) => void>();
  return { form: { getFieldsValue: () => values, setFields } as unknown as FormInstance, setFields };
}

async function failMutation(error: unknown, meta?: RequestMeta) {
  const showError = vi.fn<(message: string) => void>();
  const client = createQueryClient(showError);
  const mutation = client.getMutationCache().build(client, {
    mutationFn: () => Promise.reject(error),
    meta,
  });
  await mutation.execute(undefined).catch(() => undefined);
  return showError;
}

const invalid = new ApiError(400, 'validation_failed', 'Some fields are invalid', {
  email: ['Please enter a valid email address'],
});

describe('query client errors', () => {
  it('show the server message in the message bar', async () => {
    const showError = await failMutation(new ApiError(409, 'duplicate', 'User name "planner" already exists'));
    expect(showError).toHaveBeenCalledWith('User name "planner" already exists');
  });

  it('put 400 field messages on the form instead', async () => {
    const { form, setFields } = fakeForm({ name: 'A', email: 'x' });
    const showError = await failMutation(invalid, { form });
    expect(setFields).toHaveBeenCalledWith([{ name: 'email', errors: ['Please enter a valid email address'] }]);
    expect(showError).not.toHaveBeenCalled();
  });

  it("put a list row's field message on that row's field (a Form.List)", async () => {
    const { form, setFields } = fakeForm({ supplier: 'Mill', lines: [{ heatNo: 'A' }, { heatNo: 'A' }] });
    const duplicate = new ApiError(400, 'validation_failed', 'Some fields are invalid', {
      'lines.1.heatNo': ['Duplicate'],
    });
    const showError = await failMutation(duplicate, { form });
    expect(setFields).toHaveBeenCalledWith([{ name: ['lines', 1, 'heatNo'], errors: ['Duplicate'] }]);
    expect(showError).not.toHaveBeenCalled();
  });

  it('mark the fields of a conflict and still say which value clashes', async () => {
    const { form, setFields } = fakeForm({ code: 'CUT', name: 'Cutting' });
    const duplicate = new ApiError(409, 'duplicate', 'Code "CUT" already exists', { code: ['Already exists'] });
    const showError = await failMutation(duplicate, { form });
    expect(setFields).toHaveBeenCalledWith([{ name: 'code', errors: ['Already exists'] }]);
    expect(showError).toHaveBeenCalledWith('Code "CUT" already exists');
  });

  it('fall back to the message bar when no field of the form is named', async () => {
    const { form } = fakeForm({ name: 'A' });
    const showError = await failMutation(invalid, { form });
    expect(showError).toHaveBeenCalledWith('Some fields are invalid');
  });

  it('stay quiet when the caller handles the error', async () => {
    expect(await failMutation(invalid, { silent: true })).not.toHaveBeenCalled();
  });
});
