import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import {
  MAX_BAR_LENGTH,
  MAX_DELIVERY_LINES,
  MAX_MOVE_QUANTITY,
  gramsToKg,
  rebarDeliveryInputSchema,
  rebarDeliveryLineInputSchema,
  specUnitWeight,
  weightCheck,
  weightGrams,
  type RebarDeliveryInput,
  type RebarDeliveryLineInput,
} from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { FormBody } from '../../components/resource/form-page.tsx';
import { ReferenceSelect } from '../../components/resource/reference-select.tsx';
import { useZodField } from '../../lib/form-rules.ts';
import { idempotencyKeys } from '../../lib/idempotency-keys.ts';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg } from '../../lib/number-format.ts';
import { CountInput } from './count-input.tsx';
import { LengthInput } from './length-input.tsx';
import { ReceiveDateItem } from './receive-date-item.tsx';
import { refreshStock, stockMutations, stockQueries, type RebarSpec } from './stock.queries.ts';
import { WeighedInput, WeightCheck } from './weight-check.tsx';

type Line = Partial<RebarDeliveryLineInput>;
type DeliveryValues = Omit<Partial<RebarDeliveryInput>, 'receiveDate' | 'lines'> & {
  receiveDate?: Dayjs;
  lines?: Line[];
};

const WIDE = { gridColumn: '1 / -1' };

/** The line's theoretical weight and its weighbridge check, as the server will compute them. */
function LinePreview({ line, spec }: { line: Line | undefined; spec: RebarSpec | undefined }) {
  const { t } = useTranslation('stock');
  const locale = useLocale();
  if (!spec || !line?.length || !line.barCount) return null;
  const grams = weightGrams(line.length, line.barCount, specUnitWeight(spec));
  const weighed = line.weighedWeight ? Math.round(line.weighedWeight * 1000) : null;
  const check = weightCheck(grams, weighed, spec.diameter);
  return (
    <Flex gap={8} wrap align="center" data-testid="line-preview" style={WIDE}>
      <Typography.Text type="secondary">
        {t('receipt.weightPreview')}: {formatKg(gramsToKg(grams), locale)} kg
      </Typography.Text>
      {check && (
        <WeightCheck
          line={{
            weighedWeight: line.weighedWeight ?? null,
            weightDeviation: check.deviation,
            weightTolerance: check.tolerance,
            weightOutOfTolerance: check.outOfTolerance,
          }}
        />
      )}
    </Flex>
  );
}

/**
 * A truck's delivery note (`POST /rebarDelivery`): supplier, the mill's note number and the day, then
 * a line per spec, length and heat with its bundles, bars and weighbridge kg. Each line shows its
 * theoretical weight and, once weighed, the deviation against GB/T 1499.2's tolerance before saving.
 * Saved, every line is a receipt of its own (inspected, held and certified per heat).
 */
export function DeliveryForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('stock');
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<DeliveryValues>();
  const field = useZodField(rebarDeliveryInputSchema);
  const lineField = useZodField(rebarDeliveryLineInputSchema);
  const specs = useQuery(stockQueries.rebarSpecs());
  const keyFor = useMemo(() => idempotencyKeys(), []);
  const lines = Form.useWatch('lines', form);

  const save = useMutation({
    ...stockMutations.receiveDelivery(keyFor),
    onSuccess: async (delivery) => {
      notify.success(t('deliveryNote.done', { code: delivery.code, count: delivery.lineCount }));
      await refreshStock(queryClient);
      onDone();
    },
    meta: { form },
  });

  return (
    <FormBody<DeliveryValues>
      form={form}
      saving={save.isPending}
      initialValues={{ receiveDate: dayjs(), lines: [{}] }}
      onFinish={(values) =>
        save.mutate({
          ...values,
          receiveDate: values.receiveDate?.format('YYYY-MM-DD'),
          deliveryNoteNo: values.deliveryNoteNo?.trim() || null,
          remark: values.remark?.trim() || null,
        } as RebarDeliveryInput)
      }
      onCancel={onCancel}
    >
      <Form.Item {...field('supplier')} label={t('fields.supplier')}>
        <Input data-testid="field-supplier" maxLength={100} />
      </Form.Item>
      <Form.Item {...field('deliveryNoteNo')} label={t('deliveryNote.noteNo')}>
        <Input data-testid="field-deliveryNoteNo" maxLength={50} autoComplete="off" />
      </Form.Item>
      <ReceiveDateItem />
      <Form.List name="lines">
        {(rows, { add, remove }) => (
          <Flex vertical gap={12} style={WIDE}>
            {rows.map((row, index) => {
              const line = lines?.[row.name];
              const spec = specs.data?.find((item) => item.id === line?.rebarId);
              const item = (name: keyof RebarDeliveryLineInput) => ({
                ...lineField(name),
                name: [row.name, name],
                label: t(
                  name === 'rebarId'
                    ? 'fields.spec'
                    : name === 'weighedWeight'
                      ? 'deliveryNote.weighed'
                      : name === 'locationId'
                        ? 'fields.location'
                        : `fields.${name}`,
                ),
              });
              return (
                <Card
                  key={row.key}
                  size="small"
                  data-testid={`line-${index}`}
                  title={t('deliveryNote.line', { number: index + 1 })}
                  extra={
                    rows.length > 1 && (
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('deliveryNote.removeLine')}
                        data-testid={`line-${index}-remove`}
                        onClick={() => remove(row.name)}
                      />
                    )
                  }
                >
                  <div
                    style={{
                      display: 'grid',
                      gridTemplateColumns: 'repeat(auto-fill, minmax(min(200px, 100%), 1fr))',
                      columnGap: 12,
                    }}
                  >
                    <Form.Item {...item('rebarId')}>
                      <ReferenceSelect to="rebar" data-testid={`line-${index}-rebarId`} />
                    </Form.Item>
                    <Form.Item {...item('heatNo')}>
                      <Input data-testid={`line-${index}-heatNo`} maxLength={50} autoComplete="off" />
                    </Form.Item>
                    <Form.Item {...item('length')}>
                      <LengthInput
                        data-testid={`line-${index}-length`}
                        max={MAX_BAR_LENGTH}
                        lengths={spec?.stockLengths ?? []}
                      />
                    </Form.Item>
                    <Form.Item {...item('bundles')}>
                      <CountInput data-testid={`line-${index}-bundles`} max={10_000} />
                    </Form.Item>
                    <Form.Item {...item('barCount')}>
                      <CountInput data-testid={`line-${index}-barCount`} max={MAX_MOVE_QUANTITY} />
                    </Form.Item>
                    <Form.Item {...item('weighedWeight')}>
                      <WeighedInput data-testid={`line-${index}-weighedWeight`} />
                    </Form.Item>
                    {/* Each line is put away where it is unloaded (empty: not put away yet). */}
                    <Form.Item {...item('locationId')}>
                      <ReferenceSelect to="stockLocation" data-testid={`line-${index}-locationId`} allowClear />
                    </Form.Item>
                    <LinePreview line={line} spec={spec} />
                  </div>
                </Card>
              );
            })}
            {rows.length < MAX_DELIVERY_LINES && (
              <Button data-testid="line-add" icon={<PlusOutlined />} onClick={() => add({})}>
                {t('deliveryNote.addLine')}
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
      <Form.Item {...field('remark')} label={t('fields.remark')} style={WIDE}>
        <Input.TextArea data-testid="field-remark" rows={2} maxLength={500} showCount />
      </Form.Item>
    </FormBody>
  );
}
