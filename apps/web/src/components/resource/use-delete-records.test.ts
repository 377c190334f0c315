import { describe, expect, it } from 'vitest';
import { inSentence } from './use-delete-records.ts';

describe('inSentence', () => {
  it('lowers a page title’s capital inside a sentence, keeping acronyms and Chinese as they are', () => {
    expect(inSentence('Techniques')).toBe('techniques');
    expect(inSentence('Caractéristiques d’inspection')).toBe('caractéristiques d’inspection');
    expect(inSentence('BOM')).toBe('BOM');
    expect(inSentence('工艺')).toBe('工艺');
  });
});
