import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  PURCHASE_LIST_ENDPOINTS,
  purchaseReceiveInputSchema,
  type PurchaseList,
  type PurchaseReceiveInput,
} from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { FormBody } from '../../components/resource/form-page.tsx';
import { ReferenceSelect } from '../../components/resource/reference-select.tsx';
import { api } from '../../lib/api-client.ts';
import { useZodField } from '../../lib/form-rules.ts';
import { idempotencyKeys, keyedBy } from '../../lib/idempotency-keys.ts';
import { refreshStock } from './stock.queries.ts';
import { ReceivedBarsItems } from './received-bars-items.tsx';

type Values = Omit<Partial<PurchaseReceiveInput>, 'receiveDate'> & { receiveDate?: Dayjs };

/** Bars of a purchase list's line delivered (`POST /purchaseList/{id}/receive`): a receipt held for the list's plan. */
export function PurchaseReceiveForm({ list, onDone }: { list: PurchaseList; onDone: () => void }) {
  const { t } = useTranslation('stock');
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const zodField = useZodField(purchaseReceiveInputSchema);
  const keyFor = useMemo(() => idempotencyKeys(), []);
  const open = list.lines.filter((line) => line.receivedBars < line.bars);
  const first = open[0] ?? list.lines[0];
  const save = useMutation({
    mutationFn: (body: PurchaseReceiveInput) =>
      api.call(PURCHASE_LIST_ENDPOINTS.receive, { params: { id: list.id }, body, ...keyedBy(keyFor, body) }),
    onSuccess: async (saved) => {
      notify.success(t('purchase.received', { code: saved.code }));
      await refreshStock(queryClient);
      onDone();
    },
    meta: { form },
  });
  return (
    <FormBody<Values>
      form={form}
      saving={save.isPending}
      initialValues={{
        lineId: first?.id,
        receiveDate: dayjs(),
        bundles: 1,
        barCount: first ? Math.max(1, first.bars - first.receivedBars) : undefined,
      }}
      onFinish={(values) =>
        save.mutate({
          ...values,
          receiveDate: values.receiveDate?.format('YYYY-MM-DD'),
          locationId: values.locationId ?? null,
          remark: values.remark?.trim() || null,
        } as PurchaseReceiveInput)
      }
      onCancel={onDone}
    >
      <Form.Item {...zodField('lineId')} label={t('purchase.line')}>
        <Select
          data-testid="field-lineId"
          options={list.lines.map((line) => ({
            value: line.id,
            label: `${line.rebarName} ${line.length}mm · ${line.receivedBars}/${line.bars}`,
          }))}
        />
      </Form.Item>
      <ReceivedBarsItems zodField={zodField} />
      <Form.Item {...zodField('locationId')} label={t('fields.location')}>
        <ReferenceSelect to="stockLocation" data-testid="field-locationId" allowClear />
      </Form.Item>
      <Form.Item {...zodField('remark')} label={t('fields.remark')}>
        <Input.TextArea data-testid="field-remark" rows={2} maxLength={500} />
      </Form.Item>
    </FormBody>
  );
}
