import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal } from 'antd';
import {
  RELOCATE_ENDPOINTS,
  stockLocationResource,
  stockRelocateInputSchema,
  type StockItem,
  type StockRelocateInput,
} from '@armature/domain';
import { DIALOG_WIDTH, useFeedback } from '../../components/feedback.tsx';
import { numericKeysOnly } from '../../components/resource/numeric-keys.ts';
import { ReferenceSelect } from '../../components/resource/reference-select.tsx';
import { api } from '../../lib/api-client.ts';
import { useZodField } from '../../lib/form-rules.ts';
import { idempotencyKeys, keyedBy } from '../../lib/idempotency-keys.ts';
import { useLocale } from '../../lib/i18n.ts';
import { formatNumber } from '../../lib/number-format.ts';
import { refreshStock } from './stock.queries.ts';
import { stockRowLabel } from './stock-format.ts';

type RelocateValues = { locationId?: string | null; quantity?: number; remark?: string };

/**
 * Carries bars of one balance row (raw or offcut) to another rack or bin (`POST /stock/{kind}/{id}/relocate`):
 * the server books it as two `transfer` ledger rows under one `MV…` code. Every bar of the row by default.
 */
export function RelocateDialog({ row, onClose }: { row: StockItem & { kind: 'raw' | 'tail' }; onClose: () => void }) {
  const { t } = useTranslation('stock');
  const locale = useLocale();
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RelocateValues>();
  const zodField = useZodField(stockRelocateInputSchema);
  const keyFor = useMemo(() => idempotencyKeys(), []);
  const relocate = useMutation({
    mutationFn: (body: StockRelocateInput) =>
      api.call(RELOCATE_ENDPOINTS[row.kind], { params: { id: row.id }, body, ...keyedBy(keyFor, body) }),
    onSuccess: async (result) => {
      notify.success(t('location.done', { code: result.sourceCode }));
      await refreshStock(queryClient);
      onClose();
    },
    meta: { form },
  });
  const submit = (values: RelocateValues) =>
    relocate.mutate({
      locationId: values.locationId ?? null,
      quantity: values.quantity ?? 0,
      remark: values.remark?.trim() || null,
    });

  return (
    <Modal
      open
      width={DIALOG_WIDTH}
      title={t('location.title', { stock: stockRowLabel(row) })}
      okText={t('location.relocate')}
      okButtonProps={{ loading: relocate.isPending, 'data-testid': 'relocate-submit' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<RelocateValues> form={form} layout="vertical" initialValues={{ quantity: row.available }} onFinish={submit}>
        <Form.Item {...zodField('locationId')} label={t('location.to')}>
          <ReferenceSelect
            to={stockLocationResource.name}
            data-testid="relocate-location"
            allowClear
            placeholder={t('location.unplaced')}
          />
        </Form.Item>
        <Form.Item
          {...zodField('quantity')}
          label={t('fields.quantity')}
          extra={t('location.onHand', { quantity: formatNumber(row.quantity, locale, 0) })}
        >
          <InputNumber<number>
            data-testid="relocate-quantity"
            min={1}
            max={row.quantity}
            precision={0}
            onKeyDown={numericKeysOnly({ decimals: false, negative: false })}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item {...zodField('remark')} label={t('fields.remark')}>
          <Input.TextArea data-testid="relocate-remark" rows={2} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
