import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from '../core/i18n/zod-messages.ts';
import { userCreateSchema } from './user.schema.ts';

describe('validation messages', () => {
  it('turn zod issues into per-field messages in the caller language', () => {
    const result = userCreateSchema.safeParse({ userName: 'ab', name: '', email: 'nope', password: 'short' });
    expect(result.success).toBe(false);
    const issues = (result.error as z.ZodError).issues;
    expect(fieldErrors(issues, 'en-US')).toEqual({
      userName: ['At least 3 characters are required'],
      name: ['Required'],
      email: ['Please enter a valid email address'],
      password: ['At least 8 characters are required', 'The password must contain letters and digits'],
    });
    expect(fieldErrors(issues, 'fr-FR').name).toEqual(['Obligatoire']);
    expect(fieldErrors(issues, 'zh-CN').userName).toEqual(['至少需要 3 个字符']);
  });
});
