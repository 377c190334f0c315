import { useTranslation } from 'react-i18next';
import type { RebarReceive } from '@armature/domain';
import { Slot } from '../../components/feature-slots.tsx';
import { defineFields, documentField } from '../../components/resource/field-set.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { wholeNumbers } from '../../lib/number-format.ts';
import { ReceiptStatusTag } from './receipt-status-tag.tsx';
import { formatKg } from './stock-format.ts';
import { WeightCheck } from './weight-check.tsx';

/** What came in, in the order the list's columns and the detail's items both show it. */
export const RECEIPT_GOODS = [
  'receiveDate',
  'spec',
  'supplier',
  'heatNo',
  'length',
  'bundles',
  'barCount',
  'weight',
] as const;

/**
 * A raw-material receipt's fields, for its list, its export and its detail. A field's key is the name
 * the list sorts by; the quality status shows only where the quality area fills its slot.
 */
export function useReceiptFields() {
  const { t } = useTranslation(['stock', 'quality']);
  const locale = useLocale();
  const whole = wholeNumbers(locale);
  return defineFields<RebarReceive>()({
    code: documentField.code<RebarReceive>(t('fields.code')),
    status: {
      title: t('fields.status'),
      dataIndex: 'status',
      render: (receipt) => <ReceiptStatusTag status={receipt.status} />,
      detail: (receipt) => (
        <span data-testid="detail-status">
          <ReceiptStatusTag status={receipt.status} />
        </span>
      ),
      exportValue: (receipt) => t(`receipt.status.${receipt.status}`),
    },
    qualityStatus: {
      title: t('quality:receipt.qualityStatus'),
      dataIndex: 'qualityStatus',
      render: (receipt) => (
        <span data-testid="cell-quality-status" data-status={receipt.qualityStatus}>
          <Slot name="receiptQualityStatus" props={{ status: receipt.qualityStatus }} />
        </span>
      ),
      detail: (receipt) => (
        <span data-testid="detail-quality-status" data-status={receipt.qualityStatus}>
          <Slot name="receiptQualityStatus" props={{ status: receipt.qualityStatus }} />
        </span>
      ),
      exportValue: (receipt) => t(`quality:qualityStatus.${receipt.qualityStatus}`),
    },
    receiveDate: { title: t('fields.receiveDate'), dataIndex: 'receiveDate', sortable: true },
    spec: { title: t('fields.spec'), dataIndex: 'rebarName' },
    supplier: { title: t('fields.supplier'), dataIndex: 'supplier', sortable: true },
    heatNo: { title: t('fields.heatNo'), dataIndex: 'heatNo', sortable: true },
    length: {
      title: t('fields.length'),
      dataIndex: 'length',
      sortable: true,
      column: { align: 'end' },
      render: (receipt) => whole(receipt.length),
      detail: (receipt) => `${whole(receipt.length)} mm`,
    },
    bundles: {
      title: t('fields.bundles'),
      dataIndex: 'bundles',
      column: { align: 'end' },
      render: (receipt) => whole(receipt.bundles),
    },
    barCount: {
      title: t('fields.barCount'),
      dataIndex: 'barCount',
      sortable: true,
      column: { align: 'end' },
      render: (receipt) => whole(receipt.barCount),
    },
    // Exported as the number of kilograms, as the stock lists' weights are.
    weight: {
      title: t('fields.weight'),
      dataIndex: 'weight',
      sortable: true,
      column: { align: 'end' },
      render: (receipt) => formatKg(receipt.weight, locale),
      detail: (receipt) => <span data-testid="detail-weight">{formatKg(receipt.weight, locale)}</span>,
    },
    weighed: {
      title: t('deliveryNote.weighed'),
      dataIndex: 'weighedWeight',
      render: (receipt) => <WeightCheck line={receipt} />,
      exportValue: (receipt) => receipt.weighedWeight ?? '',
    },
    deliveryCode: { title: t('deliveryNote.code'), dataIndex: 'deliveryCode' },
    operator: documentField.creator<RebarReceive>(t('fields.operator')),
    creationTime: documentField.creationTime<RebarReceive>(t('fields.creationTime')),
    remark: documentField.remark<RebarReceive>(t('fields.remark'), { ellipsis: true }),
  });
}
