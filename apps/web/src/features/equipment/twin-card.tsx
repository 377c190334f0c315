import { useTranslation } from 'react-i18next';
import { Alert, Card, Flex, Progress, Statistic, Tag, Typography, theme } from 'antd';
import { elapsedSinceMs, machineLabel, type TwinCard } from '@armature/domain';
import { Slot } from '../../components/feature-slots.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { formatNumber } from '../../lib/number-format.ts';
import { OperationStatusTag, useStateColours } from './equipment-tags.tsx';
import { ageOf, formatPercent } from './twin-format.ts';
import { TwinCardJobs } from './twin-job.tsx';

/** "Last seen" aged on the server's clock (`offsetMs` ahead of the browser's) at `now`. */
function LastSeen({ time, now, offsetMs }: { time: string | null; now: number; offsetMs: number }) {
  const { t } = useTranslation('equipment');
  const elapsed = elapsedSinceMs(time, now, offsetMs);
  if (elapsed === null) return <>{t('detail.neverSeen')}</>;
  const age = ageOf(elapsed);
  return <>{t(`age.${age.unit}`, { count: age.count })}</>;
}

/**
 * One machine on the board: its state colour along the top, name, serial number and model, its current
 * job and the queue behind it (a machine that takes jobs), else its task and progress when it has one,
 * its rate, today's A / P / Q / OEE, its active alarm and when it was last seen. The whole card opens
 * the machine's detail.
 */
export function TwinMachineCard(props: { card: TwinCard; now: number; offsetMs: number; onOpen: () => void }) {
  const { card, now, offsetMs, onOpen } = props;
  const { t } = useTranslation('equipment');
  const locale = useLocale();
  const { token } = theme.useToken();
  const colours = useStateColours();
  const figures = [
    { key: 'availability', value: card.today.availability },
    { key: 'performance', value: card.today.performance },
    { key: 'quality', value: card.today.quality },
    { key: 'oee', value: card.today.oee },
  ] as const;
  return (
    <Card
      data-testid={`twin-card-${card.serialNumber}`}
      data-state={card.operationStatus}
      size="small"
      hoverable
      role="link"
      tabIndex={0}
      aria-label={t('board.open', { name: card.name, serialNumber: card.serialNumber })}
      onClick={onOpen}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onOpen();
      }}
      style={{ borderTop: `4px solid ${colours[card.operationStatus]}`, height: '100%' }}
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 8 } }}
    >
      <Flex justify="space-between" align="start" gap={8}>
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong ellipsis style={{ display: 'block' }}>
            {card.name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {card.serialNumber} · {card.spec}
          </Typography.Text>
        </div>
        <Flex vertical align="end" gap={2}>
          <OperationStatusTag status={card.operationStatus} />
          {card.mode && card.mode !== 'processing' && <Tag>{t(`modes.${card.mode}`)}</Tag>}
        </Flex>
      </Flex>
      <TwinCardJobs card={card} />
      {/* A task the machine runs as a job is shown by its job; one run from the operator's screen, here. */}
      {card.task && card.job?.taskId !== card.task.id && (
        <div data-testid="twin-task">
          <Typography.Text style={{ fontSize: token.fontSizeSM }}>
            {t('board.task', { code: card.task.code, done: card.task.done, total: card.task.total })}
          </Typography.Text>
          <Progress
            size="small"
            percent={card.task.total > 0 ? Math.round((card.task.done / card.task.total) * 100) : 0}
          />
        </div>
      )}
      <Flex gap={16} wrap>
        <Statistic
          title={t('board.rate')}
          value={formatNumber(card.rate, locale, 0)}
          suffix={t('units.piecesPerHourShort')}
          styles={{ content: { fontSize: token.fontSizeLG } }}
        />
        {figures.map((figure) => (
          <Statistic
            key={figure.key}
            data-testid={`twin-${figure.key}`}
            title={t(`oee.${figure.key}Short`)}
            value={formatPercent(figure.value, locale)}
            styles={{ content: { fontSize: token.fontSizeLG } }}
          />
        ))}
      </Flex>
      {card.activeAlarm && (
        <Alert
          data-testid="twin-alarm"
          type={card.activeAlarm.severity === 'info' ? 'info' : 'error'}
          showIcon
          title={`${card.activeAlarm.code} · ${card.activeAlarm.text}`}
          style={{ padding: '4px 8px' }}
        />
      )}
      {/* A machine in fault: its waiting work can be proposed for other machines from here. */}
      {card.operationStatus === 'fault' && (
        <Slot
          name="machineReplan"
          props={{ equipmentId: card.equipmentId, machine: machineLabel(card), block: true }}
        />
      )}
      <Typography.Text type="secondary" data-testid="twin-last-seen" style={{ fontSize: token.fontSizeSM }}>
        {t('fields.lastSeen')}: <LastSeen time={card.lastSeen} now={now} offsetMs={offsetMs} />
      </Typography.Text>
    </Card>
  );
}
