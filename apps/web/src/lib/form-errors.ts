import type { ErrorCode } from '@armature/domain';
import type { FormInstance } from 'antd';
import { ApiError } from './api-client.ts';

/**
 * Puts the per-field messages of a 400 answer, or of a 409 that names fields (a duplicate code), on
 * the form fields they name (`roleNames.0` → `roleNames`). Returns true when at least one field took
 * a message.
 */
export function applyFieldErrors(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409)) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true) as Record<string, unknown>));
  const fields = Object.entries(error.details)
    .map(([path, errors]) => ({ name: path.split('.')[0] ?? path, errors }))
    .filter((field) => known.has(field.name));
  form.setFields(fields);
  return fields.length > 0;
}

/**
 * Re-addresses an error answer that concerns one field (e.g. `wrong_current_password`) to that
 * field, so `applyFieldErrors` shows it there instead of in the message bar.
 */
export function asFieldError(error: unknown, code: ErrorCode, field: string): unknown {
  return error instanceof ApiError && error.code === code
    ? new ApiError(error.status, error.code, error.message, { ...error.details, [field]: [error.message] })
    : error;
}
