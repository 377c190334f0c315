import { describe, expect, it } from 'vitest';
import { formatParams } from './notification-text.ts';

describe('formatParams', () => {
  it('shows rates as percentages, kilograms with their grams, other numbers and strings in the language', () => {
    const params = { code: 'CP20261123-001', wasteRate: 0.0325, availableKg: 1234.5, days: 3 };
    expect(formatParams(params, 'en-US')).toEqual({
      code: 'CP20261123-001',
      wasteRate: '3.25%',
      availableKg: '1,234.500',
      days: '3',
    });
    const french = formatParams(params, 'fr-FR');
    expect(french.wasteRate).toMatch(/^3,25\s%$/);
    expect(french.availableKg).toMatch(/^1\s234,500$/);
  });
});
