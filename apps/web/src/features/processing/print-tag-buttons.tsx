import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Flex, Select, Typography } from 'antd';
import { PrinterOutlined, SendOutlined } from '@ant-design/icons';
import { ZPL_DPIS, type TaskDetail } from '@armature/domain';
import { PRINTER_KEY, labelPrintersQuery, tagPrintMutations } from '../../components/tag-print/tag-print.ts';
import { useTaskButtons } from './task-permissions.ts';
import { OffcutLabelButton } from './offcut-label-button.tsx';

/**
 * Printing the tags of a task's bundles, for those whose task page grants `print`: on the task's page,
 * and on the operator's phone right after completing it. A PDF (a label per page, or several per A4),
 * a ZPL file for a thermal printer (203 or 300 dpi), or the ZPL sent to one of the line's label
 * printers, the one this device used last chosen first.
 */
export function PrintTagButtons({
  task,
  large,
}: {
  task: Pick<TaskDetail, 'id' | 'bundles' | 'stockMoves'>;
  large?: boolean;
}) {
  const { t } = useTranslation();
  const buttons = useTaskButtons();
  const tags = useMutation(tagPrintMutations.pdf());
  const zpl = useMutation(tagPrintMutations.zpl());
  const print = useMutation(tagPrintMutations.print());
  const printers = useQuery({ ...labelPrintersQuery(), enabled: buttons.has('print') });
  const [printerId, setPrinterId] = useState(() => localStorage.getItem(PRINTER_KEY) ?? undefined);
  if (!buttons.has('print')) return null;
  // A task without bundles may still have kept offcuts, whose lots get labels of their own.
  if (task.bundles.length === 0) return <OffcutLabelButton task={task} large={large} />;
  const choices = printers.data ?? [];
  const chosen = choices.find((printer) => printer.id === printerId)?.id ?? choices[0]?.id;
  const target = { taskId: task.id };
  const size = large ? 'large' : 'middle';
  const style = large ? { minHeight: 56 } : undefined;
  return (
    <Flex gap="small" wrap vertical={large}>
      {(['label', 'a4'] as const).map((layout) => (
        <Button
          key={layout}
          data-testid={`print-tags-${layout}`}
          icon={<PrinterOutlined />}
          size={size}
          block={large}
          style={style}
          loading={tags.isPending && tags.variables?.layout === layout}
          onClick={() => tags.mutate({ target, layout })}
        >
          {t(`tagPrint.${layout}`)}
        </Button>
      ))}
      <OffcutLabelButton task={task} large={large} />
      {ZPL_DPIS.map((dpi) => (
        <Button
          key={dpi}
          data-testid={`print-tags-zpl-${dpi}`}
          size={size}
          block={large}
          style={style}
          loading={zpl.isPending && zpl.variables?.dpi === dpi}
          onClick={() => zpl.mutate({ target, dpi })}
        >
          {t('tagPrint.zpl', { dpi })}
        </Button>
      ))}
      {chosen && (
        <Flex gap="small" wrap={!large} vertical={large}>
          <Select
            data-testid="print-tags-printer"
            size={size}
            value={chosen}
            style={{ minWidth: 180 }}
            options={choices.map((printer) => ({ value: printer.id, label: printer.name }))}
            onChange={(id: string) => {
              setPrinterId(id);
              localStorage.setItem(PRINTER_KEY, id);
            }}
          />
          <Button
            data-testid="print-tags-send"
            type="primary"
            icon={<SendOutlined />}
            size={size}
            block={large}
            style={style}
            loading={print.isPending}
            onClick={() => print.mutate({ target, printerId: chosen })}
          >
            {t('tagPrint.send')}
          </Button>
        </Flex>
      )}
      {print.isSuccess && (
        <Typography.Text type="success" data-testid="print-tags-sent">
          {t('tagPrint.sent', { count: print.data.labels, printer: print.data.printer })}
        </Typography.Text>
      )}
    </Flex>
  );
}
