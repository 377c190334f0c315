import { useTranslation } from 'react-i18next';
import { InputNumber, Tag, Tooltip, type InputNumberProps } from 'antd';
import { MAX_WEIGHED_KG, type RebarReceive } from '@armature/domain';
import { numericKeysOnly } from '../../components/resource/numeric-keys.ts';
import { formatKg, formatPercent } from '../../lib/number-format.ts';
import { useLocale } from '../../lib/i18n.ts';

type Weighed = Pick<RebarReceive, 'weighedWeight' | 'weightDeviation' | 'weightTolerance' | 'weightOutOfTolerance'>;

/**
 * A receipt line's weighbridge reading against its theoretical weight: the kg and the deviation,
 * red beyond GB/T 1499.2's tolerance for the diameter (the tooltip names it). Empty when not weighed.
 */
export function WeightCheck({ line }: { line: Weighed }) {
  const { t } = useTranslation('stock');
  const locale = useLocale();
  if (line.weighedWeight === null || line.weightDeviation === null) return null;
  const tolerance =
    line.weightTolerance === null
      ? t('deliveryNote.noTolerance')
      : t('deliveryNote.tolerance', { tolerance: formatPercent(line.weightTolerance, locale) });
  return (
    <span data-testid="weight-check" data-out={line.weightOutOfTolerance}>
      {formatKg(line.weighedWeight, locale)}{' '}
      <Tooltip title={tolerance}>
        <Tag color={line.weightOutOfTolerance ? 'error' : 'success'}>
          {formatPercent(line.weightDeviation, locale, true)}
          {line.weightOutOfTolerance && ` · ${t('deliveryNote.outOfTolerance')}`}
        </Tag>
      </Tooltip>
    </span>
  );
}

/** A weighbridge reading in kg (grams at most; a form item gives value and onChange). */
export function WeighedInput(props: InputNumberProps<number>) {
  return (
    <InputNumber<number>
      min={0.001}
      max={MAX_WEIGHED_KG}
      precision={3}
      suffix="kg"
      onKeyDown={numericKeysOnly({ decimals: true, negative: false })}
      style={{ width: '100%' }}
      {...props}
    />
  );
}
