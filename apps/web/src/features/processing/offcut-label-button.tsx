import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import { TagOutlined } from '@ant-design/icons';
import type { TaskDetail } from '@armature/domain';
import { api } from '../../lib/api-client.ts';
import { openInNewTab } from '../../lib/browser-files.ts';

/**
 * The labels of the offcut lots a task kept (QR and lot code, spec, length, heats), as a PDF in a new
 * tab: shown once the task put offcuts into stock. The caller checks the print permission.
 */
export function OffcutLabelButton({ task, large }: { task: Pick<TaskDetail, 'id' | 'stockMoves'>; large?: boolean }) {
  const { t } = useTranslation();
  const labels = useMutation({
    mutationFn: () => openInNewTab(() => api.download(`task/${task.id}/offcut-labels`, {})),
  });
  const keptOffcuts = task.stockMoves.some((move) => move.kind === 'tail' && move.direction === 'in');
  if (!keptOffcuts) return null;
  return (
    <Button
      data-testid="print-offcut-labels"
      icon={<TagOutlined />}
      size={large ? 'large' : 'middle'}
      block={large}
      style={large ? { minHeight: 56 } : undefined}
      loading={labels.isPending}
      onClick={() => labels.mutate()}
    >
      {t('tagPrint.offcutLabels')}
    </Button>
  );
}
