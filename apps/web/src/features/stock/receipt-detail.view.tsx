import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Flex, Form, Input, Modal, Table, Tabs } from 'antd';
import { RollbackOutlined } from '@ant-design/icons';
import { rebarReceiveReverseSchema, type RebarReceiveDetail, type StockLogItem } from '@armature/domain';
import { DIALOG_WIDTH, useFeedback } from '../../components/feedback.tsx';
import { usePageButtons } from '../../components/page-access.ts';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { fieldItems } from '../../components/resource/field-set.tsx';
import { DetailCard } from '../../components/detail-card.tsx';
import { Slot, useHasSlot } from '../../components/feature-slots.tsx';
import { useZodField } from '../../lib/form-rules.ts';
import { useLocale } from '../../lib/i18n.ts';
import { ledgerColumns, ledgerRowProps } from '../../components/stock-ledger/ledger-columns.tsx';
import { RECEIPT_GOODS, useReceiptFields } from './receipt-fields.tsx';
import { refreshStock, stockMutations, stockQueries } from './stock.queries.ts';
import { DeliveryLines } from './delivery-lines.tsx';
import { wholeNumbers } from '../../lib/number-format.ts';

/** Asks why a receipt is reversed, then reverses it (raw stock out; refused when the bars are gone). */
function ReverseDialog({ receipt, onClose }: { receipt: RebarReceiveDetail; onClose: () => void }) {
  const { t } = useTranslation('stock');
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const zodField = useZodField(rebarReceiveReverseSchema);
  const reverse = useMutation({
    ...stockMutations.reverse(receipt.id),
    onSuccess: async () => {
      notify.success(t('receipt.reversed', { code: receipt.code }));
      await refreshStock(queryClient);
      onClose();
    },
    meta: { form },
  });
  return (
    <Modal
      open
      className="armature-confirm"
      width={DIALOG_WIDTH}
      title={t('receipt.reverseTitle', { code: receipt.code })}
      okText={t('receipt.reverse')}
      okButtonProps={{ danger: true, loading: reverse.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{t('receipt.reverseExplain', { count: receipt.barCount })}</p>
      <Form form={form} layout="vertical" onFinish={(values) => reverse.mutate(values)}>
        <Form.Item {...zodField('reason')} label={t('fields.reverseReason')}>
          <Input.TextArea data-testid="reverse-reason" rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A receipt (`…/rebarReceive/detail/:id`): what came in, its status, the ledger rows it caused, the reversal. */
export default function ReceiptDetailView() {
  const { t } = useTranslation(['stock', 'quality']);
  const locale = useLocale();
  const { id } = useParams();
  const buttons = usePageButtons();
  const [reversing, setReversing] = useState(false);
  const detail = useQuery(stockQueries.receipt(id));
  const receipt = detail.data;
  const hasQuality = useHasSlot('receiptInspections');
  const fields = useReceiptFields();

  const ledger = receipt && (
    <Table<StockLogItem>
      data-testid="receipt-ledger"
      size="small"
      rowKey="id"
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={ledgerColumns({ kind: 'raw', locale, label: (field) => t(`fields.${field}`) })}
      dataSource={receipt.ledger}
      onRow={ledgerRowProps}
    />
  );

  return (
    <DetailCard
      title={receipt && t('receipt.detailTitle', { code: receipt.code })}
      buttons={
        <>
          {receipt && <Slot name="receiptActions" props={{ receipt }} />}
          {receipt?.status === 'received' && buttons.has('reverse') && (
            <Button data-testid="receipt-reverse" danger icon={<RollbackOutlined />} onClick={() => setReversing(true)}>
              {t('receipt.reverse')}
            </Button>
          )}
        </>
      }
      loading={detail.isLoading}
      failed={detail.isError}
    >
      {receipt && (
        <Flex vertical gap="middle">
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 2, xl: 3 }}
            items={fieldItems(fields, receipt, [
              'code',
              'status',
              ...(hasQuality ? (['qualityStatus'] as const) : []),
              ...(receipt.heldQuantity > 0
                ? [
                    {
                      key: 'heldQuantity',
                      label: t('quality:receipt.heldQuantity'),
                      children: <span data-testid="detail-held">{wholeNumbers(locale)(receipt.heldQuantity)}</span>,
                    },
                  ]
                : []),
              ...RECEIPT_GOODS,
              ...(receipt.weighedWeight === null ? [] : (['weighed'] as const)),
              ...(receipt.deliveryCode ? (['deliveryCode'] as const) : []),
              'operator',
              'creationTime',
              ...(receipt.status === 'reversed'
                ? [
                    {
                      key: 'reversedTime',
                      label: t('fields.reversedTime'),
                      children: receipt.reversedTime && formatDateTime(receipt.reversedTime),
                    },
                    { key: 'reverseReason', label: t('fields.reverseReason'), children: receipt.reverseReason },
                  ]
                : []),
              'remark',
            ])}
          />
          <Tabs
            data-testid="receipt-tabs"
            items={[
              { key: 'ledger', label: t('receipt.ledger'), children: ledger },
              ...(receipt.deliveryId
                ? [
                    {
                      key: 'delivery',
                      label: t('deliveryNote.lines'),
                      children: <DeliveryLines deliveryId={receipt.deliveryId} currentId={receipt.id} />,
                    },
                  ]
                : []),
              ...(hasQuality
                ? [
                    {
                      key: 'inspections',
                      label: t('quality:receipt.inspections'),
                      children: <Slot name="receiptInspections" props={{ receiptId: receipt.id }} />,
                    },
                    {
                      key: 'certificates',
                      label: t('quality:receipt.certificates.title'),
                      children: <Slot name="receiptCertificates" props={{ receipt }} />,
                    },
                  ]
                : []),
            ]}
          />
        </Flex>
      )}
      {reversing && receipt && <ReverseDialog receipt={receipt} onClose={() => setReversing(false)} />}
    </DetailCard>
  );
}
