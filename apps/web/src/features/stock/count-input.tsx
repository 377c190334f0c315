import type { Ref } from 'react';
import { InputNumber, type GetRef, type InputNumberProps } from 'antd';
import { numericKeysOnly } from '../../components/resource/numeric-keys.ts';

/** The input a count field's `ref` reaches. */
export type CountInputRef = GetRef<typeof InputNumber>;

/**
 * A whole count of bundles or bars a receipt takes: from 1, digits only (a form item gives value and
 * max). `ref` reaches the input (the stock-take focuses the count of a scanned lot).
 */
export function CountInput({ ref, ...props }: InputNumberProps<number> & { ref?: Ref<CountInputRef> }) {
  return (
    <InputNumber<number>
      ref={ref}
      min={1}
      precision={0}
      onKeyDown={numericKeysOnly({ decimals: false, negative: false })}
      style={{ width: '100%' }}
      {...props}
    />
  );
}
