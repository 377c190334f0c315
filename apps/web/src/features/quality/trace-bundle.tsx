import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, Descriptions, Empty, Flex, Tag, Timeline } from 'antd';
import {
  CUT_PLAN_PERMISSIONS,
  DAILY_PLAN_PERMISSIONS,
  pageUrlOf,
  type BackwardTrace,
  machineLabel,
} from '@armature/domain';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { INSPECTION_DETAIL, TASK_DETAIL } from './inspection-links.tsx';
import { InspectionResultTag } from './quality-tags.tsx';
import { TracedReceipts, heatLink } from './trace-receipts.tsx';

const CUT_PLAN_DETAIL = `${pageUrlOf(CUT_PLAN_PERMISSIONS.read)}/detail`;
const DAILY_PLAN_DETAIL = `${pageUrlOf(DAILY_PLAN_PERMISSIONS.read)}/detail`;
const time = (value: string | null) => (value ? formatDateTime(value) : '—');

type TracedTask = BackwardTrace['tasks'][number];

function TaskCard({ task }: { task: TracedTask }) {
  const { t } = useTranslation('quality');
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2 }}
      title={<Link to={`${TASK_DETAIL}/${task.id}`}>{task.code}</Link>}
      items={[
        { key: 'kind', label: t('trace.fields.taskKind'), children: t(`trace.taskKind.${task.kind}`) },
        {
          key: 'machine',
          label: t('trace.fields.machine'),
          children: machineLabel(task.equipment),
        },
        { key: 'operators', label: t('trace.fields.operators'), children: task.operators.join(', ') || '—' },
        {
          key: 'time',
          label: `${t('trace.fields.startedAt')} – ${t('trace.fields.finishedAt')}`,
          children: `${time(task.startedAt)} – ${time(task.finishedAt)}`,
        },
        {
          key: 'cutPlan',
          label: t('trace.fields.cutPlan'),
          children: <Link to={`${CUT_PLAN_DETAIL}/${task.cutPlan.id}`}>{task.cutPlan.code}</Link>,
        },
        {
          key: 'dailyPlan',
          label: t('trace.fields.dailyPlan'),
          children: <Link to={`${DAILY_PLAN_DETAIL}/${task.dailyPlan.id}`}>{task.dailyPlan.code}</Link>,
        },
      ]}
    />
  );
}

/** From a bundle back to the steel: the bundle, the tasks that made it, their plans, the heats and receipts. */
export function BundleTrace({ trace }: { trace: BackwardTrace }) {
  const { t } = useTranslation('quality');
  const { bundle } = trace;
  return (
    // antd's Timeline does not pass data attributes on: the test id is on a wrapper.
    <div data-testid="bundle-trace">
      <Timeline
        items={[
          {
            content: (
              <Card size="small" title={t('trace.bundle')}>
                <Descriptions
                  size="small"
                  column={{ xs: 1, md: 2, xl: 3 }}
                  items={[
                    { key: 'mark', label: t('trace.fields.mark'), children: bundle.mark },
                    { key: 'spec', label: t('trace.fields.spec'), children: bundle.rebarName },
                    { key: 'length', label: t('trace.fields.length'), children: bundle.length },
                    { key: 'pieces', label: t('trace.fields.pieces'), children: bundle.pieces },
                    { key: 'order', label: t('trace.fields.order'), children: bundle.orderCode },
                    { key: 'project', label: t('trace.fields.project'), children: bundle.project ?? '—' },
                    {
                      key: 'status',
                      label: t('trace.fields.status'),
                      children: t(`status.${bundle.status}`, { ns: 'scan', defaultValue: bundle.status }),
                    },
                  ]}
                />
              </Card>
            ),
          },
          {
            content: (
              <Card size="small" title={t('trace.tasks')}>
                <Flex vertical gap="middle">
                  {trace.tasks.map((task) => (
                    <TaskCard key={task.id} task={task} />
                  ))}
                  {trace.productionInspections.length > 0 && (
                    <Descriptions
                      size="small"
                      column={1}
                      items={[
                        {
                          key: 'inspections',
                          label: t('trace.productionInspections'),
                          children: (
                            <Flex gap="small" wrap>
                              {trace.productionInspections.map((inspection) => (
                                <span key={inspection.id}>
                                  <Link to={`${INSPECTION_DETAIL}/${inspection.id}`}>{inspection.code}</Link>{' '}
                                  <InspectionResultTag result={inspection.result} />
                                </span>
                              ))}
                            </Flex>
                          ),
                        },
                      ]}
                    />
                  )}
                </Flex>
              </Card>
            ),
          },
          {
            content: (
              <Card size="small" title={t('trace.heats')}>
                {trace.heatNos.length === 0 ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trace.none')} />
                ) : (
                  <Flex gap="small" wrap>
                    {trace.heatNos.map((heatNo) => (
                      <Tag key={heatNo}>
                        <Link data-testid={`heat-${heatNo}`} to={heatLink(heatNo)}>
                          {heatNo}
                        </Link>
                      </Tag>
                    ))}
                  </Flex>
                )}
              </Card>
            ),
          },
          {
            content: (
              <Card size="small" title={t('trace.receipts')}>
                <TracedReceipts receipts={trace.receipts} />
              </Card>
            ),
          },
        ]}
      />
    </div>
  );
}
