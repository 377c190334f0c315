import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Statistic } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  MAX_BAR_LENGTH,
  gramsToKg,
  rebarReceiveInputSchema,
  specUnitWeight,
  weightGrams,
  type RebarReceiveInput,
} from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { FormBody } from '../../components/resource/form-page.tsx';
import { ReferenceSelect } from '../../components/resource/reference-select.tsx';
import { useZodField } from '../../lib/form-rules.ts';
import { useLocale } from '../../lib/i18n.ts';
import { ReceivedBarsItems } from './received-bars-items.tsx';
import { WeighedInput } from './weight-check.tsx';
import { LengthInput } from './length-input.tsx';
import { refreshStock, stockMutations, stockQueries } from './stock.queries.ts';
import { formatKg } from './stock-format.ts';
import { idempotencyKeys } from '../../lib/idempotency-keys.ts';

type ReceiptValues = Omit<Partial<RebarReceiveInput>, 'receiveDate'> & { receiveDate?: Dayjs };

const WIDE = { gridColumn: '1 / -1' };

/**
 * Records bars received from a supplier (`POST /rebarReceive`, which also books them into raw stock).
 * The weight shown is a preview with the same rule as the server, which computes the one it keeps.
 */
export function ReceiptForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('stock');
  const locale = useLocale();
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ReceiptValues>();
  const zodField = useZodField(rebarReceiveInputSchema);
  const specs = useQuery(stockQueries.rebarSpecs());
  const keyFor = useMemo(() => idempotencyKeys(), []);
  const rebarId = Form.useWatch('rebarId', form);
  const length = Form.useWatch('length', form);
  const barCount = Form.useWatch('barCount', form);
  const spec = specs.data?.find((item) => item.id === rebarId);
  const preview =
    spec && length && barCount ? gramsToKg(weightGrams(length, barCount, specUnitWeight(spec))) : undefined;

  const save = useMutation({
    ...stockMutations.receive(keyFor),
    onSuccess: async (receipt) => {
      notify.success(t('receipt.done', { code: receipt.code }));
      await refreshStock(queryClient);
      onDone();
    },
    meta: { form },
  });

  return (
    <FormBody<ReceiptValues>
      form={form}
      saving={save.isPending}
      initialValues={{ receiveDate: dayjs() }}
      onFinish={(values) =>
        save.mutate({
          ...values,
          receiveDate: values.receiveDate?.format('YYYY-MM-DD'),
          remark: values.remark?.trim() || null,
        } as RebarReceiveInput)
      }
      onCancel={onCancel}
    >
      <Form.Item {...zodField('rebarId')} label={t('fields.spec')}>
        <ReferenceSelect to="rebar" data-testid="field-rebarId" />
      </Form.Item>
      <ReceivedBarsItems
        zodField={zodField}
        length={
          <Form.Item {...zodField('length')} label={t('fields.length')}>
            <LengthInput data-testid="field-length" max={MAX_BAR_LENGTH} lengths={spec?.stockLengths ?? []} />
          </Form.Item>
        }
      />
      <Form.Item {...zodField('weighedWeight')} label={t('deliveryNote.weighed')}>
        <WeighedInput data-testid="field-weighedWeight" />
      </Form.Item>
      {/* Where the bars are put away; left empty they stay 未上架 until a keeper moves them. */}
      <Form.Item {...zodField('locationId')} label={t('fields.location')}>
        <ReferenceSelect to="stockLocation" data-testid="field-locationId" allowClear />
      </Form.Item>
      <Form.Item label={t('receipt.weightPreview')} tooltip={t('receipt.weightPreviewHint')}>
        <Statistic
          data-testid="weight-preview"
          value={preview === undefined ? '—' : formatKg(preview, locale)}
          suffix={preview === undefined ? undefined : 'kg'}
        />
      </Form.Item>
      <Form.Item {...zodField('remark')} label={t('fields.remark')} style={WIDE}>
        <Input.TextArea data-testid="field-remark" rows={3} maxLength={500} showCount />
      </Form.Item>
    </FormBody>
  );
}
