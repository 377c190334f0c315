import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Progress } from 'antd';
import dayjs from 'dayjs';
import { SCHEDULE_JOB_KINDS, TASK_STATUSES, TASK_STATUS_LABELS, type Task, machineLabel } from '@armature/domain';
import { ChoiceFilter, FILTER_WIDTH, TextFilter } from '../../components/list-filters.tsx';
import type { ListColumn } from '../../components/resource/export-columns.ts';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { BatchTagMenu } from '../../components/tag-print/batch-tag-menu.tsx';
import { plannedDuration } from './task-time.ts';
import { ListPage } from '../../components/resource/list-page.tsx';
import { useRecordActions } from '../../components/resource/record-actions.tsx';
import { usePagedList } from '../../components/resource/use-paged-list.ts';
import { useLocale } from '../../lib/i18n.ts';
import { processingLists, processingQueries, taskMachine } from './processing.queries.ts';
import { TaskStatusTag } from './processing-tags.tsx';
import { TaskBulkActions } from './task-bulk-actions.tsx';
import { ReplanAroundButton } from './replan-buttons.tsx';
import { tagsOfTaskFilter } from './task-list-tags.ts';
import { TaskMaterialTag } from './task-material-tag.tsx';
import { documentField, fieldColumn } from '../../components/resource/field-set.tsx';

/** The share of a task done, 0…100. */
export const percentDone = (task: Pick<Task, 'done' | 'repetitions'>) =>
  task.repetitions > 0 ? Math.min(100, Math.round((task.done / task.repetitions) * 100)) : 0;

/**
 * Machine tasks (`/intelligentProcess/taskCenter/task`): by machine and shift — filtered by machine,
 * plant day, shift, status, kind and keyword — with their progress, exported as .xlsx; the shift lead
 * selects rows to dispatch, re-assign or cancel them at once. Filtered by a machine, or by a day and a
 * shift, one menu prints all the tags of that machine or shift.
 */
export default function TaskListView() {
  const { t } = useTranslation('processing');
  const locale = useLocale();
  const list = usePagedList<Task>(processingLists.tasks, { defaultSort: 'plannedStart asc' });
  // A task has no delete route: it ends done, failed or cancelled.
  const actions = useRecordActions<Task>(undefined, (task) => task.code);
  const machines = useQuery(processingQueries.machines());
  const bulk = (['dispatch', 'replan', 'cancel'] as const).some((button) => actions.buttons.has(button));
  const machineNames = new Map((machines.data ?? []).map((machine) => [machine.id, machineLabel(machine)]));
  const tags = tagsOfTaskFilter(list.filters);

  const columns: ListColumn<Task>[] = [
    fieldColumn('code', documentField.code<Task>(t('task.code')), list.sortable),
    // A machine's name is the plant's free text: cut short (whole on hover), so that the status stays in view at
    // 1280 px whatever the machines are called.
    {
      title: t('task.machine'),
      dataIndex: 'equipmentName',
      ellipsis: true,
      ...list.sortable('equipmentName'),
      render: (_v, task) => taskMachine(task),
      exportValue: taskMachine,
    },
    {
      title: t('task.kind'),
      dataIndex: 'kind',
      render: (kind: Task['kind']) => t(`kinds.${kind}`),
      exportValue: (task) => t(`kinds.${task.kind}`),
    },
    { title: t('task.label'), dataIndex: 'label', ellipsis: true },
    {
      title: t('task.spec'),
      key: 'spec',
      render: (_v, task) => `${task.grade} Φ${task.diameter}`,
      exportValue: (task) => `${task.grade} Φ${task.diameter}`,
    },
    {
      title: t('task.progress'),
      key: 'progress',
      render: (_v, task) => (
        <Progress percent={percentDone(task)} size="small" format={() => `${task.done}/${task.repetitions}`} />
      ),
      exportValue: (task) => `${task.done}/${task.repetitions}`,
    },
    {
      title: t('task.pieces'),
      key: 'pieces',
      align: 'end',
      // Secondary beside the bars' progress: below 1600 px the selection column leaves no room for it.
      responsive: ['xxl'],
      render: (_v, task) => `${task.piecesDone}/${task.piecesTotal}`,
    },
    {
      title: t('task.plannedStart'),
      dataIndex: 'plannedStart',
      ...list.sortable('plannedStart'),
      render: formatDateTime,
      exportValue: (task) => formatDateTime(task.plannedStart),
    },
    {
      title: t('task.duration'),
      key: 'duration',
      align: 'end',
      render: (_v, task) => plannedDuration(task, t),
      exportValue: (task) => plannedDuration(task, t),
    },
    {
      title: t('task.status'),
      dataIndex: 'status',
      ...list.sortable('status'),
      render: (_v, task) => (
        <>
          <TaskStatusTag status={task.status} testId={`task-status-${task.code}`} />
          <TaskMaterialTag material={task.material} testId={`task-material-${task.code}`} />
        </>
      ),
      exportValue: (task) => TASK_STATUS_LABELS[task.status][locale],
    },
    { title: t('task.dailyPlan'), dataIndex: 'dailyPlanCode' },
    actions.column((task) => [actions.view(task)]),
  ];

  return (
    <ListPage<Task>
      title={t('task.listTitle')}
      list={list}
      columns={columns}
      searchPlaceholder={t('task.searchIn')}
      filters={
        <>
          {machines.data && (
            <ChoiceFilter
              list={list}
              name="equipmentId"
              placeholder={t('task.machine')}
              values={[...machineNames.keys()]}
              labelOf={(id) => machineNames.get(id) ?? id}
            />
          )}
          <DatePicker
            data-testid="filter-day"
            placeholder={t('task.day')}
            style={{ width: FILTER_WIDTH }}
            value={list.filters.day ? dayjs(list.filters.day) : null}
            onChange={(value) => list.setFilter('day', value ? value.format('YYYY-MM-DD') : undefined)}
          />
          <TextFilter list={list} name="shift" placeholder={t('task.shift')} />
          <ChoiceFilter
            list={list}
            name="status"
            placeholder={t('task.status')}
            values={TASK_STATUSES}
            labelOf={(value) => TASK_STATUS_LABELS[value][locale]}
          />
          <ChoiceFilter
            list={list}
            name="kind"
            placeholder={t('task.kind')}
            values={SCHEDULE_JOB_KINDS}
            labelOf={(value) => t(`kinds.${value}`)}
          />
        </>
      }
      canExport={actions.buttons.has('export')}
      selectable={bulk}
      tools={
        <>
          {bulk && <TaskBulkActions selected={list.selectedRows} onDone={list.clearSelection} />}
          <ReplanAroundButton />
          <BatchTagMenu
            selection={tags?.selection ?? null}
            label={tags ? t(`tags.${tags.kind}`) : undefined}
            reason={t('tags.choose')}
            testId="task-list-tags"
          />
        </>
      }
      onRow={actions.rowProps}
    />
  );
}
