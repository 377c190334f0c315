import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import type { TaskDetail } from '@armature/domain';
import { taskMutations } from './processing.queries.ts';
import { useTaskButtons } from './task-permissions.ts';

/**
 * Printing the tags of a task's bundles (a label per page, or several per A4), for those whose task
 * page grants `print`: on the task's page, and on the operator's phone right after completing it.
 */
export function PrintTagButtons({ task, large }: { task: Pick<TaskDetail, 'id' | 'bundles'>; large?: boolean }) {
  const { t } = useTranslation('processing');
  const buttons = useTaskButtons();
  const tags = useMutation(taskMutations.tags());
  if (!buttons.has('print') || task.bundles.length === 0) return null;
  return (
    <Flex gap="small" wrap vertical={large}>
      {(['label', 'a4'] as const).map((layout) => (
        <Button
          key={layout}
          data-testid={`print-tags-${layout}`}
          icon={<PrinterOutlined />}
          size={large ? 'large' : 'middle'}
          block={large}
          style={large ? { minHeight: 56 } : undefined}
          loading={tags.isPending && tags.variables?.layout === layout}
          onClick={() => tags.mutate({ id: task.id, layout })}
        >
          {t(`bundles.print.${layout}`)}
        </Button>
      ))}
    </Flex>
  );
}
