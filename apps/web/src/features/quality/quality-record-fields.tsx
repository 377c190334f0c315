import { useTranslation } from 'react-i18next';
import { Flex, InputNumber, Radio, Tag, Typography, theme } from 'antd';
import type { CheckContext, CheckEntry } from '@armature/domain';
import { limitsText } from './quality-format.ts';
import { entryKindOf, judgeLive, type CheckRow, type LiveJudgement } from './quality-record-checks.ts';

/** The third answer of a yes/no check: it was not done (nothing is judged until one is picked). */
const NOT_TESTED = 'notTested';

/** Touch targets for gloved hands on the operator's phone. */
const TOUCH = { minHeight: 48, fontSize: 18 } as const;

function LiveTag({ code, judgement, unit }: { code: string; judgement: LiveJudgement; unit: string | null }) {
  const { t } = useTranslation('quality');
  if (!judgement) return <Tag data-testid={`check-live-${code}`}>—</Tag>;
  const value = judgement.value === null ? '' : ` ${judgement.value}${unit ? ` ${unit}` : ''}`;
  return (
    <Tag
      data-testid={`check-live-${code}`}
      data-result={judgement.result}
      color={judgement.result === 'pass' ? 'success' : 'error'}
      style={{ fontSize: 14, padding: '2px 8px' }}
    >
      {`${t(`result.${judgement.result}`)}${value}`}
    </Tag>
  );
}

function EntryInputs(props: {
  row: CheckRow;
  entry: CheckEntry | undefined;
  onChange: (entry: CheckEntry) => void;
  large: boolean;
}) {
  const { t } = useTranslation('quality');
  const { row, entry, onChange, large } = props;
  const size = large ? 'large' : 'middle';
  const style = large ? { ...TOUCH, width: '100%' } : { width: '100%' };
  const number = (field: 'value' | 'massKg' | 'lengthMm', testId: string, suffix: string | null, decimals: number) => (
    <InputNumber<number>
      data-testid={`${testId}-${row.code}`}
      size={size}
      inputMode={decimals > 0 ? 'decimal' : 'numeric'}
      precision={decimals}
      value={entry?.[field] ?? null}
      onChange={(value) => onChange({ ...entry, [field]: value })}
      suffix={suffix ?? undefined}
      placeholder={t(`receipt.form.${field}`)}
      style={style}
    />
  );
  switch (entryKindOf(row.method)) {
    case 'weight':
      return (
        <Flex gap="small" wrap={!large} vertical={large}>
          {number('massKg', 'check-mass', 'kg', 3)}
          {number('lengthMm', 'check-length', 'mm', 0)}
        </Flex>
      );
    case 'passFail':
      return (
        <Radio.Group
          data-testid={`check-passed-${row.code}`}
          optionType="button"
          buttonStyle="solid"
          size={size}
          value={entry?.notTested ? NOT_TESTED : entry?.passed}
          onChange={(event) => {
            const value = event.target.value as boolean | typeof NOT_TESTED;
            onChange(value === NOT_TESTED ? { notTested: true } : { passed: value });
          }}
          options={[
            { value: true, label: t('result.pass') },
            { value: false, label: t('result.fail') },
            { value: NOT_TESTED, label: t('result.notTested') },
          ].map((option) => ({
            ...option,
            style: large ? { ...TOUCH, flex: 1, textAlign: 'center' as const } : {},
          }))}
          style={large ? { display: 'flex', width: '100%' } : undefined}
        />
      );
    case 'value':
      return number('value', 'check-value', row.unit, 3);
  }
}

/**
 * The characteristics to check, one block each: the name and the limits, the input its method takes
 * (a value; a weighed sample's mass and length; pass or fail) and the outcome judged as it is typed.
 * `large` is the operator's phone: full-width inputs and 48 px targets.
 */
export function CheckFields(props: {
  rows: readonly CheckRow[];
  context: CheckContext | null;
  entries: Readonly<Record<string, CheckEntry>>;
  onChange: (id: string, entry: CheckEntry) => void;
  large?: boolean;
}) {
  const { t } = useTranslation('quality');
  const { token } = theme.useToken();
  return (
    <Flex vertical gap="small">
      {props.rows.map((row) => {
        const entry = props.entries[row.id];
        const judgement = judgeLive(row, props.context, entry);
        return (
          <Flex
            key={row.id}
            vertical
            gap={6}
            data-testid={`check-${row.code}`}
            style={{ padding: 12, border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius }}
          >
            <Flex justify="space-between" align="start" gap="small">
              <Flex vertical gap={0}>
                <Typography.Text strong>{row.name}</Typography.Text>
                <Typography.Text type="secondary">
                  {`${row.code} · ${t('fields.limits')}: ${limitsText(
                    row.lowerLimit,
                    row.upperLimit,
                    row.method === 'weightDeviation' ? '%' : row.unit,
                  )}`}
                </Typography.Text>
              </Flex>
              <LiveTag code={row.code} judgement={judgement} unit={row.method === 'weightDeviation' ? '%' : row.unit} />
            </Flex>
            <EntryInputs
              row={row}
              entry={entry}
              onChange={(next) => props.onChange(row.id, next)}
              large={props.large ?? false}
            />
          </Flex>
        );
      })}
    </Flex>
  );
}
