import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, List, Progress, Tag, Typography, type InputRef } from 'antd';
import { CheckCircleFilled, ScanOutlined } from '@ant-design/icons';
import { useFeedback } from '../../components/feedback.tsx';
import { useListPath } from '../../components/resource/use-record-form.ts';
import { ApiError } from '../../lib/api-client.ts';
import { idempotencyKeys } from '../../lib/idempotency-keys.ts';
import { useNavigateFromHere } from '../../lib/navigate-from-here.ts';
import { refreshDeliveries } from './delivery.queries.ts';
import { loadKeys, loadMutations, loadQueries } from './load.queries.ts';

/**
 * `…/delivery/children/{plan id}?truck=N`, on a phone at the truck: scan each bundle's tag (a scanner
 * types its scan id or code and Enter). A bundle of another truck, superseded, delivered or not planned
 * is refused with the server's reason; when every planned bundle is on, **Complete** records the
 * delivery note (stock moves out) and opens it, to print.
 */
export function LoadTruckView({ planId: id, truck: truckNo }: { planId: string; truck: number }) {
  const { t } = useTranslation('delivery');
  const navigate = useNavigateFromHere();
  const listPath = useListPath();
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const keyFor = useMemo(() => idempotencyKeys(), []);
  const [code, setCode] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string }>();
  const input = useRef<InputRef>(null);
  const plan = useQuery(loadQueries.plan(id));
  const truck = plan.data?.trucks.find((each) => each.truck === truckNo);
  const scan = useMutation({
    ...loadMutations.scan(id, truckNo, keyFor),
    onSuccess: (saved, body) => {
      queryClient.setQueryData(loadKeys.plan(saved.id), saved);
      setResult({ ok: true, text: t('loads.scanned', { code: body.scanId }) });
    },
    onError: (error) => setResult({ ok: false, text: error instanceof ApiError ? error.message : String(error) }),
    onSettled: () => input.current?.focus(),
  });
  const complete = useMutation({
    ...loadMutations.complete(id, truckNo, keyFor),
    onSuccess: async ({ plan: saved, deliveryNoteId }) => {
      queryClient.setQueryData(loadKeys.plan(saved.id), saved);
      notify.success(t('loads.completed', { truck: truckNo }));
      await refreshDeliveries(queryClient);
      navigate(`${listPath.split('?')[0]}/detail/${deliveryNoteId}`);
    },
  });
  const onScan = () => {
    const value = code.trim();
    setCode('');
    if (value) scan.mutate({ scanId: value });
  };
  const bundles = truck?.bays.flat() ?? [];
  const done = truck !== undefined && truck.planned > 0 && truck.loaded === truck.planned;

  return (
    <Card title={plan.data && t('loads.truckTitle', { code: plan.data.code, truck: truckNo })} loading={plan.isLoading}>
      {truck && (
        <Flex vertical gap="middle" style={{ maxWidth: 560 }}>
          <Typography.Text data-testid="truck-progress">
            {t('loads.loaded', { loaded: truck.loaded, planned: truck.planned })}
          </Typography.Text>
          <Progress percent={truck.planned ? Math.round((truck.loaded / truck.planned) * 100) : 0} />
          {truck.deliveryNote ? (
            <Alert type="success" showIcon message={t('loads.left', { note: truck.deliveryNote.code })} />
          ) : (
            <Input
              ref={input}
              autoFocus
              size="large"
              data-testid="truck-scan"
              prefix={<ScanOutlined />}
              placeholder={t('picker.scanPlaceholder')}
              value={code}
              autoComplete="off"
              onChange={(event) => setCode(event.target.value)}
              onPressEnter={onScan}
            />
          )}
          {result && (
            <Alert
              data-testid={result.ok ? 'truck-scan-ok' : 'truck-scan-refused'}
              type={result.ok ? 'success' : 'error'}
              showIcon
              message={result.text}
            />
          )}
          {!truck.deliveryNote && (
            <Button
              type="primary"
              size="large"
              block
              data-testid="truck-complete"
              disabled={!done}
              loading={complete.isPending}
              onClick={() => complete.mutate()}
            >
              {t('loads.complete')}
            </Button>
          )}
          <List
            size="small"
            dataSource={bundles}
            renderItem={(bundle) => (
              <List.Item data-testid={`truck-bundle-${bundle.code}`}>
                <Flex justify="space-between" style={{ width: '100%' }} gap="small">
                  <span>
                    {bundle.loadedAt ? <CheckCircleFilled style={{ color: '#52c41a' }} /> : null} {bundle.mark}{' '}
                    <Typography.Text type="secondary">{bundle.code}</Typography.Text>
                  </span>
                  <span>
                    {bundle.fromTask && (
                      <Tag color={bundle.willNotBeMade ? 'error' : 'gold'}>
                        {t(bundle.willNotBeMade ? `loads.${bundle.willNotBeMade}` : 'loads.toProduce', {
                          task: bundle.fromTask,
                        })}
                      </Tag>
                    )}
                    <Tag>{t('loads.drop', { drop: bundle.drop })}</Tag>
                  </span>
                </Flex>
              </List.Item>
            )}
          />
        </Flex>
      )}
    </Card>
  );
}
