import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Drawer } from 'antd';
import { TruckOutlined } from '@ant-design/icons';
import { RECEIPT_QUALITY_STATUSES, RECEIPT_STATUSES, type RebarReceive } from '@armature/domain';
import { Slot, useHasSlot } from '../../components/feature-slots.tsx';
import type { ListColumn } from '../../components/resource/export-columns.ts';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { ListPage } from '../../components/resource/list-page.tsx';
import { useRecordActions } from '../../components/resource/record-actions.tsx';
import { usePagedList } from '../../components/resource/use-paged-list.ts';
import { useLocale } from '../../lib/i18n.ts';
import { DeliveryForm } from './delivery-form.tsx';
import { ReceiptForm } from './receipt-form.tsx';
import { ReceiptStatusTag } from './receipt-status-tag.tsx';
import { RECEIPTS, stockLists } from './stock.queries.ts';
import { FORM_DRAWER_WIDTH } from './stock-format.ts';
import { ChoiceFilter, DayRangeFilter, SpecFilter, TextFilter } from '../../components/list-filters.tsx';
import { weightColumn } from './weight-column.tsx';
import { WeightCheck } from './weight-check.tsx';
import { wholeNumbers } from '../../lib/number-format.ts';

/**
 * Raw-material receipts: what each supplier delivered, newest first, with the filters a stock keeper
 * looks a delivery up by. "Receive" opens the form in a drawer (the page has no add route) and stays
 * on the list; "Receive a truck" opens a delivery note's form, whose lines each become a receipt
 * (listed with the note's code and their weighbridge check); a row opens the receipt with its ledger
 * rows and the reversal.
 */
export default function ReceiptListView() {
  const { t } = useTranslation(['stock', 'quality']);
  const locale = useLocale();
  const hasQuality = useHasSlot('receiptQualityStatus');
  const list = usePagedList<RebarReceive>(stockLists.receipts);
  const actions = useRecordActions<RebarReceive>(RECEIPTS, (receipt) => receipt.code);
  const [receiving, setReceiving] = useState<'receipt' | 'delivery'>();
  const close = () => setReceiving(undefined);
  const status = (receipt: RebarReceive) => t(`receipt.status.${receipt.status}`);
  const text = (name: 'supplier' | 'heatNo') => (
    <TextFilter list={list} name={name} placeholder={t(`fields.${name}`)} />
  );

  const columns: ListColumn<RebarReceive>[] = [
    { title: t('fields.code'), dataIndex: 'code', fixed: 'start', ...list.sortable('code') },
    { title: t('fields.receiveDate'), dataIndex: 'receiveDate', ...list.sortable('receiveDate') },
    { title: t('fields.spec'), dataIndex: 'rebarName' },
    { title: t('fields.supplier'), dataIndex: 'supplier', ...list.sortable('supplier') },
    { title: t('fields.heatNo'), dataIndex: 'heatNo', ...list.sortable('heatNo') },
    {
      title: t('fields.length'),
      dataIndex: 'length',
      align: 'end',
      render: wholeNumbers(locale),
      ...list.sortable('length'),
    },
    { title: t('fields.bundles'), dataIndex: 'bundles', align: 'end', render: wholeNumbers(locale) },
    {
      title: t('fields.barCount'),
      dataIndex: 'barCount',
      align: 'end',
      render: wholeNumbers(locale),
      ...list.sortable('barCount'),
    },
    weightColumn(t('fields.weight'), locale, list.sortable('weight')),
    {
      title: t('fields.status'),
      dataIndex: 'status',
      render: (_value, receipt) => <ReceiptStatusTag status={receipt.status} />,
      exportValue: status,
    },
    ...(hasQuality
      ? [
          {
            title: t('quality:receipt.qualityStatus'),
            dataIndex: 'qualityStatus',
            render: (_value: unknown, receipt: RebarReceive) => (
              <span data-testid="cell-quality-status" data-status={receipt.qualityStatus}>
                <Slot name="receiptQualityStatus" props={{ status: receipt.qualityStatus }} />
              </span>
            ),
            exportValue: (receipt: RebarReceive) => t(`quality:qualityStatus.${receipt.qualityStatus}`),
          },
        ]
      : []),
    { title: t('fields.operator'), dataIndex: 'creatorName' },
    {
      title: t('fields.creationTime'),
      dataIndex: 'creationTime',
      ...list.sortable('creationTime'),
      render: formatDateTime,
      exportValue: (receipt) => formatDateTime(receipt.creationTime),
    },
    // After the key columns (status, creation time), which a 1280 px screen shows whole.
    {
      title: t('deliveryNote.weighed'),
      dataIndex: 'weighedWeight',
      render: (_value, receipt) => <WeightCheck line={receipt} />,
      exportValue: (receipt) => receipt.weighedWeight ?? '',
    },
    { title: t('deliveryNote.code'), dataIndex: 'deliveryCode' },
    { title: t('fields.remark'), dataIndex: 'remark', ellipsis: true },
    actions.column((receipt) => [actions.view(receipt)]),
  ];

  return (
    <>
      <ListPage<RebarReceive>
        title={t('titles.receipts')}
        list={list}
        columns={columns}
        searchPlaceholder={t('receipt.searchIn')}
        filters={
          <>
            <DayRangeFilter list={list} name="receiveDate" />
            <SpecFilter list={list} placeholder={t('fields.spec')} />
            {text('supplier')}
            {text('heatNo')}
            <ChoiceFilter
              list={list}
              name="status"
              placeholder={t('fields.status')}
              values={RECEIPT_STATUSES}
              labelOf={(value) => t(`receipt.status.${value}`)}
            />
            {hasQuality && (
              <ChoiceFilter
                list={list}
                name="qualityStatus"
                placeholder={t('quality:receipt.qualityStatus')}
                values={RECEIPT_QUALITY_STATUSES}
                labelOf={(value) => t(`quality:qualityStatus.${value}`)}
              />
            )}
          </>
        }
        canExport={actions.buttons.has('export')}
        tools={
          actions.buttons.has('add') && (
            <Button data-testid="receive-delivery" icon={<TruckOutlined />} onClick={() => setReceiving('delivery')}>
              {t('deliveryNote.add')}
            </Button>
          )
        }
        onAdd={actions.buttons.has('add') ? () => setReceiving('receipt') : undefined}
        addLabel={t('receipt.add')}
        onRow={actions.rowProps}
      />
      <Drawer
        title={t(receiving === 'delivery' ? 'deliveryNote.add' : 'receipt.add')}
        open={receiving !== undefined}
        size={FORM_DRAWER_WIDTH}
        destroyOnHidden
        onClose={close}
      >
        {receiving === 'delivery' ? (
          <DeliveryForm onDone={close} onCancel={close} />
        ) : (
          <ReceiptForm onDone={close} onCancel={close} />
        )}
      </Drawer>
    </>
  );
}
