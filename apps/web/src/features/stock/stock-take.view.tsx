import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Form, Input, Space, Typography, type InputRef } from 'antd';
import { ScanOutlined } from '@ant-design/icons';
import { countDifferences, type StockCountLine, type StockItem } from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { ReferenceSelect } from '../../components/resource/reference-select.tsx';
import { useListPath } from '../../components/resource/use-record-form.ts';
import { idempotencyKeys } from '../../lib/idempotency-keys.ts';
import { useLocale } from '../../lib/i18n.ts';
import { useNavigateFromHere } from '../../lib/navigate-from-here.ts';
import { wholeNumbers } from '../../lib/number-format.ts';
import { CountInput, type CountInputRef } from './count-input.tsx';
import { LengthInput } from './length-input.tsx';
import { refreshStock, stockMutations, stockQueries } from './stock.queries.ts';

type Row = Pick<StockItem, 'rebarId' | 'rebarName' | 'length'> & { heatNo: string };
const keyOf = (row: { rebarId: string; length: number; heatNo: string }) =>
  `${row.rebarId}|${row.length}|${row.heatNo}`;

/** A bar lot found on the rack but not in its book: its spec and length, typed once. */
function NewLotForm({ heatNo, onAdd }: { heatNo: string; onAdd: (row: Row) => void }) {
  const { t } = useTranslation('stock');
  const specs = useQuery(stockQueries.rebarSpecs());
  const [form] = Form.useForm<{ rebarId: string; length: number }>();
  const rebarId = Form.useWatch('rebarId', form);
  const spec = specs.data?.find((item) => item.id === rebarId);
  return (
    <Card size="small" data-testid="take-new-lot" title={t('stockTake.notInBook', { heatNo })}>
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => onAdd({ ...values, heatNo, rebarName: spec?.name ?? '' })}
      >
        <Form.Item name="rebarId" label={t('fields.spec')} rules={[{ required: true }]}>
          <ReferenceSelect to="rebar" data-testid="take-new-rebarId" />
        </Form.Item>
        <Form.Item name="length" label={t('fields.length')} rules={[{ required: true }]}>
          <LengthInput data-testid="take-new-length" max={18_000} lengths={spec?.stockLengths ?? []} />
        </Form.Item>
        <Button htmlType="submit" data-testid="take-new-add">
          {t('stockTake.addLot')}
        </Button>
      </Form>
    </Card>
  );
}

/**
 * `…/receiveStockLog/add`: a stock-take on a phone. Pick the rack or bin; its book (free raw bars there)
 * is listed; scan a lot's label (a handheld scanner types the heat number and Enter) or type it, and
 * the lot's count field takes the focus — a lot not in the book is added with its spec and length. Each
 * line shows its difference (a lot not counted counts 0: the rack is counted whole); **Post** books all
 * of them at once as adjustments and keeps the sheet.
 */
