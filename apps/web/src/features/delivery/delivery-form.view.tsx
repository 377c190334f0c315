import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Card, Form, Input } from 'antd';
import { deliveryNoteInputSchema, type DeliveryNoteInput } from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { FormBody } from '../../components/resource/form-page.tsx';
import { useListPath } from '../../components/resource/use-record-form.ts';
import { useZodField } from '../../lib/form-rules.ts';
import { idempotencyKeys } from '../../lib/idempotency-keys.ts';
import { BundlePicker } from './bundle-picker.tsx';
import { deliveryMutations, refreshDeliveries } from './delivery.queries.ts';
import { useNavigateFromHere } from '../../lib/navigate-from-here.ts';

const WIDE = { gridColumn: '1 / -1' };

/**
 * `…/delivery/add`: where the bundles go (site, vehicle, receiver) and which (scanned or ticked); saving
 * moves them out of finished stock and opens the new note.
 */
export default function DeliveryFormView() {
  const { t } = useTranslation('delivery');
  const navigate = useNavigateFromHere();
  const listPath = useListPath();
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<DeliveryNoteInput>();
  const zodField = useZodField(deliveryNoteInputSchema);
  const [keyFor] = useState(() => idempotencyKeys());
  const record = useMutation({
    ...deliveryMutations.record(keyFor),
    onSuccess: (note) => {
      notify.success(t('recorded', { code: note.code, count: note.bundleCount }));
      void refreshDeliveries(queryClient);
      navigate(`${listPath.split('?')[0]}/detail/${note.id}`, { state: { back: listPath } });
    },
    meta: { form },
  });

  return (
    <Card title={t('titles.add')}>
      <FormBody<DeliveryNoteInput>
        form={form}
        saving={record.isPending}
        initialValues={{ bundleScanIds: [] }}
        onFinish={(values) =>
          record.mutate({
            ...values,
            vehicle: values.vehicle || null,
            receiver: values.receiver || null,
            remark: values.remark || null,
          })
        }
        onCancel={() => navigate(listPath)}
      >
        <Form.Item {...zodField('site')} label={t('fields.site')}>
          <Input data-testid="field-site" maxLength={200} />
        </Form.Item>
        <Form.Item {...zodField('vehicle')} label={t('fields.vehicle')}>
          <Input data-testid="field-vehicle" maxLength={50} />
        </Form.Item>
        <Form.Item {...zodField('receiver')} label={t('fields.receiver')}>
          <Input data-testid="field-receiver" maxLength={100} />
        </Form.Item>
        <Form.Item {...zodField('remark')} label={t('fields.remark')} style={WIDE}>
          <Input.TextArea data-testid="field-remark" rows={2} maxLength={500} />
        </Form.Item>
        <Form.Item {...zodField('bundleScanIds')} label={t('fields.bundles')} style={WIDE}>
          <BundlePicker />
        </Form.Item>
      </FormBody>
    </Card>
  );
}
