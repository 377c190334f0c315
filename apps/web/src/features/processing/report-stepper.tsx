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
 * Reporting progress: the count done so far (bars cut or pieces bent — cumulative, never below the
 * last report) and the pieces scrapped so far, with large − and + for gloved hands. Each distinct
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
  return (
    <Flex vertical gap="small" data-testid="report-stepper">
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
        type="primary"
        size="large"
        block
        style={{ minHeight: 56 }}
        disabled={!changed}
        loading={report.isPending}
        onClick={() =>
          report.mutate(
            { id: task.id, done, scrap },
            { onSuccess: () => notify.success(t('operator.reported', { code: task.code, done })) },
          )
        }
      >
        {t('operator.report')}
      </Button>
    </Flex>
  );
}
