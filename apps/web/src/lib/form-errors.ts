import type { ErrorCode } from '@armature/domain';
import type { FormInstance } from 'antd';
import { ApiError } from './api-client.ts';

/**
 * The form field a detail's path names: a field of a row of a list of objects (`lines.2.heatNo`, a
 * Form.List row) by its full path, anything else by its first part (`roleNames.0` → `roleNames`).
 */
function fieldName(path: string, values: Record<string, unknown>): string | (string | number)[] {
  const [list = path, index, field] = path.split('.');
  const rows = values[list];
  const row = Array.isArray(rows) && index !== undefined ? (rows[Number(index)] as unknown) : undefined;
  return field && typeof row === 'object' && row !== null ? [list, Number(index), field] : list;
}

/**
 * Puts the per-field messages of a 400 answer, or of a 409 that names fields (a duplicate code), on
 * the form fields they name. Returns true when at least one field took a message.
 */
export function applyFieldErrors(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409)) return false;
  const values = form.getFieldsValue(true) as Record<string, unknown>;
  const fields = Object.entries(error.details)
    .map(([path, errors]) => ({ name: fieldName(path, values), errors }))
    .filter((field) => Object.hasOwn(values, Array.isArray(field.name) ? String(field.name[0]) : field.name));
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
