import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Input, Segmented, Typography } from 'antd';
import type { SavedLoadPlan } from '@armature/domain';
import { usePageButtons } from '../../components/page-access.ts';
import { ReferenceSelect } from '../../components/resource/reference-select.tsx';
import { useListPath } from '../../components/resource/use-record-form.ts';
import { ApiError } from '../../lib/api-client.ts';
import { idempotencyKeys } from '../../lib/idempotency-keys.ts';
import { useNavigateFromHere } from '../../lib/navigate-from-here.ts';
import { loadKeys, loadMutations, loadQueries } from './load.queries.ts';

const PLANS_ROOT = loadKeys.plans(undefined)[0];
import { TruckDrawing } from './truck-drawing.tsx';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * `…/delivery/children/loads`: a delivery day's load plans. Pick the day and the vehicle and plan: the
 * day's bundles (by their drops' dates; those made and those the schedule makes before the day) packed on as few trucks as the limits allow, against the lower
 * bound. Each truck is drawn bay by bay; a bundle picked can be moved to another truck (the server
 * refuses a move over the payload, the bays or the bed, and says which) or removed from the plan; bundles
 * superseded after planning are named, to be removed (loading refuses them), and so are those whose task
 * will no longer make them (their truck leaves without them); a truck is loaded by scan.
 */
