import { describe, expect, it } from 'vitest';
import type { UserProduct } from '@armature/domain';
import { defaultSelection, soleProduct } from './product-choice.ts';

const product = (id: string, clientId: string): UserProduct => ({
  id,
  code: id.toUpperCase(),
  name: id,
  clientId,
  clientName: clientId,
  timeZone: 'Asia/Shanghai',
});
const line1 = product('line1', 'demo');
const line2 = product('line2', 'demo');
const other = product('other', 'acme');

describe('product choice', () => {
  it('chooses for a user with one product, and for no one else', () => {
    expect(soleProduct([line1])).toBe(line1);
    expect(soleProduct([line1, line2])).toBeUndefined();
    expect(soleProduct([])).toBeUndefined();
  });

  it('starts the chooser on the last used product while it is allowed', () => {
    expect(defaultSelection([other, line1, line2], 'line2')).toEqual({ clientId: 'demo', productId: 'line2' });
  });

  it('starts a first choice (or one whose product is gone) on the first product listed, never empty', () => {
    expect(defaultSelection([other, line1, line2], undefined)).toEqual({ clientId: 'acme', productId: 'other' });
    expect(defaultSelection([line1, line2], 'gone')).toEqual({ clientId: 'demo', productId: 'line1' });
    expect(defaultSelection([], undefined)).toEqual({});
  });
});
