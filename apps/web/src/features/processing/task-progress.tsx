import { useTranslation } from 'react-i18next';
import { Flex, Progress, Typography } from 'antd';
import type { Task } from '@armature/domain';
import { percentDone } from './task-list.view.tsx';

/**
 * A task's progress: repetitions reported done (the stock follows these), pieces, scrap, and what the
 * machine's counters say while it runs (a second bar, which moves on its own between reports).
 */
export function TaskProgress({ task }: { task: Task }) {
  const { t } = useTranslation('processing');
  const telemetry =
    task.piecesTotal > 0 ? Math.min(100, Math.round((task.telemetryPieces / task.piecesTotal) * 100)) : 0;
  return (
    <Flex vertical gap={4} data-testid="task-progress">
      <Typography.Text>
        {t('progress.done', { done: task.done, total: task.repetitions })}
        {' · '}
        {t('progress.pieces', { done: task.piecesDone, total: task.piecesTotal })}
        {task.scrap > 0 && ` · ${t('progress.scrap', { count: task.scrap })}`}
      </Typography.Text>
      <Progress
        data-testid="task-progress-done"
        percent={percentDone(task)}
        status={task.status === 'failed' ? 'exception' : undefined}
      />
      {task.telemetryPieces > 0 && (
        <>
          <Typography.Text type="secondary">{t('progress.telemetry', { count: task.telemetryPieces })}</Typography.Text>
          <Progress
            data-testid="task-progress-telemetry"
            percent={telemetry}
            strokeColor={undefined}
            status="active"
            showInfo={false}
            size="small"
          />
        </>
      )}
    </Flex>
  );
}
