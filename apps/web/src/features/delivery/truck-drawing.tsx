import { useTranslation } from 'react-i18next';
import { Button, Card, Flex, Progress, Select, Tag, Tooltip, Typography, theme } from 'antd';
import { MinusCircleOutlined, ScanOutlined } from '@ant-design/icons';
import type { SavedLoadPlan } from '@armature/domain';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg } from '../../lib/number-format.ts';

type Truck = SavedLoadPlan['trucks'][number];
type PlannedBundle = Truck['bays'][number][number];

/** A drop's colour: the route's stops told apart at a glance (1 unloads first). */
const dropColour = (drop: number) => `hsl(${(drop * 67) % 360} 55% 55%)`;

/**
 * One truck of a saved plan drawn from above: a row per bay, each bundle a block as long as its share of
 * the bed, coloured by drop; the weight against the payload, and how many bundles are scanned on.
 * A bundle superseded after planning, or whose task will no longer make it, is drawn striped in red; one
 * the schedule has still to produce is
 * drawn pale with a dashed edge. Clicking a bundle picks it; a picked one can
 * be moved to another truck or removed from the plan.
 */
export function TruckDrawing({
  plan,
  truck,
  picked,
  onPick,
  onMove,
  onRemove,
  onLoad,
}: {
  plan: SavedLoadPlan;
  truck: Truck;
  picked: string | undefined;
  onPick: (bundleId: string | undefined) => void;
  onMove?: (bundleId: string, truck: number) => void;
  onRemove?: (bundleId: string) => void;
  onLoad?: (truck: number) => void;
}) {
  const { t } = useTranslation('delivery');
  const locale = useLocale();
  const { token } = theme.useToken();
  const { bedLength, maxPayload } = plan.vehicle;
  const pickedHere = truck.bays.flat().find((bundle) => bundle.id === picked);
  const shipped = truck.deliveryNote !== null;
  const targets = [...plan.trucks.map((each) => each.truck), plan.trucks.length + 1].filter((n) => n !== truck.truck);
  return (
    <Card
      size="small"
      data-testid={`truck-${truck.truck}`}
      title={t('loads.truck', { truck: truck.truck })}
      extra={
        shipped ? (
          <Tag color="green">{truck.deliveryNote!.code}</Tag>
        ) : (
          onLoad && (
            <Button
              size="small"
              icon={<ScanOutlined />}
              data-testid={`load-truck-${truck.truck}`}
              onClick={() => onLoad(truck.truck)}
            >
              {t('loads.load')}
            </Button>
          )
        )
      }
    >
      <Flex vertical gap={4}>
        <Typography.Text data-testid={`truck-${truck.truck}-weight`}>
          {t('loads.weight', { weight: formatKg(truck.weight, locale), payload: formatKg(maxPayload, locale) })}
        </Typography.Text>
        <Progress percent={Math.round((truck.weight / maxPayload) * 100)} size="small" showInfo={false} />
        <Typography.Text type="secondary">
          {t('loads.loaded', { loaded: truck.loaded, planned: truck.planned })}
        </Typography.Text>
        <Flex vertical gap={2} style={{ borderLeft: `4px solid ${token.colorTextSecondary}`, paddingLeft: 2 }}>
          {truck.bays.map((bay, index) => (
            <Flex
              key={index}
              gap={1}
              style={{ height: 22, background: token.colorFillQuaternary, borderRadius: 2 }}
              data-testid={`truck-${truck.truck}-bay-${index + 1}`}
            >
              {bay.map((bundle: PlannedBundle) => (
                <Tooltip
                  key={bundle.id}
                  title={`${bundle.superseded ? `${t('loads.superseded')} · ` : ''}${bundle.fromTask ? `${t(bundle.willNotBeMade ? `loads.${bundle.willNotBeMade}` : 'loads.toProduce', { task: bundle.fromTask })} · ` : ''}${bundle.orderCode} ${bundle.mark} · ${bundle.code} · ${bundle.length} mm · ${formatKg(bundle.weight, locale)} kg · ${bundle.site ?? ''}`}
                >
                  <button
                    type="button"
                    data-testid={`bundle-${bundle.code}`}
                    data-superseded={bundle.superseded || undefined}
                    data-not-made={bundle.willNotBeMade ?? undefined}
                    data-to-produce={bundle.fromTask !== null || undefined}
                    onClick={() => onPick(picked === bundle.id ? undefined : bundle.id)}
                    style={{
                      width: `${(bundle.length / bedLength) * 100}%`,
                      minWidth: 6,
                      border:
                        picked === bundle.id
                          ? `2px solid ${token.colorPrimary}`
                          : bundle.fromTask
                            ? `1px dashed ${token.colorText}`
                            : 'none',
                      background:
                        bundle.superseded || bundle.willNotBeMade
                          ? `repeating-linear-gradient(45deg, ${token.colorError} 0 4px, ${dropColour(bundle.drop)} 4px 8px)`
                          : dropColour(bundle.drop),
                      opacity: bundle.loadedAt ? 0.45 : bundle.fromTask ? 0.7 : 1,
                      color: '#fff',
                      fontSize: 10,
                      overflow: 'hidden',
                      whiteSpace: 'nowrap',
                      padding: 0,
                      cursor: 'pointer',
                    }}
                  >
                    {bundle.mark}
                  </button>
                </Tooltip>
              ))}
            </Flex>
          ))}
        </Flex>
        {pickedHere && onMove && !shipped && (
          <Flex gap="small" align="center" wrap>
            {pickedHere.superseded && <Tag color="error">{t('loads.superseded')}</Tag>}
            {pickedHere.willNotBeMade && (
              <Tag color="error">{t(`loads.${pickedHere.willNotBeMade}`, { task: pickedHere.fromTask })}</Tag>
            )}
            <Typography.Text>{t('loads.moveTo', { code: pickedHere.code })}</Typography.Text>
            <Select<number>
              data-testid="move-target"
              style={{ minWidth: 120 }}
              placeholder={t('loads.pickTruck')}
              options={targets.map((n) => ({
                value: n,
                label: n > plan.trucks.length ? t('loads.newTruck') : t('loads.truck', { truck: n }),
              }))}
              onChange={(target) => onMove(pickedHere.id, target)}
            />
            {onRemove && (
              <Button
                danger
                icon={<MinusCircleOutlined />}
                data-testid="remove-from-plan"
                onClick={() => onRemove(pickedHere.id)}
              >
                {t('loads.remove')}
              </Button>
            )}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
