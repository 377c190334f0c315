import { Alert, Badge, Card, Empty, Flex, Result, Skeleton, Typography, theme } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MY_TASK_PARAMS, TASK_PERMISSIONS, pageUrlOf, type MyTask } from '@armature/domain';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { useHolds } from '../../components/page-access.ts';
import { useLocale } from '../../lib/i18n.ts';
import { operatorMachineQuery } from '../../lib/operator-machine.ts';
import { subjectUrl } from '../../lib/subject-url.ts';
import { formatTaskParam, groupTasks, type TaskGroup } from './workbench-format.ts';
import { workbenchQueries } from './workbench.queries.ts';

function TaskLine({ task }: { task: MyTask }) {
  const { t } = useTranslation('workbench');
  const locale = useLocale();
  const values = MY_TASK_PARAMS[task.kind]
    .filter((name) => task.params[name] !== undefined)
    .map((name) => `${t(`tasks.params.${name}`)}: ${formatTaskParam(name, task.params[name] ?? null, locale)}`);
  return (
    <Flex
      justify="space-between"
      align="baseline"
      wrap
      gap="small"
      data-testid={`my-task-${task.kind}`}
      data-id={task.id}
    >
      <Flex vertical style={{ minWidth: 0 }}>
        <Link to={subjectUrl(task.subject)} data-testid="my-task-link">
          {task.label}
        </Link>
        {values.length > 0 && <Typography.Text type="secondary">{values.join(' · ')}</Typography.Text>}
      </Flex>
      <Typography.Text type="secondary">{t('tasks.since', { time: formatDateTime(task.since) })}</Typography.Text>
    </Flex>
  );
}

function TaskGroupCard({ group }: { group: TaskGroup }) {
  const { t } = useTranslation('workbench');
  const { token } = theme.useToken();
  return (
    <Card
      size="small"
      data-testid={`my-tasks-${group.kind}`}
      title={
        <Flex gap="small" align="center">
          {t(`tasks.kinds.${group.kind}`)}
          {/* Nothing waiting reads quieter than work to do. */}
          <Badge
            count={group.count}
            showZero
            color={group.count > 0 ? undefined : token.colorTextQuaternary}
            data-testid="my-tasks-count"
          />
        </Flex>
      }
    >
      {group.items.length === 0 ? (
        <Typography.Text type="secondary">{t('tasks.empty')}</Typography.Text>
      ) : (
        <Flex vertical gap="small">
          {group.items.map((task) => (
            <TaskLine key={task.id} task={task} />
          ))}
        </Flex>
      )}
    </Card>
  );
}

/**
 * What waits for me: the kinds of work the user may do, each with its count and its items,
 * every item linking to where it is done. An operator's queue is their machine's, the one chosen on the
 * operator page and kept on the server; until they choose one, the page points them there.
 */
export function MyTasksView() {
  const { t } = useTranslation('workbench');
  const operator = useHolds(TASK_PERMISSIONS.operator);
  // The server keeps the machine chosen on the operator page; it lists that machine's queue itself.
  const machine = useQuery({ ...operatorMachineQuery(), enabled: operator });
  const machineId = machine.data?.equipmentId ?? undefined;
  const tasks = useQuery(workbenchQueries.myTasks());
  if (tasks.isPending) return <Skeleton active data-testid="my-tasks-loading" />;
  if (!tasks.data) return <Result status="warning" title={t('tasks.failed')} />;
  const groups = groupTasks(tasks.data);
  return (
    <Flex vertical gap="middle" data-testid="my-tasks">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('tasks.title')}
      </Typography.Title>
      {operator && !machineId && (
        <Alert
          type="info"
          showIcon
          data-testid="my-tasks-no-machine"
          title={t('tasks.noMachine')}
          action={<Link to={pageUrlOf(TASK_PERMISSIONS.operator)}>{t('tasks.chooseMachine')}</Link>}
        />
      )}
      {groups.length === 0 ? (
        <Empty description={t('tasks.empty')} />
      ) : (
        groups.map((group) => <TaskGroupCard key={group.kind} group={group} />)
      )}
    </Flex>
  );
}
