import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';

/**
 * A red "superseded" tag beside a mark, a bundle or a task's output that a revision of its order's bar
 * list made invalid (`revision`: the revision that did, when known).
 */
export function SupersededTag({ revision, testId }: { revision?: number | null; testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <Tag color="error" data-testid={testId ?? 'superseded-tag'}>
      {revision ? t('superseded.byRevision', { revision }) : t('superseded.label')}
    </Tag>
  );
}
