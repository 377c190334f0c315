import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Card, Collapse, Empty, Flex, Typography } from 'antd';
import { revisionCounts } from '@armature/domain';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { RevisionChanges, RevisionCounts } from './revision-changes.tsx';
import { revisionQueries } from './revision.queries.ts';

/** The order's revisions, newest first: number, drawing index, file, who and when; each opens its diff. */
export function RevisionHistory({ orderId }: { orderId: string }) {
  const { t } = useTranslation('planning');
  const revisions = useQuery(revisionQueries.revisions(orderId));
  const items = [...(revisions.data ?? [])].reverse();
  return (
    <Card size="small" title={t('revision.history')} data-testid="revision-history" loading={revisions.isLoading}>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('revision.noRevisions')} />
      ) : (
        <Collapse
          size="small"
          items={items.map((revision) => ({
            key: revision.id,
            label: (
              <Flex vertical gap={2} data-testid={`revision-R${revision.revision}`}>
                <Typography.Text strong>
                  {t('revision.entry', { revision: revision.revision, index: revision.drawingIndex ?? '—' })}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {[revision.fileName, formatDateTime(revision.time), revision.userName].filter(Boolean).join(' · ')}
                </Typography.Text>
                <RevisionCounts counts={revisionCounts(revision.changes)} />
              </Flex>
            ),
            children: <RevisionChanges changes={revision.changes} testId={`revision-changes-R${revision.revision}`} />,
          }))}
        />
      )}
    </Card>
  );
}
