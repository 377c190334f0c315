import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, InputNumber, Typography } from 'antd';
import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import type { Task } from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { idempotencyKeys } from '../../lib/idempotency-keys.ts';
import { refreshProcessing, taskMutations } from './processing.queries.ts';

const BIG = { size: 'large', style: { minWidth: 56, minHeight: 56 } } as const;

/**
 * Reporting progress: one more bar or piece in one tap, or the count done so far (bars cut or pieces
 * bent — cumulative, never below the last report) and the pieces scrapped so far, with large − and + for gloved hands. Each distinct
 * report has its own idempotency key, so a repeated tap applies once.
 */
export function ReportStepper({ task }: { task: Task }) {
  const { t } = useTranslation('processing');
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const [keyFor] = useState(() => idempotencyKeys());
  const [done, setDone] = useState(task.done);
  const [scrap, setScrap] = useState(task.scrap);
  const report = useMutation({ ...taskMutations.report(keyFor), onSettled: () => refreshProcessing(queryClient) });
  const clampDone = (value: number) => Math.min(task.repetitions, Math.max(task.done, value));
  const changed = done !== task.done || scrap !== task.scrap;
  const send = (next: number) =>
    report.mutate(
      { id: task.id, done: next, scrap },
      { onSuccess: () => notify.success(t('operator.reported', { code: task.code, done: next })) },
    );
  return (
    <Flex vertical gap="small" data-testid="report-stepper">
      {task.done < task.repetitions && (
        // The usual report at the machine: one more bar or piece, in one tap.
        <Button
          data-testid="report-one"
          type="primary"
          size="large"
          block
          style={{ minHeight: 64, fontSize: 18 }}
          icon={<PlusOutlined />}
          loading={report.isPending && report.variables?.done === task.done + 1}
          disabled={report.isPending}
          onClick={() => send(task.done + 1)}
        >
          {t(task.kind === 'cut' ? 'operator.reportOne' : 'operator.reportOnePiece', {
            done: task.done + 1,
            total: task.repetitions,
          })}
        </Button>
      )}
      <Typography.Text strong>{t(task.kind === 'cut' ? 'operator.doneBars' : 'operator.donePieces')}</Typography.Text>
      <Flex gap="small" align="center">
        <Button
          {...BIG}
          data-testid="report-minus"
          aria-label="−"
          icon={<MinusOutlined />}
          onClick={() => setDone(clampDone(done - 1))}
        />
        <InputNumber
          data-testid="report-done"
          size="large"
          min={task.done}
          max={task.repetitions}
          precision={0}
          inputMode="numeric"
          value={done}
          onChange={(value) => setDone(clampDone(value ?? task.done))}
          style={{ flex: 1, fontSize: 20 }}
          suffix={`/ ${task.repetitions}`}
        />
        <Button
          {...BIG}
          data-testid="report-plus"
          aria-label="+"
          icon={<PlusOutlined />}
          onClick={() => setDone(clampDone(done + 1))}
        />
      </Flex>
      <Flex gap="small" align="center">
        <Typography.Text>{t('operator.scrap')}</Typography.Text>
        <InputNumber
          data-testid="report-scrap"
          size="large"
          min={task.scrap}
          max={task.piecesTotal}
          precision={0}
          inputMode="numeric"
          value={scrap}
          onChange={(value) => setScrap(Math.max(task.scrap, value ?? task.scrap))}
          style={{ flex: 1 }}
        />
      </Flex>
      <Button
        data-testid="report-submit"
        size="large"
        block
        style={{ minHeight: 56 }}
        disabled={!changed}
        loading={report.isPending}
        onClick={() => send(done)}
      >
        {t('operator.report')}
      </Button>
    </Flex>
  );
}
