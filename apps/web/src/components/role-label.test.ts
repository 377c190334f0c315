import { describe, expect, it } from 'vitest';
import { roleLabel } from './role-label.ts';

describe('roleLabel', () => {
  const builtIn = (code: string) => ({ stockKeeper: 'Stock keeper' })[code];

  it('names a built-in role in the interface language', () => {
    expect(roleLabel('stockKeeper', '仓库管理员', builtIn)).toBe('Stock keeper');
  });

  it('names another role by its description, else its code', () => {
    expect(roleLabel('qa', 'Quality inspector', builtIn)).toBe('Quality inspector');
    expect(roleLabel('qa', '  ', builtIn)).toBe('qa');
    expect(roleLabel('qa', null, builtIn)).toBe('qa');
  });
});
