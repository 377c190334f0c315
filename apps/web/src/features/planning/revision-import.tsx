import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, List, Modal, Typography } from 'antd';
import { DiffOutlined } from '@ant-design/icons';
import type {
  DemandImportPreview,
  DemandOrderDetail,
  DemandRevisionInput,
  DemandRevisionPreview,
  ImportProblem,
} from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { idempotencyKeys } from '../../lib/idempotency-keys.ts';
import { formatKg } from '../../lib/number-format.ts';
import { IMPORT_ACCEPT } from './import-handoff.ts';
import { planningMutations, refreshOrders } from './planning.queries.ts';
import { RevisionChanges, RevisionCounts } from './revision-changes.tsx';
import { hasChanges } from './revision-format.ts';
import { revisionMutations } from './revision.queries.ts';

const DIALOG_WIDTH = 'min(1080px, calc(100vw - 32px))';

/** Orders a revised list can be imported onto: a draft is edited instead, a closed one is history. */
export const REVISABLE_STATUSES: ReadonlySet<string> = new Set(['confirmed', 'planned', 'producing']);

type Read =
  | { fileName: string; problems: ImportProblem[] }
  | { fileName: string; body: DemandRevisionInput; diff: DemandRevisionPreview };

/** The revised list's lines as a revision takes them, once the file has no error left. */
function revisionBody(fileName: string, preview: DemandImportPreview): DemandRevisionInput {
  // With no error every line has its spec: the server refuses a line without one anyway.
  return { fileName, lines: preview.lines.map((line) => ({ ...line, rebarId: line.rebarId! })) };
}

/** What applying the revision costs: kg before → after, kg out of plans and superseded, bundles, tasks. */
function RevisionCost({ diff }: { diff: DemandRevisionPreview }) {
  const { t } = useTranslation('planning');
  const locale = useLocale();
  const { cost } = diff;
  const kg = (value: number) => formatKg(value, locale);
  return (
    <Descriptions
      data-testid="revision-cost"
      bordered
      size="small"
      column={{ xs: 1, md: 2 }}
      title={t('revision.cost.title')}
      items={[
        {
          key: 'weight',
          label: t('revision.cost.weight'),
          children: `${kg(cost.weightBefore)} → ${kg(cost.weightAfter)}`,
        },
        { key: 'replanned', label: t('revision.cost.replanned'), children: kg(cost.replannedWeight) },
        { key: 'superseded', label: t('revision.cost.superseded'), children: kg(cost.supersededWeight) },
        {
          key: 'bundles',
          label: t('revision.cost.bundles'),
          children: t('revision.cost.bundlesValue', { count: cost.bundles, weight: kg(cost.bundleWeight) }),
        },
        {
          key: 'tasks',
          label: t('revision.cost.tasks'),
          children: (
            <span data-testid="revision-cost-tasks">
              {cost.tasksCancelled.length
                ? cost.tasksCancelled.map((task) => task.code).join(', ')
                : t('revision.cost.none')}
            </span>
          ),
        },
      ]}
    />
  );
}

/**
 * "Import revision" on a confirmed, planned or producing order: a BVBS file (its `i` field the drawing's
 * revision index) or a sheet goes through the import preview; a file with errors shows them and stops;
 * otherwise the mark-by-mark diff against the order, with what each change does by state and what it
 * costs, and Apply makes it the order's next revision.
 */
export function RevisionImport({ order }: { order: DemandOrderDetail }) {
  const { t } = useTranslation('planning');
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [read, setRead] = useState<Read>();
  const [keyFor] = useState(() => idempotencyKeys());
  const diff = useMutation({
    ...revisionMutations.preview(order.id),
    onSuccess: (result, body) => setRead({ fileName: body.fileName ?? '', body, diff: result }),
  });
  const parse = useMutation({
    ...planningMutations.preview(),
    onSuccess: (preview, file) => {
      const problems = preview.problems.filter((problem) => problem.severity === 'error');
      if (problems.length || preview.lines.length === 0) setRead({ fileName: file.name, problems });
      else diff.mutate(revisionBody(file.name, preview));
    },
  });
  const apply = useMutation({
    ...revisionMutations.apply(order.id, keyFor),
    onSuccess: async (revision) => {
      notify.success(t('revision.applied', { revision: revision.revision, code: order.code }));
      setRead(undefined);
      await refreshOrders(queryClient);
    },
  });
  const close = () => setRead(undefined);
  const reading = parse.isPending || diff.isPending;

  return (
    <>
      <Button
        data-testid="revision-import"
        icon={<DiffOutlined />}
        loading={reading}
        onClick={() => fileInput.current?.click()}
      >
        {t('revision.import')}
      </Button>
      <input
        ref={fileInput}
        data-testid="revision-file"
        type="file"
        accept={IMPORT_ACCEPT}
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) parse.mutate(file);
          event.target.value = '';
        }}
      />
      {read && 'problems' in read && (
        <Modal
          open
          width={DIALOG_WIDTH}
          title={t('revision.problemsTitle', { file: read.fileName })}
          onCancel={close}
          footer={<Button onClick={close}>{t('revision.close')}</Button>}
        >
          <List
            data-testid="revision-problems"
            size="small"
            dataSource={read.problems}
            locale={{ emptyText: t('revision.noLines') }}
            renderItem={(problem) => (
              <List.Item>
                <Typography.Text type="danger">
                  {t('revision.problemLine', { line: problem.lineNo })} {problem.message}
                </Typography.Text>
              </List.Item>
            )}
          />
        </Modal>
      )}
      {read && 'diff' in read && (
        <Modal
          open
          width={DIALOG_WIDTH}
          title={t('revision.title', { revision: read.diff.revision, code: order.code })}
          onCancel={close}
          footer={
            <Flex gap="small" justify="end" wrap>
              <Button onClick={close}>{t('revision.close')}</Button>
              <Button
                data-testid="revision-apply"
                type="primary"
                loading={apply.isPending}
                disabled={!hasChanges(read.diff.counts)}
                onClick={() => apply.mutate(read.body)}
              >
                {t('revision.apply', { revision: read.diff.revision })}
              </Button>
            </Flex>
          }
        >
          <Flex vertical gap="middle" data-testid="revision-preview">
            <Typography.Text type="secondary">
              {t('revision.source', { file: read.fileName, index: read.diff.drawingIndex ?? '—' })}
            </Typography.Text>
            <RevisionCounts counts={read.diff.counts} />
            {!hasChanges(read.diff.counts) && <Alert type="info" showIcon title={t('revision.nothing')} />}
            <RevisionCost diff={read.diff} />
            <RevisionChanges changes={read.diff.changes} testId="revision-diff" />
          </Flex>
        </Modal>
      )}
    </>
  );
}
