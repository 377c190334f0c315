import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Drawer } from 'antd';
import { TruckOutlined } from '@ant-design/icons';
import { RECEIPT_QUALITY_STATUSES, RECEIPT_STATUSES, type RebarReceive } from '@armature/domain';
import { useHasSlot } from '../../components/feature-slots.tsx';
import type { ListColumn } from '../../components/resource/export-columns.ts';
import { fieldColumns } from '../../components/resource/field-set.tsx';
import { ListPage } from '../../components/resource/list-page.tsx';
import { useRecordActions } from '../../components/resource/record-actions.tsx';
import { usePagedList } from '../../components/resource/use-paged-list.ts';
import { DeliveryForm } from './delivery-form.tsx';
import { ReceiptForm } from './receipt-form.tsx';
import { RECEIPT_GOODS, useReceiptFields } from './receipt-fields.tsx';
import { stockLists } from './stock.queries.ts';
import { FORM_DRAWER_WIDTH } from './stock-format.ts';
import { ChoiceFilter, DayRangeFilter, SpecFilter, TextFilter } from '../../components/list-filters.tsx';

/**
 * Raw-material receipts: what each supplier delivered, newest first, with the filters a stock keeper
 * looks a delivery up by. "Receive" opens the form in a drawer (the page has no add route) and stays
 * on the list; "Receive a truck" opens a delivery note's form, whose lines each become a receipt
 * (listed with the note's code and their weighbridge check); a row opens the receipt with its ledger
 * rows and the reversal.
 */
export default function ReceiptListView() {
  const { t } = useTranslation(['stock', 'quality']);
  const hasQuality = useHasSlot('receiptQualityStatus');
  const list = usePagedList<RebarReceive>(stockLists.receipts);
  const actions = useRecordActions<RebarReceive>(undefined, (receipt) => receipt.code);
  const [receiving, setReceiving] = useState<'receipt' | 'delivery'>();
  const close = () => setReceiving(undefined);
  const fields = useReceiptFields();
  const text = (name: 'supplier' | 'heatNo') => (
    <TextFilter list={list} name={name} placeholder={t(`fields.${name}`)} />
  );

  // The weighbridge check and the note's code come after the key columns (status, creation time), which a
  // 1280 px screen shows whole.
  const columns: ListColumn<RebarReceive>[] = [
    ...fieldColumns(
      fields,
      [
        'code',
        ...RECEIPT_GOODS,
        'status',
        ...(hasQuality ? (['qualityStatus'] as const) : []),
        'operator',
        'creationTime',
        'weighed',
        'deliveryCode',
        'remark',
      ],
      list.sortable,
    ),
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
