import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import {
  REVISION_CHANGE_KIND_LABELS,
  REVISION_FIELD_LABELS,
  REVISION_OUTCOME_LABELS,
  type DemandRevisionChange,
  type RevisionChangeKind,
} from '@armature/domain';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg, wholeNumbers } from '../../lib/number-format.ts';
import { planningQueries } from './planning.queries.ts';
import { KIND_COLORS, OUTCOME_COLORS, markSummary } from './revision-format.ts';

/** The count of each kind of change, as coloured tags. */
export function RevisionCounts({ counts }: { counts: Readonly<Record<RevisionChangeKind, number>> }) {
  const locale = useLocale();
  return (
    <Flex gap={4} wrap data-testid="revision-counts">
      {(Object.keys(REVISION_CHANGE_KIND_LABELS) as RevisionChangeKind[]).map((kind) => (
        <Tag key={kind} color={KIND_COLORS[kind]} data-testid={`revision-count-${kind}`}>
          {REVISION_CHANGE_KIND_LABELS[kind][locale]} {counts[kind]}
        </Tag>
      ))}
    </Flex>
  );
}

/**
 * A revision's diff, mark by mark: the kind of change and the fields it touches, the mark before and
 * after, how far its work had gone and what the revision does to it, and its kg before → after.
 */
export function RevisionChanges({ changes, testId }: { changes: readonly DemandRevisionChange[]; testId: string }) {
  const { t } = useTranslation('planning');
  const locale = useLocale();
  const whole = wholeNumbers(locale);
  const specs = useQuery(planningQueries.rebarSpecs());
  const names = new Map((specs.data ?? []).map((spec) => [spec.id, spec.name]));
  const specName = (id: string) => names.get(id) ?? '…';
  const kg = (value: number | null | undefined) =>
    value === null || value === undefined ? '—' : formatKg(value, locale);

  const columns: TableColumnsType<DemandRevisionChange> = [
    { title: t('fields.mark'), dataIndex: 'mark', fixed: 'start' },
    {
      title: t('revision.columns.change'),
      key: 'kind',
      render: (_value, change) => (
        <Flex vertical gap={2} align="start">
          <Tag color={KIND_COLORS[change.kind]}>{REVISION_CHANGE_KIND_LABELS[change.kind][locale]}</Tag>
          {change.fields.length > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {change.fields.map((field) => REVISION_FIELD_LABELS[field][locale]).join(', ')}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('revision.columns.before'),
      key: 'before',
      render: (_value, change) => markSummary(change.before, specName, whole),
    },
    {
      title: t('revision.columns.after'),
      key: 'after',
      render: (_value, change) => markSummary(change.after, specName, whole),
    },
    {
      title: t('revision.columns.state'),
      key: 'state',
      render: (_value, change) => (change.state ? t(`revision.states.${change.state}`) : '—'),
    },
    {
      title: t('revision.columns.outcome'),
      key: 'outcome',
      render: (_value, change) => (
        <Tag color={OUTCOME_COLORS[change.outcome]} data-testid={`outcome-${change.mark}`}>
          {REVISION_OUTCOME_LABELS[change.outcome][locale]}
        </Tag>
      ),
    },
    {
      title: t('revision.columns.weight'),
      key: 'weight',
      align: 'end',
      render: (_value, change) => `${kg(change.weightBefore)} → ${kg(change.weightAfter)}`,
    },
  ];
  return (
    <Table<DemandRevisionChange>
      data-testid={testId}
      size="small"
      rowKey="key"
      columns={columns}
      // A mark may be written twice: the list's position tells its changes apart.
      dataSource={changes.map((change, index) => ({ ...change, key: String(index) }))}
      scroll={{ x: 'max-content' }}
      pagination={changes.length > 50 ? { pageSize: 50, showSizeChanger: false, size: 'small' } : false}
      onRow={(change) => ({ 'data-testid': `change-${change.mark}`, 'data-kind': change.kind }) as object}
    />
  );
}
