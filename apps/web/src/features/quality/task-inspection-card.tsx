import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, InputNumber, Typography } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import { QUALITY_PERMISSIONS, type CheckEntry, type DueInspection, type Task } from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { useHolds } from '../../components/page-access.ts';
import { CheckFields } from './quality-record-fields.tsx';
import { allEntered, checkInputOf, judgeLive, overallLive, productionCheckRow } from './quality-record-checks.ts';
import { recordMutations, recordQueries, refreshAfterTask } from './quality-record.queries.ts';

const BIG = { minHeight: 56, fontSize: 18 } as const;

/** A task whose sample is checked or that a failed check flagged: running, paused, or done. */
const CHECKED = new Set<Task['status']>(['running', 'paused', 'done']);

function PieceForm(props: { task: Task; due: DueInspection; pieceNo: number; onDone: () => void }) {
  const { t } = useTranslation('quality');
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const rows = props.due.characteristics.map(productionCheckRow);
  const [entries, setEntries] = useState<Record<string, CheckEntry>>({});
  const [scrap, setScrap] = useState(1);
  const live = overallLive(rows.map((row) => judgeLive(row, null, entries[row.id])));
  const record = useMutation({
    ...recordMutations.recordProduction(props.task.id),
    onSuccess: async (inspection) => {
      if (inspection.result === 'pass') notify.success(t('task.passed', { piece: props.pieceNo }));
      else notify.warning(t('task.failed', { piece: props.pieceNo, scrap: inspection.scrapPieces }));
      await refreshAfterTask(queryClient);
      props.onDone();
    },
  });
  const submit = () =>
    record.mutate({
      pieceNo: props.pieceNo,
      checks: rows.map((row) => checkInputOf(row, entries[row.id] ?? {})),
      ...(live === 'fail' ? { scrapPieces: scrap } : {}),
      remark: null,
    });
  return (
    <Flex vertical gap="middle" data-testid="piece-form">
      <CheckFields
        rows={rows}
        context={null}
        entries={entries}
        onChange={(id, entry) => setEntries((current) => ({ ...current, [id]: entry }))}
        large
      />
      {live === 'fail' && (
        <Flex vertical gap={4}>
          <Typography.Text strong>{t('task.scrap')}</Typography.Text>
          <InputNumber<number>
            data-testid="piece-scrap"
            size="large"
            inputMode="numeric"
            min={0}
            max={10_000}
            precision={0}
            value={scrap}
            onChange={(value) => setScrap(value ?? 0)}
            style={{ ...BIG, width: '100%' }}
          />
        </Flex>
      )}
      <Button
        data-testid="piece-submit"
        type="primary"
        size="large"
        block
        danger={live === 'fail'}
        disabled={!allEntered(rows, entries)}
        loading={record.isPending}
        style={BIG}
        onClick={submit}
      >
        {t('task.submit', { piece: props.pieceNo })}
      </Button>
    </Flex>
  );
}

/**
 * On the operator's phone, in a task's card: a red banner once a check of the task failed, and the
 * sample due now — "check piece N" opens a form built for the phone (large fields, numeric keyboard,
 * the outcome judged as it is typed, the pieces to scrap when it fails). The due pieces are read
 * again whenever the task's count moves.
 */
export default function TaskInspectionCard({ task }: { task: Task }) {
  const { t } = useTranslation('quality');
  const mayRecord = useHolds(QUALITY_PERMISSIONS.record);
  const [open, setOpen] = useState(false);
  const checked = CHECKED.has(task.status);
  const due = useQuery({
    ...recordQueries.due(task.id, task.done),
    enabled: mayRecord && checked,
  });
  const flagged = task.qualityFlag || due.data?.flagged === true;
  const pieceNo = due.data?.due[0];
  if (!flagged && (pieceNo === undefined || !due.data)) return null;
  return (
    <Flex vertical gap="small">
      {flagged && (
        <Alert
          data-testid="task-quality-flag"
          type="error"
          showIcon
          message={t('task.flagged')}
          description={t('task.flaggedExplain')}
        />
      )}
      {due.data && pieceNo !== undefined && (
        <Card
          data-testid="piece-due"
          size="small"
          styles={{ header: { background: 'var(--ant-color-warning-bg)' } }}
          title={
            <Flex gap="small" align="center">
              <ExperimentOutlined />
              <Typography.Text strong style={{ fontSize: 18 }}>
                {t('task.checkPiece', { piece: pieceNo })}
              </Typography.Text>
            </Flex>
          }
        >
          {open ? (
            <PieceForm key={pieceNo} task={task} due={due.data} pieceNo={pieceNo} onDone={() => setOpen(false)} />
          ) : (
            <Button
              data-testid="piece-open"
              type="primary"
              size="large"
              block
              style={BIG}
              icon={<ExperimentOutlined />}
              onClick={() => setOpen(true)}
            >
              {t('task.openCheck', { piece: pieceNo, due: due.data.due.length })}
            </Button>
          )}
        </Card>
      )}
    </Flex>
  );
}
