import { AutoComplete, Input } from 'antd';
import { numericKeysOnly } from '../../components/resource/numeric-keys.ts';
import { lengthValue } from './stock-format.ts';

type LengthInputProps = {
  value?: number;
  onChange?: (value: number | undefined) => void;
  id?: string;
  disabled?: boolean;
  /** The spec's stock lengths, offered as choices; any other length may be typed. */
  lengths: readonly number[];
  max: number;
  'data-testid'?: string;
};

/** A bar length in mm: pick one of the spec's stock lengths or type another (digits only, clamped). */
export function LengthInput({ value, onChange, id, disabled, lengths, max, ...rest }: LengthInputProps) {
  return (
    <AutoComplete
      value={value === undefined ? '' : String(value)}
      options={lengths.map((length) => ({ value: String(length) }))}
      onChange={(text: string) => onChange?.(lengthValue(text, max))}
      disabled={disabled}
    >
      <Input
        id={id}
        data-testid={rest['data-testid']}
        inputMode="numeric"
        suffix="mm"
        autoComplete="off"
        onKeyDown={numericKeysOnly({ decimals: false, negative: false })}
      />
    </AutoComplete>
  );
}