function StockTakeView() {
  const { t } = useTranslation('stock');
  const locale = useLocale();
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const navigate = useNavigateFromHere();
  const listPath = useListPath();
  const keyFor = useMemo(() => idempotencyKeys(), []);
  const [locationId, setLocationId] = useState<string>();
  const [counts, setCounts] = useState<Record<string, number | undefined>>({});
  const [extra, setExtra] = useState<Row[]>([]);
  const [scan, setScan] = useState('');
  const [unknown, setUnknown] = useState<string>();
  const inputs = useRef(new Map<string, CountInputRef | null>());
  const scanInput = useRef<InputRef>(null);
  const book = useQuery({ ...stockQueries.locationBook(locationId), enabled: locationId !== undefined });
  const rows: Row[] = [...(book.data?.items ?? []).map((item) => ({ ...item, heatNo: item.heatNo ?? '' })), ...extra];
  const lines: StockCountLine[] = rows.flatMap((row) => {
    const counted = counts[keyOf(row)];
    return counted === undefined ? [] : [{ rebarId: row.rebarId, length: row.length, heatNo: row.heatNo, counted }];
  });
  const differences = new Map(
    countDifferences(
      (book.data?.items ?? []).map((item) => ({ ...item, heatNo: item.heatNo ?? '' })),
      lines,
    ).map((line) => [keyOf(line), line]),
  );

  const post = useMutation({
    ...stockMutations.stockTake(keyFor),
    onSuccess: async (take) => {
      notify.success(t('stockTake.done', { code: take.code, count: take.differences }));
      await refreshStock(queryClient);
      navigate(`${listPath}/detail/${take.id}`);
    },
  });

  const focusRow = (key: string) => {
    const input = inputs.current.get(key);
    input?.focus();
    input?.select();
  };
  const onScan = () => {
    const code = scan.trim();
    if (!code) return;
    const matches = rows.filter((row) => row.heatNo === code);
    setScan('');
    if (matches[0]) {
      setUnknown(undefined);
      focusRow(keyOf(matches[0]));
    } else setUnknown(code);
  };

  return (
    <Card title={t('stockTake.title')}>
      <Flex vertical gap="middle" style={{ maxWidth: 640 }}>
        <ReferenceSelect
          to="stockLocation"
          data-testid="take-location"
          placeholder={t('stockTake.location')}
          value={locationId}
          onChange={(value) => {
            setLocationId(value);
            setCounts({});
            setExtra([]);
            setUnknown(undefined);
          }}
          style={{ width: '100%' }}
        />
        {locationId && (
          <Input
            ref={scanInput}
            data-testid="take-scan"
            size="large"
            prefix={<ScanOutlined />}
            placeholder={t('stockTake.scan')}
            value={scan}
            autoComplete="off"
            onChange={(event) => setScan(event.target.value)}
            onPressEnter={onScan}
          />
        )}
        {unknown && (
          <NewLotForm
            heatNo={unknown}
            onAdd={(row) => {
              setExtra((rows) => [...rows.filter((each) => keyOf(each) !== keyOf(row)), row]);
              setUnknown(undefined);
              setTimeout(() => focusRow(keyOf(row)));
            }}
          />
        )}
        {locationId && !book.isLoading && rows.length === 0 && <Empty description={t('stockTake.emptyBook')} />}
        {rows.map((row) => {
          const key = keyOf(row);
          const line = differences.get(key);
          const counted = counts[key];
          return (
            <Card key={key} size="small" data-testid="take-row" data-heat={row.heatNo}>
              <Flex justify="space-between" align="center" gap="small" wrap>
                <Space direction="vertical" size={0}>
                  <Typography.Text strong>{row.heatNo}</Typography.Text>
                  <Typography.Text type="secondary">
                    {row.rebarName} · {wholeNumbers(locale)(row.length)} mm ·{' '}
                    {t('stockTake.book', { count: line?.book ?? 0 })}
                  </Typography.Text>
                </Space>
                <Space>
                  <CountInput
                    ref={(input: CountInputRef | null) => {
                      inputs.current.set(key, input);
                    }}
                    data-testid="take-counted"
                    min={0}
                    value={counted}
                    placeholder={t('stockTake.counted')}
                    onChange={(value) => setCounts((all) => ({ ...all, [key]: value ?? undefined }))}
                    onPressEnter={() => scanInput.current?.focus()}
                    style={{ width: 110 }}
                  />
                  <Typography.Text
                    data-testid="take-difference"
                    type={!line || line.difference === 0 ? 'secondary' : 'danger'}
                  >
                    {line && line.difference > 0 ? `+${line.difference}` : (line?.difference ?? '')}
                  </Typography.Text>
                </Space>
              </Flex>
            </Card>
          );
        })}
        {locationId && (
          <Flex gap="small" justify="end" wrap>
            <Button onClick={() => navigate(listPath)}>{t('stockTake.cancel')}</Button>
            <Button
              type="primary"
              data-testid="take-post"
              loading={post.isPending}
              onClick={() => post.mutate({ locationId, lines, remark: null })}
            >
              {t('stockTake.post')}
            </Button>
          </Flex>
        )}
      </Flex>
    </Card>
  );
}

export default StockTakeView;
