import { useTranslation } from 'react-i18next';
import { Button, Flex, InputNumber } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { PartListEntry, PartListField } from '@armature/domain';
import { numericKeysOnly } from './numeric-keys.ts';
import { ReferenceSelect } from './reference-select.tsx';

type Entry = Omit<Partial<PartListEntry>, 'quantity'> & { quantity?: number | null };

type PartListInputProps = {
  field: PartListField;
  value?: unknown;
  onChange?: (value: Entry[]) => void;
  disabled?: boolean;
  id?: string;
  'data-testid'?: string;
};

const QUANTITY_WIDTH = 120;

/**
 * A part list's rows: a record of `field.to` (searchable) and its quantity each, added and removed
 * one by one. The form's zod rule (the server's) refuses a row without a record, a quantity of zero and
 * a record twice; the server also checks the records exist.
 */
export function PartListInput({ field, value, onChange, disabled, id, ...rest }: PartListInputProps) {
  const { t } = useTranslation('resource');
  const testId = rest['data-testid'];
  const entries: Entry[] = Array.isArray(value) ? (value as Entry[]) : [];
  const change = (index: number, patch: Entry) =>
    onChange?.(entries.map((entry, each) => (each === index ? { ...entry, ...patch } : entry)));

  return (
    <Flex vertical gap="small" id={id} data-testid={testId}>
      {entries.map((entry, index) => (
        // Rows have no identity of their own until a record is chosen; their position is their key.
        <Flex key={index} gap="small" align="center" data-testid={`${testId}-row`}>
          <ReferenceSelect
            to={field.to}
            value={entry.id ?? undefined}
            disabled={disabled}
            placeholder={t('partList.record')}
            onChange={(recordId) => change(index, { id: recordId, name: null })}
            style={{ flex: 1, minWidth: 0 }}
            data-testid={`${testId}-${index}-id`}
          />
          <InputNumber<number>
            value={entry.quantity ?? null}
            min={0}
            max={field.maxQuantity}
            precision={field.scale}
            disabled={disabled}
            placeholder={t('partList.quantity')}
            aria-label={t('partList.quantity')}
            onKeyDown={numericKeysOnly({ decimals: field.scale > 0, negative: false })}
            onChange={(quantity) => change(index, { quantity })}
            style={{ width: QUANTITY_WIDTH }}
            data-testid={`${testId}-${index}-quantity`}
          />
          <Button
            icon={<DeleteOutlined />}
            disabled={disabled}
            aria-label={t('partList.remove')}
            onClick={() => onChange?.(entries.filter((_entry, each) => each !== index))}
            data-testid={`${testId}-${index}-remove`}
          />
        </Flex>
      ))}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        disabled={disabled || entries.length >= field.maxItems}
        onClick={() => onChange?.([...entries, { quantity: 1 }])}
        data-testid={`${testId}-add`}
      >
        {t('partList.add')}
      </Button>
    </Flex>
  );
}
