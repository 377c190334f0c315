import { InputNumber, type InputNumberProps } from 'antd';
import { numericKeysOnly } from '../../components/resource/numeric-keys.ts';

/** A whole count of bundles or bars a receipt takes: from 1, digits only (a form item gives value and max). */
export function CountInput(props: InputNumberProps<number>) {
  return (
    <InputNumber<number>
      min={1}
      precision={0}
      onKeyDown={numericKeysOnly({ decimals: false, negative: false })}
      style={{ width: '100%' }}
      {...props}
    />
  );
}
