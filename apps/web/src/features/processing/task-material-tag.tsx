import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Tag, Tooltip } from 'antd';
import type { TaskMaterial } from '@armature/domain';

/** The bars a task lacks, one per line: `HRB400E Φ12 12000 mm: 0 of 3 there (2 on hold)`. */
export function missingMaterialLines(material: TaskMaterial, t: TFunction<'processing'>): string[] {
  return material.missing.map((row) =>
    t('material.missingLine', {
      stock: row.stock,
      length: row.length,
      available: row.available,
      needed: row.needed,
      held: row.held,
      context: row.held ? 'held' : undefined,
    }),
  );
}

/**
 * A task's material at a glance, in red when bars it still needs are missing (what is missing in the
 * tooltip and the accessible name): on the task list, the board and the operator's card alike.
 * Nothing for a task with its material there, a bend task or an ended one.
 */
export function TaskMaterialTag({ material, testId }: { material: TaskMaterial | null; testId?: string }) {
  const { t } = useTranslation('processing');
  if (!material || material.ok) return null;
  const lines = missingMaterialLines(material, t);
  return (
    <Tooltip
      title={lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    >
      <Tag color="error" data-testid={testId} aria-label={`${t('material.missing')}: ${lines.join('; ')}`}>
        {t('material.missing')}
      </Tag>
    </Tooltip>
  );
}
