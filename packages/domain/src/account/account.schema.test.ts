import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  loginSchema,
  passwordSchema,
  profileUpdateSchema,
  registerSchema,
  resetPasswordSchema,
  userNameSchema,
} from './account.schema.ts';

/** The issue codes a value is refused with, or [] when it is accepted. */
const refusals = (result: { success: boolean; error?: { issues: { message: string; code: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.code);

describe('password policy', () => {
  it('takes 8 to 128 characters with at least one letter and one digit', () => {
    for (const password of ['abcdefg1', '1234567a', 'Pass word 2026!', `a1${'x'.repeat(126)}`])
      expect(passwordSchema.safeParse(password).success, password).toBe(true);
  });

  it('refuses a short or long password, and one without a letter or without a digit', () => {
    expect(refusals(passwordSchema.safeParse('abc123'))).toEqual(['too_small']);
    expect(refusals(passwordSchema.safeParse(`a1${'x'.repeat(127)}`))).toEqual(['too_big']);
    for (const password of ['abcdefgh', '12345678', '!!!!!!!!']) {
      const result = passwordSchema.safeParse(password);
      expect(
        result.error?.issues.map((issue) => issue.message),
        password,
      ).toEqual(['passwordStrength']);
    }
  });

  it('keeps spaces: a password is taken as typed', () => {
    expect(passwordSchema.parse(' abcdef1 ')).toBe(' abcdef1 ');
  });

  it('applies to registering, changing and resetting a password alike', () => {
    const weak = 'abcdefgh';
    expect(changePasswordSchema.safeParse({ newPassword: weak }).success).toBe(false);
    expect(resetPasswordSchema.safeParse({ userName: 'u1', token: 't', newPassword: weak }).success).toBe(false);
    expect(registerSchema.safeParse({ userName: 'new.user', name: 'New', password: weak }).success).toBe(false);
    expect(changePasswordSchema.parse({ newPassword: 'abcdefg1' })).toEqual({ newPassword: 'abcdefg1' });
  });
});

describe('user names', () => {
  it('takes 3 to 32 letters, digits, dots, hyphens and underscores, trimmed', () => {
    expect(userNameSchema.parse('  j.doe_2-b ')).toBe('j.doe_2-b');
    expect(refusals(userNameSchema.safeParse('ab'))).toEqual(['too_small']);
    expect(refusals(userNameSchema.safeParse('a'.repeat(33)))).toEqual(['too_big']);
  });

  it('refuses spaces and other characters with the `userName` key', () => {
    for (const name of ['j doe', '张三丰', 'j@doe'])
      expect(
        userNameSchema.safeParse(name).error?.issues.map((issue) => issue.message),
        name,
      ).toEqual(['userName']);
  });

  it('signs in with whatever name was typed (trimmed): an old name need not meet today’s rule', () => {
    expect(loginSchema.parse({ userName: ' 张三 ', password: 'x' })).toEqual({ userName: '张三', password: 'x' });
    expect(loginSchema.safeParse({ userName: ' ', password: 'x' }).success).toBe(false);
  });
});

describe('profile', () => {
  it('stores an empty email or telephone as none', () => {
    expect(profileUpdateSchema.parse({ name: ' Li Lei ', email: '', telephone: '' })).toEqual({
      name: 'Li Lei',
      email: null,
      telephone: null,
    });
  });

  it('refuses a malformed email or telephone', () => {
    expect(profileUpdateSchema.safeParse({ name: 'Li', email: 'not-an-email' }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ name: 'Li', telephone: 'call me' }).success).toBe(false);
    expect(profileUpdateSchema.parse({ name: 'Li', telephone: '+86 138-0000-0000' }).telephone).toBe(
      '+86 138-0000-0000',
    );
  });
});
