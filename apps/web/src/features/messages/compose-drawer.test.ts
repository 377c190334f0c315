import { describe, expect, it } from 'vitest';
import { replySubject } from './compose-drawer.tsx';

describe('replySubject', () => {
  it('prefixes "Re:" once and keeps within the subject length', () => {
    expect(replySubject('领料')).toBe('Re: 领料');
    expect(replySubject('RE: 领料')).toBe('RE: 领料');
    expect(replySubject('x'.repeat(120))).toHaveLength(120);
  });
});
