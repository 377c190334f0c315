import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Input } from 'antd';
import { MAX_MOVE_QUANTITY } from '@armature/domain';
import type { ZodFieldProps } from '../../lib/form-rules.ts';
import { CountInput } from './count-input.tsx';
import { ReceiveDateItem } from './receive-date-item.tsx';

type ReceivedBarsField = 'supplier' | 'heatNo' | 'bundles' | 'barCount';

/**
 * What any receipt of bars from a supplier asks, whether booked straight into raw stock or held for a purchase
 * list's plan: the supplier, the heat, the bar length where the form does not know it already, bundles and bars,
 * and the day they came in. Both write the same receipt, so their fields keep the same ids, limits and rules.
 */
export function ReceivedBarsItems({
  zodField,
  length,
}: {
  zodField: (field: ReceivedBarsField) => ZodFieldProps;
  /** The length item, between the heat and the counts. */
  length?: ReactNode;
}) {
  const { t } = useTranslation('stock');
  const count = (name: 'bundles' | 'barCount', max: number) => (
    <Form.Item {...zodField(name)} label={t(`fields.${name}`)}>
      <CountInput data-testid={`field-${name}`} max={max} />
    </Form.Item>
  );
  return (
    <>
      <Form.Item {...zodField('supplier')} label={t('fields.supplier')}>
        <Input data-testid="field-supplier" maxLength={100} />
      </Form.Item>
      <Form.Item {...zodField('heatNo')} label={t('fields.heatNo')}>
        <Input data-testid="field-heatNo" maxLength={50} autoComplete="off" />
      </Form.Item>
      {length}
      {count('bundles', 10_000)}
      {count('barCount', MAX_MOVE_QUANTITY)}
      <ReceiveDateItem />
    </>
  );
}
