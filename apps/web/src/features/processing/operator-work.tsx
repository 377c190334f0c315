import { useTranslation } from 'react-i18next';
import { Alert, Descriptions, Flex, List, Tag, Typography } from 'antd';
import { BAR_SOURCE_LABELS, bendingSteps, type BarPlace, type Task } from '@armature/domain';
import { useLocale } from '../../lib/i18n.ts';
import { SupersededTag } from '../../components/superseded-tag.tsx';
import { formatNumber } from '../../lib/number-format.ts';
import { TaskDrawing } from './task-panels.tsx';

/** Where the bars a cut takes lie: each rack or bin (or not put away), with its lot, heat and bars. */
function BarPlaces({ places }: { places: readonly BarPlace[] }) {
  const { t } = useTranslation('processing');
  if (!places.length) return <Typography.Text type="secondary">{t('operatorWork.noPlace')}</Typography.Text>;
  return (
    <Flex vertical gap={2}>
      {places.map((place) => (
        <span key={`${place.locationCode}-${place.lotCode}-${place.heatNo}`} data-testid="operator-place">
          <Typography.Text strong>{place.locationCode ?? t('operatorWork.notPutAway')}</Typography.Text>
          {place.locationName && place.locationName !== place.locationCode && ` ${place.locationName}`}
          {[place.lotCode, place.heatNo, t('operatorWork.placeBars', { count: place.bars })]
            .filter(Boolean)
            .map((part) => ` · ${part}`)}
        </span>
      ))}
    </Flex>
  );
}

/**
 * What a cut task asks of the operator, in the order they need it: which bar to take (its length, new
 * stock or an offcut, its heat) and where it lies, the cutting diagram, the pieces each bar gives with their marks, how
 * many bars, and what becomes of the rest of each bar (kept as an offcut, or scrap).
 */
function CutSheet({ task }: { task: Task }) {
  const { t } = useTranslation('processing');
  const locale = useLocale();
  const mm = (value: number) => `${formatNumber(value, locale, 0)} mm`;
  const pattern = task.pattern!;
  const markOf = new Map(task.outputs.map((output) => [output.orderLineId, output.mark]));
  return (
    <Flex vertical gap="small" data-testid="operator-cut-sheet">
      {task.material && !task.material.ok && (
        // Bars not there (not received, on hold, taken): the operator learns it here, not from a refused report.
        <Alert
          type="error"
          showIcon
          data-testid="operator-material-missing"
          title={t('operatorWork.materialMissing')}
          description={task.material.missing.map((missing) => (
            <div key={`${missing.stock}-${missing.length}`}>
              {t('operatorWork.materialLine', {
                stock: missing.stock,
                length: mm(missing.length),
                needed: missing.needed,
                available: missing.available,
                held: missing.held,
              })}
            </div>
          ))}
        />
      )}
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          {
            key: 'source',
            label: t('operatorWork.source'),
            children: (
              <span data-testid="operator-source">
                <Tag>{BAR_SOURCE_LABELS[pattern.source][locale]}</Tag>
                {`${task.grade} Φ${task.diameter} · ${mm(pattern.stockLength)}`}
                {pattern.heatNo && ` · ${t('diagram.heatNo', { heatNo: pattern.heatNo })}`}
              </span>
            ),
          },
          ...(task.places
            ? [{ key: 'place', label: t('operatorWork.place'), children: <BarPlaces places={task.places} /> }]
            : []),
          {
            key: 'bars',
            label: t('operatorWork.bars'),
            children: (
              <Typography.Text strong data-testid="operator-bars">
                {t('operatorWork.barsValue', { count: task.repetitions, done: task.done })}
              </Typography.Text>
            ),
          },
          {
            key: 'remainder',
            label: t('operatorWork.remainder'),
            children: (
              <Typography.Text
                data-testid="operator-remainder"
                type={pattern.offcutKind === 'waste' ? 'secondary' : undefined}
              >
                {pattern.offcut <= 0
                  ? t('operatorWork.noRemainder')
                  : t(pattern.offcutKind === 'tail' ? 'operatorWork.keepOffcut' : 'operatorWork.scrapRest', {
                      length: mm(pattern.offcut),
                    })}
              </Typography.Text>
            ),
          },
        ]}
      />
      <TaskDrawing task={task} />
      <List
        size="small"
        bordered
        header={<Typography.Text strong>{t('operatorWork.piecesPerBar')}</Typography.Text>}
        dataSource={pattern.cuts}
        renderItem={(cut) => (
          <List.Item data-testid="operator-cut">
            <Typography.Text strong>{markOf.get(cut.orderLineId) ?? '—'}</Typography.Text>
            <Typography.Text>{`${mm(cut.length)} × ${cut.count}`}</Typography.Text>
          </List.Item>
        )}
      />
    </Flex>
  );
}

/** A bend task: each shape drawn with its dimensions, and its bends in order (where on the bar, how far). */
function BendSheet({ task }: { task: Task }) {
  const { t } = useTranslation('processing');
  const locale = useLocale();
  return (
    <Flex vertical gap="small" data-testid="operator-bend-sheet">
      <TaskDrawing task={task} />
      {task.outputs.map((output) => (
        <List
          key={output.orderLineId}
          size="small"
          bordered
          header={
            <Flex gap={4} wrap align="center">
              <Typography.Text strong>{t('operatorWork.sequence', { mark: output.mark })}</Typography.Text>
              {output.supersededRevision !== null && <SupersededTag revision={output.supersededRevision} />}
            </Flex>
          }
          dataSource={bendingSteps(output.geometry)}
          locale={{ emptyText: t('operatorWork.straight') }}
          renderItem={(step) => (
            <List.Item data-testid="operator-bend-step">
              <Typography.Text strong>{step.step}</Typography.Text>
              <Typography.Text>
                {t(`operatorWork.bend.${step.direction}`, {
                  at: formatNumber(step.at, locale, 0),
                  angle: formatNumber(step.angle, locale, 1),
                })}
              </Typography.Text>
            </List.Item>
          )}
        />
      ))}
    </Flex>
  );
}

/** The work of a task on the operator's phone: what to cut, or what to bend and how. */
export function OperatorWork({ task }: { task: Task }) {
  return task.kind === 'cut' && task.pattern ? <CutSheet task={task} /> : <BendSheet task={task} />;
}
