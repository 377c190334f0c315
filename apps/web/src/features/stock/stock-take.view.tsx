import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Form, Input, Space, Tag, Typography, type InputRef } from 'antd';
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

/** A line of the sheet: raw bars of a heat, or an offcut lot (`lot`, heat '') counted by its label. */
type Row = Pick<StockItem, 'rebarId' | 'rebarName' | 'length'> & {
  heatNo: string;
  lot: Pick<NonNullable<StockItem['lot']>, 'id' | 'code' | 'scanId' | 'heatNos'> | null;
};
const keyOf = (row: { rebarId: string; length: number; heatNo: string; lotId?: string | null }) =>
  `${row.rebarId}|${row.length}|${row.heatNo}|${row.lotId ?? ''}`;
const rowKey = (row: Row) => keyOf({ ...row, lotId: row.lot?.id });
/** A book row of either kind as a sheet row. */
const toRow = (item: StockItem): Row => ({ ...item, heatNo: item.heatNo ?? '', lot: item.lot });

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
        onFinish={(values) => onAdd({ ...values, heatNo, rebarName: spec?.name ?? '', lot: null })}
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
 * `…/receiveStockLog/add`: a stock-take on a phone. Pick the rack or bin; its book (free raw bars and
 * offcut lots there) is listed; scan a bar's heat number or an offcut label (its QR, or the lot code
 * typed), and that line's count field takes the focus — an offcut lot booked elsewhere is added as
 * found here, a heat not in the book is added with its spec and length. Each
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
  const enabled = locationId !== undefined;
  const rawBook = useQuery({ ...stockQueries.locationBook('raw', locationId), enabled });
  const lotBook = useQuery({ ...stockQueries.locationBook('tail', locationId), enabled });
  const booked = [...(rawBook.data?.items ?? []), ...(lotBook.data?.items ?? [])];
  const loading = rawBook.isLoading || lotBook.isLoading;
  const rows: Row[] = [...booked.map(toRow), ...extra];
  const lines: StockCountLine[] = rows.flatMap((row) => {
    const counted = counts[rowKey(row)];
    return counted === undefined
      ? []
      : [{ rebarId: row.rebarId, length: row.length, heatNo: row.heatNo, lotId: row.lot?.id ?? null, counted }];
  });
  const differences = new Map(
    countDifferences(
      booked.map((item) => ({ ...item, heatNo: item.heatNo ?? '', lotId: item.lot?.id ?? null })),
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
  const isLabel = (row: Row, code: string) => row.lot?.scanId === code || row.lot?.code === code.toUpperCase();
  const onScan = async () => {
    const code = scan.trim();
    if (!code) return;
    setScan('');
    setUnknown(undefined);
    const match = rows.find((row) => (row.lot ? isLabel(row, code) : row.heatNo === code));
    if (match) return focusRow(rowKey(match));
    // An offcut label of a lot booked elsewhere (or emptied): found here, added to the sheet.
    const elsewhere = await queryClient.fetchQuery(stockQueries.lotByLabel(code));
    if (!elsewhere) return setUnknown(code);
    const row = toRow(elsewhere);
    setExtra((all) => [...all, row]);
    setTimeout(() => focusRow(rowKey(row)));
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
            onPressEnter={() => void onScan()}
          />
        )}
        {unknown && (
          <NewLotForm
            heatNo={unknown}
            onAdd={(row) => {
              setExtra((rows) => [...rows.filter((each) => rowKey(each) !== rowKey(row)), row]);
              setUnknown(undefined);
              setTimeout(() => focusRow(rowKey(row)));
            }}
          />
        )}
        {locationId && !loading && rows.length === 0 && <Empty description={t('stockTake.emptyBook')} />}
        {rows.map((row) => {
          const key = rowKey(row);
          const line = differences.get(key);
          const counted = counts[key];
          return (
            <Card key={key} size="small" data-testid="take-row" data-heat={row.heatNo} data-lot={row.lot?.code}>
              <Flex justify="space-between" align="center" gap="small" wrap>
                <Space direction="vertical" size={0}>
                  {row.lot ? (
                    <Flex gap={4} align="center" wrap>
                      <Typography.Text strong>{row.lot.code}</Typography.Text>
                      <Tag>{t('stockTake.offcut')}</Tag>
                      <Typography.Text type="secondary">
                        {row.lot.heatNos.length ? row.lot.heatNos.join(', ') : t('lot.heatUnknown')}
                      </Typography.Text>
                    </Flex>
                  ) : (
                    <Typography.Text strong>{row.heatNo}</Typography.Text>
                  )}
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
