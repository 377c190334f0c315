import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Input, Segmented, Skeleton, Typography } from 'antd';
import { ScanOutlined } from '@ant-design/icons';
import { bundleKeyFromText } from '@armature/domain';
import { qualityQueries } from './quality.queries.ts';
import { BundleTrace } from './trace-bundle.tsx';
import { HeatTrace } from './trace-heat.tsx';

type Mode = 'bundle' | 'heat';

/**
 * Traceability (`/intelligentProcess/quality/trace`): backward from a bundle (`?bundle=<scanId>`, a scanned
 * tag or its id) to the steel it was made of, or forward from a heat number (`?heat=<heatNo>`) to every
 * bundle made of it — the recall list. Both live in the address, so the scan page and heat links open them.
 */
export default function TraceView() {
  const { t } = useTranslation('quality');
  const [params, setParams] = useSearchParams();
  const bundle = params.get('bundle') ?? undefined;
  const heat = params.get('heat') ?? undefined;
  const chosen = params.get('mode');
  const mode: Mode = chosen === 'bundle' || chosen === 'heat' ? chosen : heat && !bundle ? 'heat' : 'bundle';
  const [notATag, setNotATag] = useState(false);
  const backward = useQuery({ ...qualityQueries.bundleTrace(bundle), enabled: mode === 'bundle' && !!bundle });
  const forward = useQuery({ ...qualityQueries.heatTrace(heat), enabled: mode === 'heat' && !!heat });

  // One question at a time in the address, as the scan page's and the heat links' `?bundle=` / `?heat=` are.
  const show = (name: Mode, value: string | undefined) => setParams(value ? { [name]: value } : { mode: name });

  const current = mode === 'bundle' ? backward : forward;
  return (
    // `screen-page`: a screen that is no list (the 390 px pass of e2e/specs/mobile.spec.ts finds it by this mark).
    <Card title={t('titles.trace')} data-testid="screen-page">
      <Flex vertical gap="middle">
        <Flex gap="small" wrap align="center">
          <Segmented<Mode>
            data-testid="trace-mode"
            value={mode}
            onChange={(value) => show(value, value === 'bundle' ? bundle : heat)}
            options={[
              { value: 'bundle', label: t('trace.byBundle') },
              { value: 'heat', label: t('trace.byHeat') },
            ]}
          />
          {mode === 'bundle' ? (
            <Input.Search
              key={`bundle:${bundle ?? ''}`}
              data-testid="trace-bundle-input"
              prefix={<ScanOutlined />}
              allowClear
              defaultValue={bundle}
              placeholder={t('trace.bundlePlaceholder')}
              status={notATag ? 'error' : undefined}
              style={{ width: 360, maxWidth: '100%' }}
              onSearch={(text) => {
                const key = text.trim() ? bundleKeyFromText(text) : undefined;
                setNotATag(key === null);
                if (key !== null) show('bundle', key);
              }}
            />
          ) : (
            <Input.Search
              key={`heat:${heat ?? ''}`}
              data-testid="trace-heat-input"
              allowClear
              defaultValue={heat}
              placeholder={t('trace.heatPlaceholder')}
              style={{ width: 360, maxWidth: '100%' }}
              onSearch={(text) => show('heat', text.trim() || undefined)}
            />
          )}
        </Flex>
        {mode === 'bundle' && notATag && <Typography.Text type="danger">{t('trace.notATag')}</Typography.Text>}
        {current.isLoading && <Skeleton active />}
        {current.isError && <Empty description={t('trace.notFound')} />}
        {mode === 'bundle' && backward.data && <BundleTrace trace={backward.data} />}
        {mode === 'heat' && forward.data && <HeatTrace trace={forward.data} />}
      </Flex>
    </Card>
  );
}
