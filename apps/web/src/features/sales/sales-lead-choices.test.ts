import { describe, expect, it } from 'vitest';
import { isConvertible, leadStatusChoices } from './sales-lead-choices.ts';

describe('the lead form and its conversion', () => {
  it('offers the status the lead is in and its next steps only', () => {
    expect(leadStatusChoices(undefined)).toEqual(['new', 'contacted', 'lost']);
    expect(leadStatusChoices('contacted')).toEqual(['contacted', 'quoted', 'lost']);
    expect(leadStatusChoices('quoted')).toEqual(['quoted', 'won', 'lost']);
    expect(leadStatusChoices('won')).toEqual(['won']);
  });

  it('converts won leads that are not yet clients', () => {
    expect(isConvertible({ status: 'won', clientId: null })).toBe(true);
    expect(isConvertible({ status: 'won', clientId: 'c1' })).toBe(false);
    expect(isConvertible({ status: 'quoted', clientId: null })).toBe(false);
  });
});
