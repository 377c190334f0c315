import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CORE_ERRORS } from '../errors/core.errors.ts';
import { maskTelephone } from '../telephone.ts';
import { format, LOCALES, resolveLocale } from './locales.ts';
import { VALIDATION_MESSAGES } from './validation-messages.ts';
import { fieldErrors } from './zod-messages.ts';

describe('locale resolution', () => {
  it('defaults to Simplified Chinese', () => {
    expect(resolveLocale(undefined)).toBe('zh-CN');
    expect(resolveLocale('de-DE')).toBe('zh-CN');
  });
  it('honours quality values and matches by language', () => {
    expect(resolveLocale('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr-FR');
    expect(resolveLocale('de;q=1, en;q=0.5')).toBe('en-US');
    expect(resolveLocale('en-US;q=0.2, zh;q=0.9')).toBe('zh-CN');
  });
  it('formats positional and named placeholders', () => {
    expect(format('At least {0} characters', [3])).toBe('At least 3 characters');
    expect(format('{field} "{value}"', { field: 'Code', value: 'X' })).toBe('Code "X"');
  });
});

describe('validation messages', () => {
  // The error codes of the areas are checked with the assembled catalogue (catalogue.test.ts).
  it('exist in every language for every key and error code', () => {
    for (const entry of [...Object.values(VALIDATION_MESSAGES), ...Object.values(CORE_ERRORS).map((e) => e.message)]) {
      for (const locale of LOCALES) expect(entry[locale].length).toBeGreaterThan(0);
    }
  });

  it('reports a missing field as required', () => {
    const result = z.object({ a: z.string(), b: z.number().int() }).safeParse({ b: 1.5 });
    expect(fieldErrors(result.error?.issues ?? [], 'en-US')).toEqual({
      a: ['Required'],
      b: ['Please enter a whole number'],
    });
  });

  it('names fields called like Object properties (constructor, __proto__, toString)', () => {
    const result = z
      .strictObject({ a: z.string() })
      .safeParse(JSON.parse('{"constructor":1,"__proto__":2,"toString":3}'));
    const details = fieldErrors(result.error?.issues ?? [], 'en-US');
    expect(Object.keys(details).sort()).toEqual(['__proto__', 'a', 'constructor', 'toString']);
    expect(details.constructor).toEqual(['This field is not allowed']);
    expect(JSON.parse(JSON.stringify(details))).toMatchObject({
      constructor: ['This field is not allowed'],
      toString: ['This field is not allowed'],
    });
  });
});

describe('telephone mask', () => {
  it('shows the first 3 and last 4 digits', () => {
    expect(maskTelephone('13812345678')).toBe('138****5678');
    expect(maskTelephone('+33 6 12 34 56 78')).toBe('336****5678');
    expect(maskTelephone(null)).toBe('');
  });
});
