import { cloneElement, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Dropdown, type MenuProps } from 'antd';
import { DownOutlined, TagOutlined } from '@ant-design/icons';
import { ZPL_DPIS, type TaskDetail } from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { PRINTER_KEY, labelPrintersQuery, tagPrintMutations } from '../../components/tag-print/tag-print.ts';

/**
 * The labels of the offcut lots a task kept (QR and lot code, spec, length, heats), printed the ways
 * bundle tags are: the button opens the PDF in a new tab; its menu has the ZPL file at 203 or 300 dpi
 * and the ZPL sent to one of the line's label printers (this device's last one first). Shown once the
 * task put offcuts into stock; the caller checks the print permission.
 */
export function OffcutLabelButton({ task, large }: { task: Pick<TaskDetail, 'id' | 'stockMoves'>; large?: boolean }) {
  const { t } = useTranslation();
  const { notify } = useFeedback();
  const pdf = useMutation(tagPrintMutations.pdf());
  const zpl = useMutation(tagPrintMutations.zpl());
  const print = useMutation(tagPrintMutations.print());
  const keptOffcuts = task.stockMoves.some((move) => move.kind === 'tail' && move.direction === 'in');
  const printers = useQuery({ ...labelPrintersQuery(), enabled: keptOffcuts });
  const [lastPrinter, setLastPrinter] = useState(() => localStorage.getItem(PRINTER_KEY));
  if (!keptOffcuts) return null;

  const target = { offcutsOf: task.id };
  const all = printers.data ?? [];
  const choices = [
    ...all.filter((printer) => printer.id === lastPrinter),
    ...all.filter((printer) => printer.id !== lastPrinter),
  ];
  const item = (key: string, text: string) => ({
    key,
    label: <span data-testid={`offcut-labels-${key}`}>{text}</span>,
  });
  const items: MenuProps['items'] = [
    ...ZPL_DPIS.map((dpi) => item(`zpl-${dpi}`, t('tagPrint.zpl', { dpi }))),
    ...choices.map((printer) => item(`send-${printer.id}`, t('tagPrint.sendTo', { printer: printer.name }))),
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    const dpi = ZPL_DPIS.find((each) => key === `zpl-${each}`);
    if (dpi) return zpl.mutate({ target, dpi });
    const printerId = key.slice('send-'.length);
    setLastPrinter(printerId);
    localStorage.setItem(PRINTER_KEY, printerId);
    print.mutate(
      { target, printerId },
      {
        onSuccess: (sent) => notify.success(t('tagPrint.offcutSent', { count: sent.labels, printer: sent.printer })),
      },
    );
  };
  return (
    <Dropdown.Button
      data-testid="print-offcut-labels-menu"
      size={large ? 'large' : 'middle'}
      style={large ? { minHeight: 56 } : undefined}
      loading={pdf.isPending || zpl.isPending || print.isPending}
      icon={<DownOutlined />}
      menu={{ items, onClick }}
      buttonsRender={([main, more]) => [
        cloneElement(main as ReactElement<Record<string, unknown>>, { 'data-testid': 'print-offcut-labels' }),
        more,
      ]}
      onClick={() => pdf.mutate({ target, layout: 'label' })}
    >
      <TagOutlined /> {t('tagPrint.offcutLabels')}
    </Dropdown.Button>
  );
}
