import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Table, Tag } from 'antd';
import { StopOutlined, SendOutlined } from '@ant-design/icons';
import { TASK_STATUS_LABELS, type Task, type TaskBulkAction, type TaskBulkResult } from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { idempotencyKeys } from '../../lib/idempotency-keys.ts';
import { useLocale } from '../../lib/i18n.ts';
import { shortOfMaterial } from './material-short.ts';
import { MaterialShortList } from './material-warning.tsx';
import { refreshProcessing, taskMutations } from './processing.queries.ts';
import { MoveTasksButton } from './replan-buttons.tsx';
import { useTaskButtons } from './task-permissions.ts';

type Outcome = TaskBulkResult['results'][number];

/** The tasks one action refused, each with the reason its single action would have given. */
function OutcomeDialog({ outcomes, onClose }: { outcomes: Outcome[]; onClose: () => void }) {
  const { t } = useTranslation('processing');
  const locale = useLocale();
  return (
    <Modal open title={t('bulk.outcomeTitle')} onCancel={onClose} onOk={onClose} cancelButtonProps={{ hidden: true }}>
      <Table<Outcome>
        data-testid="bulk-outcomes"
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={outcomes}
        onRow={(row) => ({ 'data-testid': `bulk-outcome-${row.code ?? row.id}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('task.code'), dataIndex: 'code', render: (code: string | null) => code ?? '—' },
          {
            title: t('bulk.outcome'),
            key: 'outcome',
            render: (_v, row) =>
              row.ok ? (
                <Tag color="success">{row.status ? TASK_STATUS_LABELS[row.status][locale] : t('bulk.ok')}</Tag>
              ) : (
                <Tag color="error">{row.error?.message}</Tag>
              ),
          },
        ]}
      />
    </Modal>
  );
}

/**
 * The shift lead's bulk actions on the selected tasks: dispatch them to their machines' queues, move
 * them to another machine of the line (a re-plan: its proposal shows where and when they would run,
 * then applies it), or cancel them — one request each, with an outcome per task: all done says so,
 * any refused shows why.
 * Dispatching tasks whose bars are missing asks first, listing them with what they miss.
 */
export function TaskBulkActions({ selected, onDone }: { selected: Task[]; onDone: () => void }) {
  const { t } = useTranslation('processing');
  const { notify, confirm } = useFeedback();
  const queryClient = useQueryClient();
  const buttons = useTaskButtons();
  const [keyFor] = useState(() => idempotencyKeys());
  const [outcomes, setOutcomes] = useState<Outcome[]>();
  const bulk = useMutation({ ...taskMutations.bulk(keyFor), onSettled: () => refreshProcessing(queryClient) });
  const ids = selected.map((task) => task.id);

  const run = (action: TaskBulkAction) =>
    bulk.mutateAsync({ action, ids }).then(
      ({ results }) => {
        const refused = results.filter((result) => !result.ok);
        if (refused.length) setOutcomes(results);
        else notify.success(t('bulk.done', { count: results.length }));
        onDone();
      },
      () => undefined,
    );

  const none = selected.length === 0;
  const count = selected.length;
  // Tasks whose bars are missing: dispatching them asks first (the product's `block` refuses them per task).
  const dispatch = () => {
    const short = shortOfMaterial(selected);
    if (!short.length) return void run('dispatch');
    void confirm({
      title: t('material.dispatchTitle', { count }),
      content: <MaterialShortList short={short} anyway={t('material.dispatchAnyway')} />,
      onOk: () => run('dispatch'),
    });
  };
  return (
    <>
      {buttons.has('dispatch') && (
        <Button
          data-testid="bulk-dispatch"
          icon={<SendOutlined />}
          disabled={none}
          loading={bulk.isPending && bulk.variables?.action === 'dispatch'}
          onClick={dispatch}
        >
          {t('bulk.dispatch', { count })}
        </Button>
      )}
      {/* Shown to whoever may re-plan (it checks itself). */}
      <MoveTasksButton taskIds={ids} label={t('bulk.reassign', { count })} onDone={onDone} />
      {buttons.has('cancel') && (
        <Button
          data-testid="bulk-cancel"
          danger
          icon={<StopOutlined />}
          disabled={none}
          loading={bulk.isPending && bulk.variables?.action === 'cancel'}
          onClick={() =>
            void confirm({
              title: t('bulk.cancelTitle', { count }),
              content: t('task.confirm.cancel'),
              danger: true,
              onOk: () => run('cancel'),
            })
          }
        >
          {t('bulk.cancel', { count })}
        </Button>
      )}
      {outcomes && <OutcomeDialog outcomes={outcomes} onClose={() => setOutcomes(undefined)} />}
    </>
  );
}
