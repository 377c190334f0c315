import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Result, Spin, Tag, Typography } from 'antd';
import { DeploymentUnitOutlined } from '@ant-design/icons';
import { QUALITY_PERMISSIONS, pageUrlOf, type ScanAnswer } from '@armature/domain';
import { BarShape } from '../../components/bar-shape/bar-shape.tsx';
import { useHolds } from '../../components/page-access.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg, wholeNumbers } from '../../lib/number-format.ts';
import { ScanFrame } from './scan-frame.tsx';
import { scanQueries } from './scan.queries.ts';

function TagContent({ tag }: { tag: ScanAnswer }) {
  const { t } = useTranslation('scan');
  const locale = useLocale();
  const mm = (value: number) => `${wholeNumbers(locale)(value)} mm`;
  return (
    <Flex vertical gap="middle">
      {tag.superseded && (
        <Alert
          data-testid="scan-superseded"
          type="error"
          showIcon
          title={
            <Typography.Text strong style={{ fontSize: 18 }}>
              {t('superseded.title')}
            </Typography.Text>
          }
          description={t('superseded.description')}
        />
      )}
      <Flex justify="space-between" align="start" gap="small" wrap>
        <div>
          <Typography.Text type="secondary">{t('fields.mark')}</Typography.Text>
          <Typography.Title level={2} style={{ margin: 0 }} data-testid="scan-mark">
            {tag.mark}
          </Typography.Title>
          <Typography.Text strong data-testid="scan-spec">
            {tag.spec}
          </Typography.Text>
        </div>
        <Tag
          data-testid="scan-status"
          color={tag.status === 'delivered' ? 'success' : 'processing'}
          style={{ fontSize: 16, padding: '4px 12px' }}
        >
          {t(`status.${tag.status}`)}
        </Tag>
      </Flex>
      <BarShape
        data-testid="scan-shape"
        legs={tag.geometry}
        length={tag.cutLength}
        size={{ width: 520, height: 220 }}
        showDimensions
        formatLength={(value) => wholeNumbers(locale)(value)}
        title={tag.shapeCode ?? tag.mark}
      />
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          { key: 'bundle', label: t('fields.bundle'), children: `${tag.bundleNo}/${tag.bundleCount}` },
          { key: 'cutLength', label: t('fields.cutLength'), children: mm(tag.cutLength) },
          { key: 'pieces', label: t('fields.pieces'), children: wholeNumbers(locale)(tag.pieces) },
          { key: 'weight', label: t('fields.weight'), children: formatKg(tag.weight, locale) },
          { key: 'shapeCode', label: t('fields.shapeCode'), children: tag.shapeCode ?? '—' },
          { key: 'project', label: t('fields.project'), children: tag.project },
          { key: 'orderCode', label: t('fields.orderCode'), children: tag.orderCode },
          { key: 'productionDate', label: t('fields.productionDate'), children: tag.productionDate },
          {
            key: 'heatNos',
            label: t('fields.heatNos'),
            children: (
              <span data-testid="scan-heats">
                {tag.heatNos.length ? tag.heatNos.join(', ') : t('fields.heatUnknown')}
              </span>
            ),
          },
          { key: 'plant', label: t('fields.plant'), children: tag.plant },
        ]}
      />
    </Flex>
  );
}

/**
 * `/scan/:id`, the page a bundle tag's QR code opens on any phone: what the tag shows (the shape drawn
 * with its dimensions) and whether the bundle was delivered; a not-found page for any other address.
 */
export function ScanView() {
  const { t } = useTranslation('scan');
  const { id = '' } = useParams();
  const answer = useQuery(scanQueries.answer(id));
  const code = answer.error instanceof ApiError ? answer.error.code : undefined;
  // Signed-in quality staff go on from the tag to the steel it was made of; visitors see the tag only.
  const mayTrace = useHolds(QUALITY_PERMISSIONS.trace);
  return (
    <ScanFrame title={t('title')}>
      {answer.isLoading && (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      )}
      {answer.data && <TagContent tag={answer.data} />}
      {answer.data && mayTrace && (
        <Link to={`${pageUrlOf(QUALITY_PERMISSIONS.trace)}?bundle=${encodeURIComponent(id)}`}>
          <Button
            data-testid="scan-trace"
            icon={<DeploymentUnitOutlined />}
            size="large"
            block
            style={{ marginTop: 16 }}
          >
            {t('traceBundle')}
          </Button>
        </Link>
      )}
      {answer.isError && (
        <Result
          data-testid={code === 'not_found' ? 'scan-not-found' : 'scan-failed'}
          status={code === 'not_found' ? '404' : 'warning'}
          title={t(code === 'not_found' ? 'notFound.title' : code === 'rate_limited' ? 'tooMany' : 'failed')}
          subTitle={code === 'not_found' ? t('notFound.description') : undefined}
        />
      )}
    </ScanFrame>
  );
}
