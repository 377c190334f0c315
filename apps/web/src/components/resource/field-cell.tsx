import { Flex, Tag, Typography } from 'antd';
import type { FieldDef, PartListEntry } from '@armature/domain';
import { useLocale } from '../../lib/i18n.ts';
import { formatNumber } from '../../lib/number-format.ts';
import { fieldValue, formatFieldNumber, partListText } from './field-values.ts';

type FieldCellProps = { record: Record<string, unknown>; name: string; field: FieldDef; separator: string };

/** A field of a record as read-only content: a choice as a tag, numbers to their decimals, lists joined. */
export function FieldCell({ record, name, field, separator }: FieldCellProps) {
  const locale = useLocale();
  const value = fieldValue(record, name, field, locale, separator);
  if (value === null) return null;
  if (field.kind === 'enum') return <Tag>{value}</Tag>;
  if (typeof value === 'number') return formatFieldNumber(field, value, locale);
  const list = record[name];
  if (field.kind === 'intList' && Array.isArray(list))
    return list
      .map((item) => (typeof item === 'number' ? formatNumber(item, locale, 0) : String(item)))
      .join(separator);
  if (field.kind === 'partList' && Array.isArray(list))
    return (
      <Flex vertical>
        {(list as PartListEntry[]).map((entry) => (
          <span key={entry.id}>{partListText([entry], locale, separator)}</span>
        ))}
      </Flex>
    );
  if (field.kind === 'text' && field.multiline)
    return <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{value}</Typography.Text>;
  return value;
}
