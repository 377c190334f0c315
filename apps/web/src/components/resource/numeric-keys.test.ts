import { describe, expect, it } from 'vitest';
import { isNumericKey, toIntList } from './numeric-keys.ts';

const press = (key: string, modifiers: { ctrlKey?: boolean; metaKey?: boolean } = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...modifiers,
});
const integer = { decimals: false, negative: false };
const signedDecimal = { decimals: true, negative: true };

describe('numeric keys', () => {
  it('takes digits and refuses letters, signs and exponents on a whole positive number', () => {
    expect(['0', '7', '9'].every((key) => isNumericKey(press(key), integer))).toBe(true);
    expect(['a', 'e', 'E', '+', '-', '.', ',', ' '].some((key) => isNumericKey(press(key), integer))).toBe(false);
  });

  it('takes the decimal point and minus sign only where the field holds them', () => {
    expect(isNumericKey(press('.'), signedDecimal)).toBe(true);
    expect(isNumericKey(press('-'), signedDecimal)).toBe(true);
    expect(isNumericKey(press('.'), { decimals: false, negative: true })).toBe(false);
  });

  it('lets editing keys and shortcuts through', () => {
    for (const key of ['Backspace', 'Delete', 'ArrowLeft', 'Tab', 'Enter', 'Home'])
      expect(isNumericKey(press(key), integer)).toBe(true);
    expect(isNumericKey(press('v', { ctrlKey: true }), integer)).toBe(true);
    expect(isNumericKey(press('a', { metaKey: true }), integer)).toBe(true);
  });
});

describe('int list', () => {
  it('keeps whole numbers, sorted and without repeats, and drops anything else', () => {
    expect(toIntList(['12000', 9000, ' 6000 ', 'abc', '9000', '1.5', ''])).toEqual([6000, 9000, 12000]);
    expect(toIntList(undefined)).toEqual([]);
  });
});
