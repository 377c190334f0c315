import { Input, InputNumber, Select } from 'antd';
import type { FieldDef } from '@armature/domain';
import { isRequired } from '@armature/domain';
import { useLocale } from '../../lib/i18n.ts';
import { numericKeysOnly } from './numeric-keys.ts';
import { PartListInput } from './part-list-input.tsx';
import { PlantDateInput } from './plant-date-input.tsx';
import { ReferenceSelect } from './reference-select.tsx';

/** What a Form.Item hands its control (value, onChange, id…), passed on to the widget. */
type Control = { value?: unknown; onChange?: (value: unknown) => void; id?: string };

type FieldInputProps = Control & {
  name: string;
  field: FieldDef;
  disabled?: boolean;
  /** The choices an enum offers here (a status's next steps); all of them without it. */
  choices?: readonly string[];
};

/** Text areas are 5 rows high everywhere. */
const TEXT_AREA_ROWS = 5;
const CODE_MAX_LENGTH = 32;

/**
 * The form widget of a field kind, carrying the test id `field-<name>` on the element a test types
 * into or clicks (the Select itself for choices).
 */
export function FieldInput({ name, field, disabled, choices, ...control }: FieldInputProps) {
  const locale = useLocale();
  // Typed loosely: each widget takes the value of its own kind, which the form holds for it.
  const common: object = { ...control, disabled, 'data-testid': `field-${name}` };
  switch (field.kind) {
    case 'code':
      return <Input {...common} maxLength={CODE_MAX_LENGTH} showCount autoComplete="off" />;
    case 'text':
      return field.multiline ? (
        <Input.TextArea {...common} rows={TEXT_AREA_ROWS} maxLength={field.max} showCount />
      ) : (
        <Input {...common} maxLength={field.max} showCount />
      );
    case 'telephone':
      return <Input {...common} inputMode="tel" autoComplete="off" />;
    case 'int':
    case 'decimal':
      // InputNumber clamps to min and max on blur and rounds to `precision`.
      return (
        <InputNumber
          {...common}
          min={field.min}
          max={field.max}
          precision={field.kind === 'decimal' ? field.scale : 0}
          suffix={field.unit}
          onKeyDown={numericKeysOnly({ decimals: field.kind === 'decimal', negative: field.min < 0 })}
          style={{ width: '100%' }}
        />
      );
    case 'enum':
      return (
        <Select
          {...common}
          allowClear={!isRequired(field) && field.default === undefined}
          options={Object.entries(field.options)
            .filter(([value]) => !choices || choices.includes(value))
            .map(([value, label]) => ({ value, label: label[locale] }))}
        />
      );
    case 'reference':
      return <ReferenceSelect {...common} to={field.to} allowClear={!isRequired(field)} />;
    case 'intList':
      // Typed numbers become tags on Enter (or a pasted `9000, 12000`); other keys are refused, and
      // the Form.Item's `normalize` (toIntList) drops anything that is still not a whole number.
      return (
        <Select
          {...common}
          mode="tags"
          open={false}
          suffixIcon={null}
          tokenSeparators={[',', ' ']}
          onInputKeyDown={numericKeysOnly({ decimals: false, negative: false })}
        />
      );
    case 'date':
      return <PlantDateInput {...common} allowClear={!isRequired(field)} />;
    case 'partList':
      return <PartListInput {...common} field={field} />;
  }
}
