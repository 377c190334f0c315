import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, InputNumber, Radio, Select } from 'antd';
import {
  MANUAL_REASONS,
  MAX_BAR_LENGTH,
  MAX_MOVE_QUANTITY,
  STOCK_DIRECTIONS,
  STOCK_DIRECTION_LABELS,
  STOCK_KIND_LABELS,
  STOCK_REASON_LABELS,
  hasHeatNo,
  hasLocation,
  localizeValidationMessage,
  stockLocationResource,
  manualMoveProblems,
  stockMoveInputSchema,
  type StockItem,
  type StockKind,
  type StockMoveInput,
} from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { FormBody } from '../../components/resource/form-page.tsx';
import { numericKeysOnly } from '../../components/resource/numeric-keys.ts';
import { ReferenceSelect } from '../../components/resource/reference-select.tsx';
import { useZodField } from '../../lib/form-rules.ts';
import { useLocale } from '../../lib/i18n.ts';
import { LengthInput } from './length-input.tsx';
import { refreshStock, stockMutations, stockQueries } from './stock.queries.ts';
import { formatKg, movePayload, stockRowLabel, type MoveValues } from './stock-format.ts';
import { idempotencyKeys } from '../../lib/idempotency-keys.ts';
import { formatNumber } from '../../lib/number-format.ts';

const WIDE = { gridColumn: '1 / -1' };

/** The move, and for an out-move the stock row it takes from (which fills spec, length and heat number). */
type MoveFormValues = MoveValues & { stockId?: string };

/** The non-empty balances an out-move can take from, matching what the user typed (spec, heat number). */
function useStockChoices(kind: StockKind, search: string, enabled: boolean) {
  return useQuery({
    ...stockQueries.choices(kind, search),
    select: (page) => page.items,
    placeholderData: keepPreviousData,
    enabled,
  });
}

type StockMoveFormProps = {
  kind: StockKind;
  /** After the move was recorded (the message with its code is shown). */
  onDone: () => void;
  onCancel: () => void;
};

/**
 * A manual move on any kind's stock (`POST /stockLog/{kind}`): direction, a reason the kind allows for
 * it, what moves and how many. An out-move picks an existing stock row and shows what it holds; the
 * server still refuses taking more (409, told in the message bar, the form stays as it was).
 */
