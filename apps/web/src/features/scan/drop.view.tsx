import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Flex, Result, Spin, Statistic, Tag, Typography } from 'antd';
import type { DropView } from '@armature/domain';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg, wholeNumbers } from '../../lib/number-format.ts';
import { ScanFrame } from './scan-frame.tsx';
import { scanQueries } from './scan.queries.ts';

type DropBundle = DropView['bundles'][number];
type DropState = 'signed' | 'delivered' | 'returned' | 'loaded' | 'planned' | 'waiting';

/** Where a bundle of the drop stands, the latest step first: a redelivered bundle counts as delivered. */
function dropStateOf(bundle: DropBundle): DropState {
  if (bundle.delivered) return bundle.delivered.receivedBy ? 'signed' : 'delivered';
  if (bundle.returned) return 'returned';
  if (bundle.loadedAt) return 'loaded';
  return bundle.loadPlan ? 'planned' : 'waiting';
}

const STATE_COLOURS: Record<DropState, string> = {
  signed: 'success',
  delivered: 'success',
  returned: 'error',
  loaded: 'processing',
  planned: 'blue',
  waiting: 'default',
};

/** One bundle as a card: mark, spec, pieces and kg, and its step with who and when. */
function BundleCard({ bundle }: { bundle: DropBundle }) {
  const { t } = useTranslation('scan');
  const locale = useLocale();
  const state = dropStateOf(bundle);
  const whole = wholeNumbers(locale);
  const truck = bundle.loadPlan && t('drop.truck', { truck: bundle.loadPlan.truck, vehicle: bundle.loadPlan.vehicle });
  const detail =
    state === 'signed'
      ? t('drop.signedBy', {
          name: bundle.delivered!.receivedBy,
          time: formatDateTime(bundle.delivered!.receivedAt ?? bundle.delivered!.deliveredAt),
          note: bundle.delivered!.note,
        })
      : state === 'delivered'
        ? t('drop.deliveredAt', { time: formatDateTime(bundle.delivered!.deliveredAt), note: bundle.delivered!.note })
        : state === 'loaded'
          ? `${truck} · ${formatDateTime(bundle.loadedAt!)}`
          : state === 'planned'
            ? truck
            : null;
  return (
    <Card size="small" data-testid={`drop-bundle-${bundle.code}`}>
      <Flex justify="space-between" align="start" gap="small" wrap>
        <div>
          <Typography.Text strong style={{ fontSize: 16 }}>
            {bundle.mark}
          </Typography.Text>{' '}
          <Typography.Text>{bundle.spec}</Typography.Text>
          <div>
            <Typography.Text type="secondary">
              {t('drop.bundleLine', {
                code: bundle.code,
                number: bundle.bundleNo,
                count: bundle.bundleCount,
                length: whole(bundle.cutLength),
                pieces: whole(bundle.pieces),
                weight: formatKg(bundle.weight, locale),
              })}
            </Typography.Text>
          </div>
        </div>
        <Tag color={STATE_COLOURS[state]} data-testid={`drop-state-${bundle.code}`} style={{ fontSize: 14 }}>
          {t(`drop.state.${state}`)}
        </Tag>
      </Flex>
      {detail && (
        <Typography.Paragraph style={{ margin: '4px 0 0' }} data-testid={`drop-detail-${bundle.code}`}>
          {detail}
        </Typography.Paragraph>
      )}
    </Card>
  );
}

