import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Flex, Input, Table, Tag, Typography } from 'antd';
import { ScanOutlined } from '@ant-design/icons';
import { bundleKeyFromText, type Bundle } from '@armature/domain';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg, wholeNumbers } from '../../lib/number-format.ts';
import { bundleColumns, bundleLabel } from './bundle-columns.tsx';
import { deliveryQueries } from './delivery.queries.ts';

type BundlePickerProps = {
  /** The picked bundles' scan ids (a form field's value). */
  value?: string[];
  onChange?: (scanIds: string[]) => void;
};

/**
 * Picks the bundles of a delivery: a hand scanner types a tag's address (or its id, or the user its code) and Enter into the
 * scan box, or the user ticks bundles in the list of the line's produced bundles. Tags scanned that the
 * list does not show are kept by id: the server says which are unknown.
 */
export function BundlePicker({ value = [], onChange }: BundlePickerProps) {
  const { t } = useTranslation('delivery');
  const locale = useLocale();
  const [search, setSearch] = useState('');
  const [scanText, setScanText] = useState('');
  const [scanError, setScanError] = useState(false);
  const produced = useQuery({ ...deliveryQueries.produced(search), placeholderData: keepPreviousData });
  // Every bundle seen in the list so far, so a picked one keeps its name when a search hides it.
  const [seen, setSeen] = useState(() => new Map<string, Bundle>());
  const known = useMemo(() => {
    const next = new Map(seen);
    for (const bundle of produced.data?.items ?? []) next.set(bundle.scanId, bundle);
    return next;
  }, [seen, produced.data]);
  const picked = value.map((scanId) => ({ scanId, bundle: known.get(scanId) }));
  const totals = picked.reduce(
    (sum, { bundle }) => ({ pieces: sum.pieces + (bundle?.pieces ?? 0), weight: sum.weight + (bundle?.weight ?? 0) }),
    { pieces: 0, weight: 0 },
  );

  const change = (scanIds: string[]) => {
    setSeen(known);
    onChange?.([...new Set(scanIds)]);
  };
  const scan = () => {
    const key = bundleKeyFromText(scanText);
    setScanError(key === null);
    if (key === null) return;
    // A code typed off a tag becomes the bundle's scan id when the list knows it; the server takes either.
    const typed = [...known.values()].find((bundle) => bundle.code === key);
    change([...value, typed?.scanId ?? key]);
    setScanText('');
  };

  return (
    <Flex vertical gap="small">
      <Input
        data-testid="delivery-scan"
        size="large"
        prefix={<ScanOutlined />}
        placeholder={t('picker.scanPlaceholder')}
        value={scanText}
        status={scanError ? 'error' : undefined}
        onChange={(event) => {
          setScanText(event.target.value);
          setScanError(false);
        }}
        onPressEnter={(event) => {
          // Enter ends a scan: it must not submit the whole form.
          event.preventDefault();
          scan();
        }}
      />
      {scanError && <Typography.Text type="danger">{t('picker.notATag')}</Typography.Text>}
      <Flex wrap gap={4} data-testid="delivery-picked">
        {picked.map(({ scanId, bundle }) => (
          <Tag
            key={scanId}
            data-testid={`picked-${scanId}`}
            closable
            onClose={() => change(value.filter((each) => each !== scanId))}
          >
            {bundle ? `${bundle.orderCode} ${bundleLabel(bundle)}` : scanId}
          </Tag>
        ))}
      </Flex>
      <Typography.Text data-testid="delivery-picked-total">
        {t('picker.total', {
          count: picked.length,
          pieces: wholeNumbers(locale)(totals.pieces),
          weight: formatKg(totals.weight, locale),
        })}
      </Typography.Text>
      <Input.Search
        data-testid="delivery-bundle-search"
        allowClear
        placeholder={t('picker.searchIn')}
        onSearch={setSearch}
        style={{ maxWidth: 320 }}
      />
      <Table<Bundle>
        data-testid="delivery-bundles"
        rowKey="scanId"
        size="small"
        loading={produced.isFetching}
        dataSource={produced.data?.items ?? []}
        columns={bundleColumns(t, locale)}
        pagination={false}
        scroll={{ x: 'max-content', y: 360 }}
        onRow={(bundle) => ({ 'data-testid': `bundle-${bundle.scanId}` }) as React.HTMLAttributes<HTMLElement>}
        rowSelection={{
          selectedRowKeys: value,
          preserveSelectedRowKeys: true,
          onChange: (keys) => change(keys.map(String)),
        }}
      />
    </Flex>
  );
}