export function StockMoveForm({ kind, onDone, onCancel }: StockMoveFormProps) {
  const { t } = useTranslation('stock');
  const locale = useLocale();
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<MoveFormValues>();
  const zodField = useZodField(stockMoveInputSchema);
  const direction = Form.useWatch('direction', form) ?? 'in';
  const reason = Form.useWatch('reason', form);
  const rebarId = Form.useWatch('rebarId', form);
  const out = direction === 'out';
  const [search, setSearch] = useState('');
  const choices = useStockChoices(kind, search, out);
  // Kept apart from the choices, which change with each search.
  const [picked, setPicked] = useState<StockItem>();
  const specs = useQuery(stockQueries.rebarSpecs());
  const choiceRows = [...(picked ? [picked] : []), ...(choices.data ?? []).filter((row) => row.id !== picked?.id)];
  const keyFor = useMemo(() => idempotencyKeys(), []);

  const save = useMutation({
    ...stockMutations.move(kind, keyFor),
    onSuccess: (result) => {
      notify.success(t('move.done', { code: result.sourceCode }));
      void refreshStock(queryClient);
      onDone();
    },
    meta: { form },
  });

  const submit = (values: MoveValues) => {
    // Offcuts out: the bars of the picked row's lot, not whichever lot of that length is oldest.
    const lotId = kind === 'tail' && values.direction === 'out' ? picked?.lot?.id : undefined;
    // The form's required rules have filled every field the move needs.
    const body = { ...movePayload(kind, values), ...(lotId ? { lotId } : {}) } as StockMoveInput;
    const problems = manualMoveProblems(kind, body);
    const fields = Object.entries(problems).map(([name, keys]) => ({
      name: name as keyof MoveValues,
      errors: keys.map((key) => localizeValidationMessage(key, locale)),
    }));
    if (fields.length > 0) form.setFields(fields);
    else save.mutate(body);
  };

  const onValuesChange = (changed: Partial<MoveFormValues>) => {
    if (changed.direction) {
      form.setFieldsValue({ reason: undefined, stockId: undefined });
      setPicked(undefined);
    }
    if ('stockId' in changed) {
      const row = choiceRows.find((item) => item.id === changed.stockId);
      setPicked(row);
      form.setFieldsValue({
        rebarId: row?.rebarId,
        length: row?.length,
        heatNo: row?.heatNo ?? undefined,
        locationId: row?.locationId,
      });
    }
  };

  return (
    <FormBody<MoveFormValues>
      form={form}
      saving={save.isPending}
      initialValues={{ direction: 'in' }}
      onFinish={submit}
      onValuesChange={onValuesChange}
      onCancel={onCancel}
    >
      <Form.Item name="direction" label={t('fields.direction')} style={WIDE}>
        <Radio.Group
          data-testid="move-direction"
          optionType="button"
          buttonStyle="solid"
          options={STOCK_DIRECTIONS.map((value) => ({ value, label: STOCK_DIRECTION_LABELS[value][locale] }))}
        />
      </Form.Item>
      <Form.Item {...zodField('reason')} label={t('fields.reason')}>
        <Select
          data-testid="field-reason"
          options={MANUAL_REASONS[kind][direction].map((value) => ({
            value,
            label: STOCK_REASON_LABELS[value][locale],
          }))}
        />
      </Form.Item>
      {reason === 'scrap' && kind !== 'waste' && (
        <Alert
          type="info"
          showIcon
          style={{ ...WIDE, marginBottom: 16 }}
          title={t('move.scrapHint', { kind: STOCK_KIND_LABELS.waste[locale] })}
        />
      )}
      {out && (
        <Form.Item
          name="stockId"
          label={t('move.stockRow')}
          rules={[{ required: true, message: localizeValidationMessage('required', locale) }]}
          style={WIDE}
        >
          <Select
            data-testid="field-stockId"
            showSearch={{ filterOption: false, onSearch: setSearch }}
            loading={choices.isFetching}
            options={choiceRows.map((row) => ({
              value: row.id,
              label: t('move.stockChoice', {
                stock: stockRowLabel(row),
                quantity: formatNumber(row.quantity, locale, 0),
                weight: formatKg(row.weight, locale),
              }),
            }))}
            notFoundContent={t('move.noStock')}
          />
        </Form.Item>
      )}
      <Form.Item {...zodField('rebarId')} label={t('fields.spec')}>
        <ReferenceSelect to="rebar" data-testid="field-rebarId" disabled={out} />
      </Form.Item>
      <Form.Item {...zodField('length')} label={t('fields.length')}>
        <LengthInput
          data-testid="field-length"
          disabled={out}
          max={MAX_BAR_LENGTH}
          lengths={specs.data?.find((spec) => spec.id === rebarId)?.stockLengths ?? []}
        />
      </Form.Item>
      {hasHeatNo(kind) && (
        <Form.Item {...zodField('heatNo')} required label={t('fields.heatNo')}>
          <Input data-testid="field-heatNo" maxLength={50} disabled={out} autoComplete="off" />
        </Form.Item>
      )}
      {hasLocation(kind) && (
        <Form.Item {...zodField('locationId')} label={t('fields.location')}>
          <ReferenceSelect
            to={stockLocationResource.name}
            data-testid="field-locationId"
            disabled={out}
            allowClear
            placeholder={t('location.unplaced')}
          />
        </Form.Item>
      )}
      <Form.Item
        {...zodField('quantity')}
        label={t('fields.quantity')}
        extra={picked && t('move.available', { quantity: formatNumber(picked.quantity, locale, 0) })}
      >
        <InputNumber<number>
          data-testid="field-quantity"
          min={1}
          max={MAX_MOVE_QUANTITY}
          precision={0}
          onKeyDown={numericKeysOnly({ decimals: false, negative: false })}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item {...zodField('remark')} label={t('fields.remark')} style={WIDE}>
        <Input.TextArea data-testid="field-remark" rows={3} maxLength={500} showCount />
      </Form.Item>
    </FormBody>
  );
}