/** A bundle still to be made that a truck already waits for: its mark, task, size, and the truck. */
function ToMakeCard({ bundle }: { bundle: DropView['toMake'][number] }) {
  const { t } = useTranslation('scan');
  const locale = useLocale();
  const whole = wholeNumbers(locale);
  const key = `${bundle.task}-${bundle.number}`;
  return (
    <Card size="small" data-testid={`drop-to-make-${key}`}>
      <Flex justify="space-between" align="start" gap="small" wrap>
        <div>
          <Typography.Text strong style={{ fontSize: 16 }}>
            {bundle.mark}
          </Typography.Text>
          <div>
            <Typography.Text type="secondary">
              {t('drop.toMakeLine', {
                task: bundle.task,
                number: bundle.number,
                count: bundle.count,
                length: whole(bundle.length),
                pieces: whole(bundle.pieces),
                weight: formatKg(bundle.weight, locale),
              })}
            </Typography.Text>
          </div>
        </div>
        <Tag color="gold" style={{ fontSize: 14 }}>
          {t('drop.state.toMake')}
        </Tag>
      </Flex>
      <Typography.Paragraph style={{ margin: '4px 0 0' }}>
        {t('drop.truck', { truck: bundle.loadPlan.truck, vehicle: bundle.loadPlan.vehicle })}
      </Typography.Paragraph>
    </Card>
  );
}

function DropContent({ drop }: { drop: DropView }) {
  const { t } = useTranslation('scan');
  const locale = useLocale();
  const states = drop.bundles.map(dropStateOf);
  const count = (...wanted: DropState[]) => states.filter((state) => wanted.includes(state)).length;
  const window = drop.windowStart && drop.windowEnd ? ` ${drop.windowStart}–${drop.windowEnd}` : '';
  return (
    <Flex vertical gap="middle">
      <div>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="drop-site">
          {drop.site}
        </Typography.Title>
        <Typography.Text strong data-testid="drop-when">
          {drop.date}
          {window}
        </Typography.Text>
      </div>
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          { key: 'project', label: t('fields.project'), children: drop.project },
          { key: 'orderCode', label: t('fields.orderCode'), children: drop.orderCode },
          {
            key: 'weight',
            label: t('fields.weight'),
            children: formatKg(
              drop.bundles.reduce((sum, bundle) => sum + bundle.weight, 0),
              locale,
            ),
          },
        ]}
      />
      <Flex gap="middle" wrap data-testid="drop-counts">
        <Statistic title={t('drop.count.bundles')} value={drop.bundles.length} />
        <Statistic title={t('drop.count.loaded')} value={count('loaded', 'delivered', 'signed')} />
        <Statistic title={t('drop.count.delivered')} value={count('delivered', 'signed')} />
        <Statistic title={t('drop.count.returned')} value={count('returned')} />
      </Flex>
      {drop.bundles.length === 0 && drop.toMake.length === 0 ? (
        <Typography.Text type="secondary">{t('drop.empty')}</Typography.Text>
      ) : (
        drop.bundles.map((bundle) => <BundleCard key={bundle.code} bundle={bundle} />)
      )}
      {drop.toMake.map((bundle) => (
        <ToMakeCard key={`${bundle.task}-${bundle.number}`} bundle={bundle} />
      ))}
    </Flex>
  );
}

/**
 * `/drop/:token`, the page a site contact's link opens on any phone, signed out: the drop (site, date,
 * window, order), and each of its bundles with its tag's data and where it stands — waiting in the plant,
 * planned on a truck, loaded, delivered, signed for (by whom, when) or sent back — then those still to be
 * made that a truck already waits for. A revoked or unknown link
 * is a not-found page.
 */
export function DropPageView() {
  const { t } = useTranslation('scan');
  const { token = '' } = useParams();
  const answer = useQuery(scanQueries.drop(token));
  const code = answer.error instanceof ApiError ? answer.error.code : undefined;
  return (
    <ScanFrame title={t('drop.title')}>
      {answer.isLoading && (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      )}
      {answer.data && <DropContent drop={answer.data} />}
      {answer.isError && (
        <Result
          data-testid={code === 'not_found' ? 'drop-not-found' : 'drop-failed'}
          status={code === 'not_found' ? '404' : 'warning'}
          title={t(code === 'not_found' ? 'drop.notFound.title' : code === 'rate_limited' ? 'tooMany' : 'drop.failed')}
          subTitle={code === 'not_found' ? t('drop.notFound.description') : undefined}
        />
      )}
    </ScanFrame>
  );
}
