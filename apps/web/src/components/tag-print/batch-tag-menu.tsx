import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Dropdown, Tooltip, type MenuProps } from 'antd';
import { DownOutlined, TagsOutlined } from '@ant-design/icons';
import { DELIVERY_PERMISSIONS, ZPL_DPIS, type TagSelection } from '@armature/domain';
import { useFeedback } from '../feedback.tsx';
import { useHolds } from '../page-access.ts';
import { PRINTER_KEY, labelPrintersQuery, tagPrintMutations } from './tag-print.ts';

/**
 * One menu for all tags of a selection (an order, a schedule, a machine, a shift, a delivery note), for
 * whoever may print the line's tags: one PDF (a label per page, or four per A4), a ZPL file at 203 or
 * 300 dpi, or the ZPL sent to one of the line's label printers (this device's last one first). Disabled
 * with `reason` as its tooltip while there is no selection.
 */
export function BatchTagMenu({
  selection,
  label,
  reason,
  testId = 'batch-tags',
}: {
  selection: TagSelection | null;
  label?: string;
  reason?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { notify } = useFeedback();
  const may = useHolds(DELIVERY_PERMISSIONS.print);
  const printers = useQuery({ ...labelPrintersQuery(), enabled: may });
  const pdf = useMutation(tagPrintMutations.pdf());
  const zpl = useMutation(tagPrintMutations.zpl());
  const print = useMutation(tagPrintMutations.print());
  const [lastPrinter, setLastPrinter] = useState(() => localStorage.getItem(PRINTER_KEY));
  if (!may) return null;

  const last = (printers.data ?? []).filter((printer) => printer.id === lastPrinter);
  const choices = [...last, ...(printers.data ?? []).filter((printer) => printer.id !== lastPrinter)];
  const item = (key: string, text: string) => ({ key, label: <span data-testid={`${testId}-${key}`}>{text}</span> });
  const items: MenuProps['items'] = [
    item('label', t('tagPrint.label')),
    item('a4', t('tagPrint.a4')),
    ...ZPL_DPIS.map((dpi) => item(`zpl-${dpi}`, t('tagPrint.zpl', { dpi }))),
    ...(choices.length ? [{ type: 'divider' as const }] : []),
    ...choices.map((printer) => item(`send-${printer.id}`, t('tagPrint.sendTo', { printer: printer.name }))),
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (!selection) return;
    const target = { selection };
    if (key === 'label' || key === 'a4') return pdf.mutate({ target, layout: key });
    const dpi = ZPL_DPIS.find((each) => key === `zpl-${each}`);
    if (dpi) return zpl.mutate({ target, dpi });
    const printerId = key.slice('send-'.length);
    setLastPrinter(printerId);
    localStorage.setItem(PRINTER_KEY, printerId);
    print.mutate(
      { target, printerId },
      { onSuccess: (sent) => notify.success(t('tagPrint.sent', { count: sent.labels, printer: sent.printer })) },
    );
  };

  const button = (
    <Button
      data-testid={testId}
      icon={<TagsOutlined />}
      disabled={!selection}
      loading={pdf.isPending || zpl.isPending || print.isPending}
    >
      {label ?? t('tagPrint.menu')} <DownOutlined />
    </Button>
  );
  if (!selection)
    return (
      // A disabled button takes no pointer events: the wrapper shows why.
      <Tooltip title={reason}>
        <span>{button}</span>
      </Tooltip>
    );
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']}>
      {button}
    </Dropdown>
  );
}
