import { useTranslation } from 'react-i18next';
import { Drawer } from 'antd';
import { STOCK_KIND_LABELS, type StockKind } from '@armature/domain';
import { useLocale } from '../../lib/i18n.ts';
import { FORM_DRAWER_WIDTH } from './stock-format.ts';
import { StockMoveForm } from './stock-move-form.tsx';

/** The manual move form in a drawer, for the kinds whose page has no `stockLog/add` route (raw, waste). */
export function MoveDrawer({
  kind,
  open,
  onClose,
  onDone,
}: {
  kind: StockKind;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('stock');
  const locale = useLocale();
  return (
    <Drawer
      title={t('move.title', { kind: STOCK_KIND_LABELS[kind][locale] })}
      open={open}
      size={FORM_DRAWER_WIDTH}
      destroyOnHidden
      onClose={onClose}
    >
      <StockMoveForm kind={kind} onDone={onDone} onCancel={onClose} />
    </Drawer>
  );
}
