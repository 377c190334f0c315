import type { KeyboardEvent } from 'react';

/** Which characters besides digits a number input takes. */
export type NumberShape = { decimals: boolean; negative: boolean };

type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>;

/**
 * Number inputs accept numeric characters only. Named keys (Backspace, arrows, Tab, Enter…)
 * and shortcuts (copy, paste, select all) pass; of printable characters only digits, and the decimal
 * point or minus sign when the field can hold them. Pasted text is still parsed by the input.
 */
export function isNumericKey(press: KeyPress, shape: NumberShape): boolean {
  if (press.key.length !== 1 || press.ctrlKey || press.metaKey || press.altKey) return true;
  if (/\d/.test(press.key)) return true;
  return (shape.decimals && press.key === '.') || (shape.negative && press.key === '-');
}

/** An onKeyDown handler that drops the keys `isNumericKey` refuses. */
export function numericKeysOnly(shape: NumberShape) {
  return (event: KeyboardEvent) => {
    if (!isNumericKey(event, shape)) event.preventDefault();
  };
}

/** The whole numbers of a tags input (`['9000', 12000, 'abc']` → `[9000, 12000]`), sorted, without repeats. */
export function toIntList(values: readonly unknown[] | null | undefined): number[] {
  const numbers = (values ?? [])
    // Number('') is 0: a blank is no number.
    .map((value) => (typeof value === 'number' ? value : String(value).trim() === '' ? NaN : Number(value)))
    .filter((value) => Number.isInteger(value));
  return [...new Set(numbers)].sort((a, b) => a - b);
}
