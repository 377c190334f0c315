import { describe, expect, it } from 'vitest';
import { isPublicPath, nextPage, safeTarget, withTarget } from './navigation.ts';

describe('safeTarget', () => {
  it('accepts same-origin relative paths only', () => {
    expect(safeTarget('/basicConfig/user/roles?page=2')).toBe('/basicConfig/user/roles?page=2');
    expect(safeTarget('//evil.example/x')).toBeUndefined();
    expect(safeTarget('/\\evil.example')).toBeUndefined();
    expect(safeTarget('https://evil.example')).toBeUndefined();
    expect(safeTarget('javascript:alert(1)')).toBeUndefined();
    expect(safeTarget(null)).toBeUndefined();
  });
});

describe('withTarget', () => {
  it('adds the encoded target, except for the home page', () => {
    expect(withTarget('/auth/login', '/a/b?c=1')).toBe('/auth/login?to=%2Fa%2Fb%3Fc%3D1');
    expect(withTarget('/auth/login', '/')).toBe('/auth/login');
    expect(withTarget('/auth/login', undefined)).toBe('/auth/login');
  });
});

describe('isPublicPath', () => {
  it('knows the pages open without a session', () => {
    expect(['/auth/login', '/auth/register/', '/auth/forget', '/auth/reset', '/scan/abc'].map(isPublicPath)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['/', '/auth/profile', '/auth/choose', '/basicConfig'].map(isPublicPath)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('nextPage', () => {
  it('goes to `to` when it is a private same-origin page', () => {
    expect(nextPage('/auth/profile?tab=1', [])).toBe('/auth/profile?tab=1');
  });

  it('never goes back to a public auth page or off-site; home instead', () => {
    expect(nextPage('/auth/login?to=%2F', [])).toBe('/');
    expect(nextPage('/auth/register', [])).toBe('/');
    expect(nextPage('//evil.example', [])).toBe('/');
    expect(nextPage(null, [])).toBe('/');
  });
});