export function LoadPlanView() {
  const { t } = useTranslation('delivery');
  const navigate = useNavigateFromHere();
  const listPath = useListPath();
  const queryClient = useQueryClient();
  const buttons = usePageButtons();
  const [params, setParams] = useSearchParams();
  const date = params.get('date') ?? today();
  const planId = params.get('plan') ?? undefined;
  const [vehicleId, setVehicleId] = useState<string>();
  const [picked, setPicked] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const keyFor = useMemo(() => idempotencyKeys(), []);
  const plans = useQuery(loadQueries.plans(date));
  const plan = useQuery(loadQueries.plan(planId));
  // A saved plan keeps its bundles; those due since (made later, sent back, removed) wait for another plan.
  const live = useQuery(loadQueries.live(date, plan.data?.vehicle.id));
  const unplanned = live.data
    ? live.data.trucks.reduce((sum, truck) => sum + truck.bays.flat().length, 0) + live.data.refused.length
    : 0;
  const choose = (next: { date?: string; plan?: string }) =>
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        if (next.date !== undefined) {
          merged.set('date', next.date);
          merged.delete('plan');
        }
        if (next.plan !== undefined) merged.set('plan', next.plan);
        return merged;
      },
      { replace: true },
    );
  const create = useMutation({
    ...loadMutations.create(keyFor),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: loadKeys.plans(date) });
      await queryClient.invalidateQueries({ queryKey: [PLANS_ROOT, 'live'] });
      queryClient.setQueryData(loadKeys.plan(saved.id), saved);
      choose({ plan: saved.id });
    },
  });
  // A move and a removal both answer the plan as it now is, or the reason they were refused.
  const changed = {
    onSuccess: (saved: SavedLoadPlan) => {
      setRefusal(undefined);
      setPicked(undefined);
      queryClient.setQueryData(loadKeys.plan(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: [PLANS_ROOT, 'live'] });
    },
    onError: (error: Error) => setRefusal(error instanceof ApiError ? error.message : String(error)),
  };
  const move = useMutation({ ...loadMutations.move(planId ?? '', keyFor), ...changed });
  const remove = useMutation({ ...loadMutations.remove(planId ?? '', keyFor), ...changed });
  // The bundles of trucks not yet gone: those still to be made, those superseded since planning, and those
  // whose task will no longer make them.
  const waiting = plan.data?.trucks.flatMap((truck) => (truck.deliveryNote ? [] : truck.bays.flat()));
  const toProduce = waiting?.filter((bundle) => bundle.fromTask !== null && bundle.willNotBeMade === null);
  const superseded = waiting?.filter((bundle) => bundle.superseded);
  const notMade = waiting?.filter((bundle) => bundle.willNotBeMade !== null);
  const removeAll = async (ids: readonly string[]) => {
    for (const bundleId of ids) await remove.mutateAsync({ bundleId }).catch(() => undefined);
  };
  const base = listPath.split('?')[0];

  return (
    <Card title={t('loads.title')}>
      <Flex vertical gap="middle">
        <Flex gap="small" wrap>
          <Input
            type="date"
            data-testid="loads-date"
            value={date}
            onChange={(event) => event.target.value && choose({ date: event.target.value })}
            style={{ width: 170 }}
          />
          <ReferenceSelect
            to="vehicle"
            data-testid="loads-vehicle"
            placeholder={t('loads.vehicle')}
            value={vehicleId}
            onChange={setVehicleId}
            style={{ minWidth: 160, flex: 1 }}
          />
          {buttons.has('add') && (
            <Button
              type="primary"
              data-testid="loads-plan"
              disabled={!vehicleId}
              loading={create.isPending}
              onClick={() => vehicleId && create.mutate({ date, vehicleId })}
            >
              {t('loads.plan')}
            </Button>
          )}
        </Flex>
        {plans.data && plans.data.length > 0 ? (
          <Segmented
            data-testid="loads-plans"
            value={planId}
            onChange={(value) => choose({ plan: String(value) })}
            options={plans.data.map((each) => ({
              value: each.id,
              label: `${each.code} · ${each.vehicleName} · ${t('loads.trucks', { count: each.trucks })}`,
            }))}
          />
        ) : (
          plans.isSuccess && <Empty description={t('loads.none')} />
        )}
        {plan.data && (
          <>
            <Typography.Text strong data-testid="loads-summary">
              {t('loads.summary', { trucks: plan.data.trucks.length, bound: plan.data.lowerBound })}
            </Typography.Text>
            {refusal && <Alert type="error" showIcon message={refusal} data-testid="loads-refusal" />}
            {unplanned > 0 && (
              <Alert
                type="info"
                showIcon
                data-testid="loads-unplanned"
                message={t('loads.unplanned', { count: unplanned })}
              />
            )}
            {toProduce && toProduce.length > 0 && (
              <Alert
                type="info"
                showIcon
                data-testid="loads-to-produce"
                message={t('loads.expected', {
                  count: toProduce.length,
                  tasks: [...new Set(toProduce.map((bundle) => bundle.fromTask))].join(', '),
                })}
              />
            )}
            <RemovableBundles
              testId="superseded"
              bundles={superseded}
              message={(found) =>
                t('loads.supersededAfter', {
                  count: found.length,
                  codes: found.map((bundle) => bundle.code).join(', '),
                })
              }
              onRemove={buttons.has('add') ? removeAll : undefined}
              removing={remove.isPending}
            />
            <RemovableBundles
              testId="not-made"
              bundles={notMade}
              message={(found) =>
                t('loads.notMade', {
                  count: found.length,
                  codes: found
                    .map(
                      (bundle) => `${bundle.code}: ${t(`loads.${bundle.willNotBeMade!}`, { task: bundle.fromTask })}`,
                    )
                    .join('; '),
                })
              }
              onRemove={buttons.has('add') ? removeAll : undefined}
              removing={remove.isPending}
            />
            {plan.data.trucks.length === 0 && <Empty description={t('loads.nothingDue')} />}
            <Flex vertical gap="small">
              {plan.data.trucks.map((truck) => (
                <TruckDrawing
                  key={truck.truck}
                  plan={plan.data}
                  truck={truck}
                  picked={picked}
                  onPick={setPicked}
                  onMove={
                    buttons.has('add') ? (bundleId, target) => move.mutate({ bundleId, truck: target }) : undefined
                  }
                  onRemove={buttons.has('add') ? (bundleId) => remove.mutate({ bundleId }) : undefined}
                  onLoad={
                    buttons.has('add') ? (n) => navigate(`${base}/children/${plan.data.id}?truck=${n}`) : undefined
                  }
                />
              ))}
            </Flex>
          </>
        )}
      </Flex>
    </Card>
  );
}

type PlannedBundle = SavedLoadPlan['trucks'][number]['bays'][number][number];

/** A warning naming bundles the plan should no longer carry, with one action taking them all off it. */
function RemovableBundles({
  testId,
  bundles,
  message,
  onRemove,
  removing,
}: {
  testId: string;
  bundles: PlannedBundle[] | undefined;
  message: (bundles: PlannedBundle[]) => string;
  onRemove?: (ids: readonly string[]) => Promise<void>;
  removing: boolean;
}) {
  const { t } = useTranslation('delivery');
  if (!bundles || bundles.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid={`loads-${testId}`}
      message={message(bundles)}
      action={
        onRemove && (
          <Button
            size="small"
            danger
            data-testid={`loads-remove-${testId}`}
            loading={removing}
            onClick={() => void onRemove(bundles.map((bundle) => bundle.id))}
          >
            {t('loads.removeSuperseded')}
          </Button>
        )
      }
    />
  );
}
